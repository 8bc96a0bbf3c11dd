// @ts-check
// Why an imported file is not an export document, in words a person can act on. The check itself
// is the validator Ajv compiles from the export document's JSON Schema (lib/generated/, written by
// `npm run generate` in extension-tests from schema/json/export-document.schema.json); this module
// turns its errors into one line per problem: a JSON pointer and what the value must be.
//
// Ajv reports every branch of an alternative (`oneOf`, `anyOf`) that failed. A person wants the
// one that applies: every allowed value of an enumeration, the branch a `kind` names, or the only
// branch of the value's type.

import { EXPORT_VERSION } from './constants.js';
import { validate as validateExportDocument } from './generated/validator.js';

/** How many errors a validation reports: enough to see a pattern, short enough to read. */
export const MAX_ERRORS = 10;

/**
 * One error as Ajv reports it (the fields of Ajv's `ErrorObject` read here).
 * @typedef {{ instancePath: string, schemaPath: string, keyword: string, params: Record<string, any>, message?: string }} AjvError
 * @typedef {(value: unknown) => boolean} CompiledCheck
 * @typedef {CompiledCheck & { errors?: AjvError[] | null }} ValidateFunction
 */

/**
 * A problem on its way to a message. `values`: the values allowed here, when the schema lists
 * them; `types`: the JSON types allowed here, when the value had none of them. Both let an
 * enclosing alternative say what all its branches allow.
 * @typedef {{ path: string, message: string, values?: unknown[], types?: string[] }} Problem
 */

/**
 * Why an export document cannot be read, before and beyond its schema: a document of another
 * version is refused by its version alone (its shape may differ anywhere).
 * @param {unknown} doc
 * @param {number} [max]
 * @returns {string[]} empty when the document is valid
 */
export function exportDocumentErrors(doc, max = MAX_ERRORS) {
  if (!isObject(doc)) return [`not an export document: the file holds ${article(typeName(doc))}, not a JSON object`];
  const version = /** @type {any} */ (doc).version;
  if (typeof version === 'number' && version !== EXPORT_VERSION) {
    return [`version ${version} is not supported (this extension reads version ${EXPORT_VERSION})`];
  }
  return schemaErrors(/** @type {ValidateFunction} */ (validateExportDocument), doc, max);
}

/**
 * The problems a compiled validator finds in `value`, at most `max`, each as
 * "<JSON pointer>: <what it must be>".
 * @param {ValidateFunction} validate an Ajv validator compiled with `allErrors`
 * @param {unknown} value
 * @param {number} [max]
 * @returns {string[]}
 */
export function schemaErrors(validate, value, max = MAX_ERRORS) {
  if (validate(value)) return [];
  return describe(validate.errors ?? [], value).slice(0, max).map((p) => `${p.path || '/'}: ${p.message}`);
}

/**
 * Ajv's errors, in the order Ajv found them, as problems. An alternative's error comes right
 * after the errors of its branches, all at or below its path: those are replaced by one summary.
 * @param {AjvError[]} errors
 * @param {unknown} root
 * @returns {Problem[]}
 */
export function describe(errors, root) {
  /** @type {{ problem: Problem, schemaPath: string }[]} */
  const stack = [];
  for (const e of errors) {
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf') {
      let first = stack.length;
      while (first > 0 && within(stack[first - 1].problem.path, e.instancePath)) first -= 1;
      const branches = stack.splice(first);
      const value = at(root, e.instancePath);
      for (const problem of alternative(e, branches, value)) stack.push({ problem, schemaPath: e.schemaPath });
    } else {
      stack.push({ problem: leaf(e, root), schemaPath: e.schemaPath });
    }
  }
  return stack.map((s) => s.problem);
}

/**
 * One failed keyword.
 * @param {AjvError} e
 * @param {unknown} root
 * @returns {Problem}
 */
function leaf(e, root) {
  const path = e.instancePath;
  const value = at(root, path);
  const p = e.params;
  switch (e.keyword) {
    case 'type': {
      const types = Array.isArray(p.type) ? p.type : String(p.type).split(',');
      return { path, message: `must be ${typeWords(types)} (got ${typeName(value)})`, types, values: types.length === 1 && types[0] === 'null' ? [null] : undefined };
    }
    case 'const':
      return { path, message: `must be ${show(p.allowedValue)} (got ${show(value)})`, values: [p.allowedValue] };
    case 'enum':
      return { path, message: `must be one of ${p.allowedValues.map(plain).join(', ')} (got ${show(value)})`, values: p.allowedValues };
    case 'required':
      return { path: `${path}/${escape(p.missingProperty)}`, message: 'is required but missing' };
    case 'additionalProperties':
      return { path: `${path}/${escape(p.additionalProperty)}`, message: 'no value is allowed here' };
    case 'false schema':
      return { path, message: 'no value is allowed here' };
    case 'minimum':
    case 'exclusiveMinimum':
      return { path, message: `must be ${e.keyword === 'minimum' ? 'at least' : 'more than'} ${p.limit} (got ${show(value)})` };
    case 'maximum':
    case 'exclusiveMaximum':
      return { path, message: `must be ${e.keyword === 'maximum' ? 'at most' : 'less than'} ${p.limit} (got ${show(value)})` };
    case 'minItems':
      return { path, message: `must have at least ${p.limit} items (has ${Array.isArray(value) ? value.length : '?'})` };
    case 'maxItems':
      return { path, message: `must have at most ${p.limit} items (has ${Array.isArray(value) ? value.length : '?'})` };
    default:
      return { path, message: e.message ?? `fails "${e.keyword}"` };
  }
}

