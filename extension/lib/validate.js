// @ts-check
// A validator for the JSON Schema subset that schemars writes for the export document
// (schema/json/export-document.schema.json, copied to extension/schema/). Imported files are
// checked against the schema generated from the Rust types, not against a hand-written mirror.
//
// The schema is compiled once into closures. A keyword this validator does not implement is an
// error when the schema is loaded: a schema that grows a new constraint must not be silently
// half-checked. Annotations (description, default, format, …) do not constrain and are skipped.

import { EXPORT_VERSION } from './constants.js';

/** How many errors a validation reports: enough to see a pattern, short enough to read. */
export const MAX_ERRORS = 10;

/** Keywords that only annotate: they never make a value invalid. */
const ANNOTATIONS = new Set([
  '$schema', '$comment', '$id', 'title', 'description', 'default', 'examples', 'format',
  'deprecated', 'readOnly', 'writeOnly',
]);

/** Keywords the validator enforces. */
const ASSERTIONS = new Set([
  'type', 'properties', 'required', 'additionalProperties', '$ref', '$defs', 'oneOf', 'anyOf',
  'enum', 'const', 'items', 'prefixItems', 'minItems', 'maxItems', 'minimum', 'maximum',
]);

const TYPES = new Set(['null', 'boolean', 'integer', 'number', 'string', 'array', 'object']);

/**
 * @typedef {{ errors: string[], max: number, path: (string | number)[] }} Run
 * @typedef {(value: unknown, run: Run) => boolean} Check true when the value is valid
 * @typedef {{
 *   check: Check,
 *   types: Set<string> | null,
 *   values: unknown[] | null,
 *   discriminator: { key: string, branches: Map<unknown, Node> } | null,
 * }} Node what is known about one compiled (sub)schema
 */

/**
 * Compiles a schema. Throws when it uses a keyword (or a `$ref` form) this validator does not
 * implement, naming where.
 * @param {any} schema the parsed JSON Schema document
 * @returns {{ validate: (value: unknown, max?: number) => string[] }}
 */
