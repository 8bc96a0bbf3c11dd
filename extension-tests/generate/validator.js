// @ts-check
// The import validator: Ajv compiles the export document's JSON Schema into a standalone ES
// module that the extension loads as it is. MV3's content security policy forbids `eval` and
// `new Function`, so the schema cannot be compiled in the extension; and the extension has no
// bundler, so the Ajv runtime helpers the code needs are copied beside it (CommonJS files wrapped
// as modules, no bare imports).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import Ajv2020 from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';

/**
 * Ajv's options for the validator. `allErrors`: a person fixing a file sees up to 10 problems,
 * not only the first. Formats (`uint64`, `double`, …) only annotate: schemars writes the bounds
 * they imply as `minimum`/`maximum`. `strict`: a keyword Ajv does not know fails the generation
 * instead of being ignored; `x-words` (a stop reason's words) is bsk's own annotation.
 * @type {import('ajv').Options}
 */
export const AJV_OPTIONS = {
  allErrors: true,
  keywords: ['x-words'],
  strict: true,
  validateFormats: false,
  code: { source: true, esm: true, lines: true },
};

const requireFromAjv = createRequire(createRequire(import.meta.url).resolve('ajv'));

/**
 * The validator module for `schema` and the runtime files it imports.
 * @param {object} schema
 * @param {{ source: string }} origin names the schema file in the generated header
 * @returns {Map<string, string>} file name (`validator.js`, `runtime/….js`) → contents
 */
export function validatorFiles(schema, origin) {
  const ajv = new Ajv2020.default(AJV_OPTIONS);
  const code = standaloneCode.default(ajv, ajv.compile(schema));
  /** @type {Map<string, string>} */
  const files = new Map();
  const { body, imports } = vendorRequires(code, requireFromAjv, './runtime/', files);
  files.set('validator.js', [
    `// Generated from ${origin.source} by \`npm run generate\` in extension-tests (Ajv standalone code); do not edit.`,
    '// @ts-nocheck',
    ...imports,
    body.trim(),
    '',
  ].join('\n'));
  return files;
}

/**
 * Replaces each `require("…")` in `code` by an import of a copy of that CommonJS file, copied
 * (with its own requires, recursively) into `files` under `runtime/`.
 * @param {string} code
 * @param {NodeRequire} require resolves the names in `code`
 * @param {string} prefix how `code` refers to the runtime folder
 * @param {Map<string, string>} files
 */
function vendorRequires(code, require, prefix, files) {
  /** @type {Map<string, string>} */
  const names = new Map();
  const body = code.replace(/(?<!['"`])require\("([^"]+)"\)/g, (_, request) => {
    const resolved = require.resolve(request);
    const file = vendor(resolved, files);
    let name = names.get(file);
    if (!name) {
      name = `runtime${names.size}`;
      names.set(file, name);
    }
    return name;
  });
  const imports = [...names].map(([file, name]) => `import ${name} from '${prefix}${file}';`);
  return { body, imports };
}

/**
 * Copies one CommonJS file into `files` as an ES module whose default export is its
 * `module.exports`; returns its file name.
 * @param {string} resolved
 * @param {Map<string, string>} files
 */
function vendor(resolved, files) {
  const inModules = resolved.split(`${path.sep}node_modules${path.sep}`).at(-1) ?? resolved;
  const file = `${inModules.replace(/\.js$/, '').split(path.sep).join('-')}.js`;
  if (files.has(`runtime/${file}`)) return file;
  files.set(`runtime/${file}`, '');
  const source = readFileSync(resolved, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, '').trim();
  const { body, imports } = vendorRequires(source, createRequire(resolved), './', files);
  files.set(`runtime/${file}`, [
    `// ${inModules}, copied by \`npm run generate\` in extension-tests for the generated validator; do not edit.`,
    '// @ts-nocheck',
    ...imports,
    'const module = { exports: {} };',
    '((module, exports) => {',
    body,
    '})(module, module.exports);',
    'export default module.exports;',
    '',
  ].join('\n'));
  return file;
}
