// @ts-check
// What the extension takes from schema/json/ is generated (extension-tests/generate/): the import
// validator Ajv compiles and the types of the link messages and the export document. The
// checked-in files must be what a fresh generation writes, so a schema change that is not
// carried into the extension fails here.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';

import { REPOSITORY, generatedFiles } from '../generate/index.js';
import { validatorFiles } from '../generate/validator.js';

const files = await generatedFiles();

/**
 * Generated files this folder does not write: the body words and bounds, written from
 * actors/src/words.rs, whose test (`the_extensions_words_are_current`) keeps them fresh.
 */
const GENERATED_BY_RUST = ['extension/lib/generated/words.js'];

/** Every file under a folder, as paths from the repository root. @param {string} dir */
function filesUnder(dir) {
  return readdirSync(path.join(REPOSITORY, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(REPOSITORY, path.join(e.parentPath ?? e.path, e.name)).split(path.sep).join('/'))
    .sort();
}

describe('the generated files', () => {
  it('are what `npm run generate` writes from schema/json/', () => {
    const stale = [...files].filter(([file, text]) => {
      try {
        return readFileSync(path.join(REPOSITORY, file), 'utf8') !== text;
      } catch {
        return true;
      }
    }).map(([file]) => file);
    assert.deepEqual(stale, [], 'run `npm run generate` in extension-tests (after `BSK_UPDATE_SCHEMA=1 cargo test -p bsk-schema` when a Rust type changed)');
  });

  it('are all there is in the generated folders', () => {
    const checkedIn = [...filesUnder('extension/lib/generated'), ...filesUnder('extension/types/generated')];
    assert.deepEqual(checkedIn, [...files.keys(), ...GENERATED_BY_RUST].sort());
  });

  it('load in an MV3 extension: no bare imports, no eval, no new Function', () => {
    const rust = GENERATED_BY_RUST.map((file) => /** @type {[string, string]} */ ([file, readFileSync(path.join(REPOSITORY, file), 'utf8')]));
    for (const [file, text] of [...files, ...rust]) {
      if (!file.endsWith('.js')) continue;
      for (const line of text.split('\n').filter((l) => /^\s*import\b/.test(l))) {
        assert.match(line, /from '\.\.?\//, `${file}: ${line}`);
      }
      assert.doesNotMatch(text, /\beval\(|new Function\(|\brequire\(/, file);
    }
  });
});

describe('the validator generation', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bsk-validator-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the Ajv runtime helpers the code needs beside it', async () => {
    // A constant object needs Ajv's deep equality, a string length its UTF-16-aware count.
    const schema = { type: 'object', properties: { pair: { const: { a: [1, 2] } }, name: { type: 'string', maxLength: 2 } } };
    const generated = validatorFiles(schema, { source: 'a test schema' });
    assert.ok([...generated.keys()].some((f) => f.startsWith('runtime/')), [...generated.keys()].join(', '));
    for (const [file, text] of generated) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    // Imported from a folder with no node_modules: a bare import would fail to resolve.
    const { validate } = await import(pathToFileURL(path.join(dir, 'validator.js')).href);
    assert.equal(validate({ pair: { a: [1, 2] }, name: '😀😀' }), true);
    assert.equal(validate({ pair: { a: [2, 1] } }), false);
    assert.equal(validate({ name: 'abc' }), false);
  });

  it('refuses a schema keyword Ajv does not know, rather than ignore it', () => {
    assert.throws(() => validatorFiles({ type: 'string', pattren: '^a' }, { source: 'a test schema' }), /strict mode: unknown keyword: "pattren"/);
  });
});