export function compileSchema(schema) {
  /** @type {Map<string, Node>} */
  const defs = new Map();
  /** @type {Map<string, any>} */
  const defSources = new Map(Object.entries(schema?.$defs ?? {}));

  /**
   * @param {string} ref
   * @param {string} at
   * @returns {Node}
   */
  const resolve = (ref, at) => {
    const match = /^#\/\$defs\/([^/]+)$/.exec(ref);
    const name = match ? match[1].replaceAll('~1', '/').replaceAll('~0', '~') : null;
    if (!name || !defSources.has(name)) {
      throw new Error(`schema: unsupported or unknown $ref "${ref}" at ${at} (only "#/$defs/<name>" of this schema is supported)`);
    }
    let node = defs.get(name);
    if (!node) {
      // Registered before it is compiled, so a recursive definition refers to this node instead
      // of compiling itself forever; `$ref` checks read `check` when they run, once it is filled.
      node = { check: () => true, types: null, values: null, discriminator: null };
      defs.set(name, node);
      Object.assign(node, compile(defSources.get(name), `#/$defs/${name}`));
    }
    return node;
  };

  /**
   * @param {any} s
   * @param {string} at where `s` is in the schema, for load-time errors
   * @returns {Node}
   */
  const compile = (s, at) => {
    if (s === true) return { check: () => true, types: null, values: null, discriminator: null };
    if (s === false) return { check: (_, run) => fail(run, 'no value is allowed here'), types: new Set(), values: [], discriminator: null };
    if (!s || typeof s !== 'object' || Array.isArray(s)) throw new Error(`schema: expected a schema object at ${at}`);
    for (const key of Object.keys(s)) {
      if (!ASSERTIONS.has(key) && !ANNOTATIONS.has(key)) {
        throw new Error(`schema: unsupported keyword "${key}" at ${at}; extension/lib/validate.js would ignore it, so it refuses the schema instead`);
      }
    }
    /** @type {Check[]} */
    const checks = [];
    /** @type {Set<string> | null} */
    let types = null;
    /** @type {unknown[] | null} */
    let values = null;
    /** @type {Node['discriminator']} */
    let discriminator = null;

    if ('$ref' in s) {
      const target = resolve(s.$ref, at);
      checks.push((v, r) => target.check(v, r));
      // The target may still be a placeholder (recursion): read what it knows when checking.
      types = target.types;
      values = target.values;
      discriminator = target.discriminator;
    }
    if ('type' in s) {
      const list = Array.isArray(s.type) ? s.type : [s.type];
      for (const t of list) if (!TYPES.has(t)) throw new Error(`schema: unknown type "${t}" at ${at}`);
      types = new Set(list);
      const allowed = /** @type {Set<string>} */ (types);
      const words = typeWords(list);
      checks.push((v, r) => hasType(v, allowed) || fail(r, `must be ${words} (got ${typeName(v)})`));
    }
    if ('const' in s) {
      const expected = s.const;
      values = [expected];
      checks.push((v, r) => sameValue(v, expected) || fail(r, `must be ${show(expected)} (got ${show(v)})`));
    }
    if ('enum' in s) {
      const list = /** @type {unknown[]} */ (s.enum);
      values = list;
      checks.push((v, r) => list.some((e) => sameValue(v, e)) || fail(r, `must be one of ${list.map(plain).join(', ')} (got ${show(v)})`));
    }
    if ('minimum' in s || 'maximum' in s) {
      const { minimum, maximum } = s;
      checks.push((v, r) => {
        if (typeof v !== 'number') return true;
        if (minimum !== undefined && v < minimum) return fail(r, `must be at least ${minimum} (got ${v})`);
        if (maximum !== undefined && v > maximum) return fail(r, `must be at most ${maximum} (got ${v})`);
        return true;
      });
    }
    if ('properties' in s || 'required' in s || 'additionalProperties' in s) {
      const props = Object.entries(s.properties ?? {}).map(([name, sub]) => /** @type {[string, Node]} */ ([name, compile(sub, `${at}/properties/${name}`)]));
      const required = /** @type {string[]} */ (s.required ?? []);
      // Properties not named in `properties` (a map's entries, such as status classes) are
      // checked against `additionalProperties`; without it they are allowed as they are.
      const named = new Set(props.map(([name]) => name));
      const extra = 'additionalProperties' in s ? compile(s.additionalProperties, `${at}/additionalProperties`) : null;
      checks.push((v, r) => {
        if (!isObject(v)) return true;
        const o = /** @type {Record<string, unknown>} */ (v);
        let ok = true;
        for (const name of required) {
          if (!Object.hasOwn(o, name)) {
            r.path.push(name);
            ok = fail(r, 'is required but missing');
            r.path.pop();
            if (full(r)) return false;
          }
        }
        for (const [name, node] of props) {
          if (!Object.hasOwn(o, name)) continue;
          r.path.push(name);
          const valid = node.check(o[name], r);
          r.path.pop();
          ok = valid && ok;
          if (full(r)) return false;
        }
        if (extra) {
          for (const name of Object.keys(o)) {
            if (named.has(name)) continue;
            r.path.push(name);
            const valid = extra.check(o[name], r);
            r.path.pop();
            ok = valid && ok;
            if (full(r)) return false;
          }
        }
        return ok;
      });
      discriminator = discriminatorOf(props, required);
    }
    if ('prefixItems' in s || 'items' in s || 'minItems' in s || 'maxItems' in s) {
      const prefix = /** @type {any[]} */ (s.prefixItems ?? []).map((sub, i) => compile(sub, `${at}/prefixItems/${i}`));
      const rest = 'items' in s ? compile(s.items, `${at}/items`) : null;
      const { minItems, maxItems } = s;
      checks.push((v, r) => {
        if (!Array.isArray(v)) return true;
        if (minItems !== undefined && maxItems !== undefined && minItems === maxItems && v.length !== minItems) {
          return fail(r, `must have exactly ${minItems} items (has ${v.length})`);
        }
        if (minItems !== undefined && v.length < minItems) return fail(r, `must have at least ${minItems} items (has ${v.length})`);
        if (maxItems !== undefined && v.length > maxItems) return fail(r, `must have at most ${maxItems} items (has ${v.length})`);
        let ok = true;
        for (let i = 0; i < v.length; i += 1) {
          const node = i < prefix.length ? prefix[i] : rest;
          if (!node) continue;
          r.path.push(i);
          const valid = node.check(v[i], r);
          r.path.pop();
          ok = valid && ok;
          if (full(r)) return false;
        }
        return ok;
      });
    }
    for (const keyword of /** @type {const} */ (['oneOf', 'anyOf'])) {
      if (!(keyword in s)) continue;
      const branches = /** @type {any[]} */ (s[keyword]).map((sub, i) => compile(sub, `${at}/${keyword}/${i}`));
      const combined = alternatives(branches, keyword === 'oneOf');
      checks.push(combined.check);
      types = intersect(types, combined.types);
      values = values ?? combined.values;
      discriminator = discriminator ?? combined.discriminator;
    }

    const check = checks.length === 1 ? checks[0] : (/** @type {unknown} */ v, /** @type {Run} */ r) => {
      for (const c of checks) {
        // The first failing keyword says what is wrong; the rest would repeat it in other words.
        if (!c(v, r)) return false;
      }
      return true;
    };
    return { check: checks.length === 0 ? () => true : check, types, values, discriminator };
  };

  // Every definition is compiled now, used or not: an unsupported keyword anywhere is found at
  // load time, not when some file happens to reach it.
  for (const name of defSources.keys()) resolve(`#/$defs/${name}`, '#/$defs');
  const root = compile(schema, '#');

  return {
    validate(value, max = MAX_ERRORS) {
      /** @type {Run} */
      const run = { errors: [], max, path: [] };
      root.check(value, run);
      return run.errors;
    },
  };
}

