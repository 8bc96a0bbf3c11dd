// @ts-check
// Everything the extension takes from schema/json/, generated: the import validator and the
// types. `npm run generate` writes the files; unit/generated.test.js fails while a checked-in
// file differs from a fresh generation. It also writes the fixture of the popup prompt's command
// lines (prompt-lines.js), which unit/prompt-lines.test.js checks the same way.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEFAULT_PREFERENCES } from '../../extension/lib/history.js';
import { PROMPT_LINES_FILE, promptLinesFixture } from './prompt-lines.js';
import { TYPED_SCHEMAS, declarations } from './types.js';
import { validatorFiles } from './validator.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** @param {string} name */
function schema(name) {
  return JSON.parse(readFileSync(path.join(ROOT, 'schema/json', `${name}.schema.json`), 'utf8'));
}

/**
 * Every generated file, by its path from the repository root.
 * @returns {Promise<Map<string, string>>}
 */
export async function generatedFiles() {
  /** @type {Map<string, string>} */
  const files = new Map();
  const validator = validatorFiles(schema('export-document'), { source: 'schema/json/export-document.schema.json' });
  for (const [name, text] of validator) files.set(`extension/lib/generated/${name}`, text);
  files.set('extension/lib/generated/stop-reasons.js', stopReasonWords(schema('export-document')));
  for (const name of TYPED_SCHEMAS) {
    files.set(`extension/types/generated/${name}.d.ts`, await declarations(schema(name), name));
  }
  return files;
}

/**
 * The words for each stop reason, as the Rust type gives them (`StopReason::words`, carried in
 * the schema as each kind's `x-words`).
 * @param {any} exportSchema
 */
function stopReasonWords(exportSchema) {
  /** @type {Record<string, string>} */
  const words = {};
  for (const variant of exportSchema.$defs.StopReason.oneOf) {
    const kind = variant.properties.kind.const;
    if (typeof variant['x-words'] !== 'string') throw new Error(`stop reason ${kind} has no x-words in the export schema`);
    words[kind] = variant['x-words'];
  }
  return [
    '// Generated from schema/json/export-document.schema.json (`StopReason::words` in schema/src/capture/run.rs)',
    '// by `npm run generate` in extension-tests; do not edit.',
    '// @ts-check',
    '',
    '/** Every stop reason of the export schema, in words. @type {Readonly<Record<string, string>>} */',
    `export const STOP_REASONS = Object.freeze(${JSON.stringify(words, null, 2)});`,
    '',
  ].join('\n');
}

/** The repository root, for reading and writing generated files. */
export const REPOSITORY = ROOT;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const prompt = await promptLinesFixture(DEFAULT_PREFERENCES.capture_name);
  for (const [file, text] of [...await generatedFiles(), [PROMPT_LINES_FILE, prompt]]) {
    const target = path.join(ROOT, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
    console.log(`wrote ${file}`);
  }
}