/**
 * The summary of an alternative none (or, for `oneOf`, more than one) of whose branches matched.
 * @param {AjvError} e the `oneOf`/`anyOf` error
 * @param {{ problem: Problem, schemaPath: string }[]} found the problems of its branches
 * @param {unknown} value
 * @returns {Problem[]}
 */
function alternative(e, found, value) {
  const path = e.instancePath;
  if (e.keyword === 'oneOf' && e.params.passingSchemas) {
    return [{ path, message: 'matches more than one of the allowed alternatives' }];
  }
  /** @type {Map<string, Problem[]>} */
  const branches = new Map();
  for (const { problem, schemaPath } of found) {
    // A branch's own errors sit under `<schemaPath>/<index>/`; one reached through `$ref` (or a
    // summary of a nested alternative) does not, and counts as one more branch.
    const own = schemaPath.startsWith(`${e.schemaPath}/`) ? schemaPath.slice(e.schemaPath.length + 1).split('/')[0] : `ref:${schemaPath}`;
    branches.set(own, [...(branches.get(own) ?? []), problem]);
  }
  const groups = [...branches.values()];
  const here = (/** @type {Problem} */ p) => p.path === path;

  // Enumerations: each branch allows some values, and the value is none of them.
  const valuesOf = groups.map((g) => g.filter(here).flatMap((p) => p.values ?? []));
  if (groups.length > 0 && valuesOf.every((v) => v.length > 0)) {
    const values = valuesOf.flat().filter((v, i, all) => all.findIndex((w) => sameValue(v, w)) === i);
    return [{ path, message: `must be one of ${values.map(plain).join(', ')} (got ${show(value)})`, values }];
  }

  // Objects told apart by a constant property (a stop reason's `kind`).
  if (isObject(value)) {
    const keyed = discriminated(groups, path, /** @type {Record<string, unknown>} */ (value));
    if (keyed) return keyed;
  }

  // The value's type is none of the branches' types.
  const typesOf = groups.map((g) => g.find((p) => here(p) && p.types && !p.values?.length)?.types ?? g.find((p) => here(p) && p.types)?.types);
  if (groups.length > 0 && typesOf.every(Boolean)) {
    const types = [...new Set(typesOf.flatMap((t) => /** @type {string[]} */ (t)))];
    return [{ path, message: `must be ${typeWords(types)} (got ${typeName(value)})`, types }];
  }

  // The only branch of the value's type says what is wrong inside it.
  const candidates = groups.filter((g) => !g.some((p) => here(p) && p.types));
  if (candidates.length === 1) return candidates[0];
  return [{ path, message: 'matches none of the allowed alternatives' }];
}

/**
 * When every branch requires one property to be a constant, the branch the value's property
 * names decides; a value naming none is told the names.
 * @param {Problem[][]} groups
 * @param {string} path
 * @param {Record<string, unknown>} value
 * @returns {Problem[] | null}
 */
function discriminated(groups, path, value) {
  const keyOf = (/** @type {Problem} */ p) => (p.path.startsWith(`${path}/`) && p.values?.length === 1 ? p.path.slice(path.length + 1) : null);
  const keys = new Set(groups.flatMap((g) => g.flatMap((p) => {
    const key = keyOf(p);
    return key !== null && !key.includes('/') ? [key] : [];
  })));
  for (const key of keys) {
    const keyPath = `${path}/${key}`;
    const mismatched = groups.filter((g) => g.some((p) => p.path === keyPath && p.values?.length === 1));
    const matching = groups.filter((g) => !mismatched.includes(g));
    if (matching.length === 1 && mismatched.length === groups.length - 1) return matching[0];
    if (matching.length === 0) {
      const names = mismatched.flatMap((g) => g.filter((p) => p.path === keyPath).flatMap((p) => p.values ?? []));
      const tag = value[unescape(key)];
      return [{ path: keyPath, message: `must be one of ${names.map(plain).join(', ')} (got ${show(tag)})` }];
    }
  }
  const missing = groups.length > 0 && groups.every((g) => g.some((p) => p.message === 'is required but missing' && p.path.startsWith(`${path}/`)));
  if (missing) {
    const common = groups.map((g) => new Set(g.filter((p) => p.message === 'is required but missing').map((p) => p.path)))
      .reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
    if (common.size > 0) return [...common].map((p) => ({ path: p, message: 'is required but missing' }));
  }
  return null;
}

/** Whether `path` is `parent` or inside it. @param {string} path @param {string} parent */
function within(path, parent) {
  return path === parent || path.startsWith(`${parent}/`);
}

/**
 * The value a JSON pointer names in `root`, or undefined.
 * @param {unknown} root
 * @param {string} pointer
 */
function at(root, pointer) {
  let value = /** @type {any} */ (root);
  for (const segment of pointer.split('/').slice(1)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = value[unescape(segment)];
  }
  return value;
}

/** @param {string} segment */
function escape(segment) {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** @param {string} segment */
function unescape(segment) {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
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
  return a === b || JSON.stringify(a) === JSON.stringify(b);
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