/**
 * Why an export document cannot be read, before and beyond its schema: a document of another
 * version is refused by its version alone (its shape may differ anywhere).
 * @param {unknown} doc
 * @param {{ validate: (value: unknown, max?: number) => string[] }} validator
 * @returns {string[]} empty when the document is valid
 */
export function exportDocumentErrors(doc, validator) {
  if (!isObject(doc)) return [`not an export document: the file holds ${article(typeName(doc))}, not a JSON object`];
  const version = /** @type {any} */ (doc).version;
  if (typeof version === 'number' && version !== EXPORT_VERSION) {
    return [`version ${version} is not supported (this extension reads version ${EXPORT_VERSION})`];
  }
  return validator.validate(doc);
}

/**
 * `oneOf` (exactly one branch) or `anyOf` (at least one). When none matches, the error is the
 * most specific one available: every allowed value for enumerations, the branch chosen by a
 * discriminating `const` property (`kind`), or the only branch of the value's type.
 * @param {Node[]} branches
 * @param {boolean} exactlyOne
 * @returns {Node}
 */
function alternatives(branches, exactlyOne) {
  const values = branches.every((b) => b.values) ? branches.flatMap((b) => /** @type {unknown[]} */ (b.values)) : null;
  const types = branches.every((b) => b.types)
    ? new Set(branches.flatMap((b) => [.../** @type {Set<string>} */ (b.types)])) : null;
  // Object branches told apart by the same constant property (StopReason's `kind`).
  const objects = branches.filter((b) => b.types?.has('object'));
  let discriminator = null;
  const key = objects[0]?.discriminator?.key;
  if (objects.length > 1 && key && objects.every((b) => b.discriminator?.key === key)) {
    const map = new Map();
    for (const b of objects) for (const [value] of /** @type {any} */ (b.discriminator).branches) map.set(value, b);
    discriminator = { key, branches: map };
  }
  const words = types ? typeWords([...types]) : null;

  /** @type {Check} */
  const check = (v, r) => {
    let matched = 0;
    for (const b of branches) {
      if (b.types && !hasType(v, b.types)) continue;
      if (b.check(v, quiet())) {
        matched += 1;
        if (!exactlyOne || matched > 1) break;
      }
    }
    if (matched === 1 || (matched > 1 && !exactlyOne)) return true;
    if (matched > 1) return fail(r, 'matches more than one of the allowed alternatives');
    if (values) return fail(r, `must be one of ${values.map(plain).join(', ')} (got ${show(v)})`);
    if (discriminator && isObject(v)) {
      const tag = /** @type {any} */ (v)[discriminator.key];
      const chosen = discriminator.branches.get(tag);
      if (chosen) return chosen.check(v, r);
      r.path.push(discriminator.key);
      const ok = fail(r, tag === undefined
        ? 'is required but missing'
        : `must be one of ${[...discriminator.branches.keys()].map(plain).join(', ')} (got ${show(tag)})`);
      r.path.pop();
      return ok;
    }
    const candidates = branches.filter((b) => !b.types || hasType(v, b.types));
    if (candidates.length === 1) return candidates[0].check(v, r);
    return fail(r, words ? `must be ${words} (got ${typeName(v)})` : 'matches none of the allowed alternatives');
  };
  return { check, types, values, discriminator };
}

