// The export document's JSON Schema is generated from the Rust types into schema/json/; the
// extension can only read files inside extension/, so it keeps a byte-identical copy that it
// validates imported files against. This test is what keeps the copy from drifting.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { compileSchema } from '../../extension/lib/validate.js';

const GENERATED = new URL('../../schema/json/export-document.schema.json', import.meta.url);
const COPY = new URL('../../extension/schema/export-document.schema.json', import.meta.url);

describe('the extension’s copy of the export document schema', () => {
  it('is byte-identical to the one generated from Rust', () => {
    const generated = readFileSync(GENERATED);
    const copy = readFileSync(COPY);
    assert.ok(generated.equals(copy),
      'extension/schema/export-document.schema.json differs from schema/json/export-document.schema.json: '
      + 'run `BSK_UPDATE_SCHEMA=1 cargo test -p bsk-schema`, which rewrites both');
  });

  it('uses only keywords the validator implements', () => {
    // compileSchema refuses an unknown keyword at load time; a schema change that adds one fails
    // here, before any import silently skips it.
    assert.doesNotThrow(() => compileSchema(JSON.parse(readFileSync(COPY, 'utf8'))));
  });
});