/**
 * The property that names which branch an object is: required, with a `const` value.
 * @param {[string, Node][]} props
 * @param {string[]} required
 */
function discriminatorOf(props, required) {
  for (const [name, node] of props) {
    if (required.includes(name) && node.values?.length === 1) {
      return { key: name, branches: new Map([[node.values[0], /** @type {any} */ (null)]]) };
    }
  }
  return null;
}

/** A run that only needs to know whether a value is valid. */
function quiet() {
  return { errors: [], max: 1, path: [] };
}

/**
 * Records one error at the current path; always false, so checks can `return fail(…)`.
 * @param {Run} run
 * @param {string} message
 */
function fail(run, message) {
  if (run.errors.length < run.max) run.errors.push(`${pointer(run.path)}: ${message}`);
  return false;
}

/** @param {Run} run */
function full(run) {
  return run.errors.length >= run.max;
}

/**
 * A JSON pointer ("/requests/3/state"); the document itself is "/".
 * @param {(string | number)[]} path
 */
export function pointer(path) {
  if (path.length === 0) return '/';
  return path.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/**
 * @param {unknown} v
 * @param {Set<string>} types
 */
function hasType(v, types) {
  const t = typeName(v);
  return types.has(t) || (t === 'integer' && types.has('number'));
}

/**
 * The JSON type of a value, with integers told apart from other numbers.
 * @param {unknown} v
 */
function typeName(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'object') return 'object';
  return typeof v;
}

/** @param {unknown} v */
function isObject(v) {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** "a string or null", "an integer". @param {string[]} types */
function typeWords(types) {
  const words = types.map(article);
  return words.length <= 2 ? words.join(' or ') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** @param {string} type */
function article(type) {
  if (type === 'null') return 'null';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** Same JSON value (the schema's constants are strings, numbers, booleans or null). */
function sameValue(/** @type {unknown} */ a, /** @type {unknown} */ b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A value in an error message, shortened: bodies can be 64 Ki long. */
function show(/** @type {unknown} */ v) {
  if (v === undefined) return 'nothing';
  let text;
  try {
    text = JSON.stringify(v) ?? String(v);
  } catch {
    text = String(v);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** An allowed value as a person reads it in a list: strings without quotes. */
function plain(/** @type {unknown} */ v) {
  return typeof v === 'string' ? v : show(v);
}

/** @param {Set<string> | null} a @param {Set<string> | null} b */
function intersect(a, b) {
  if (!a) return b;
  if (!b) return a;
  return new Set([...a].filter((t) => b.has(t) || (t === 'integer' && b.has('number'))));
}
