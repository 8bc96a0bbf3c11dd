// @ts-check
// The evidence page has words for every stop reason the export schema knows.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { STOP_REASONS } from '../../extension/evidence/format.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const schema = JSON.parse(fs.readFileSync(path.join(here, '../../schema/json/export-document.schema.json'), 'utf8'));

it('every stop reason of the export schema has words in the evidence page', () => {
  const kinds = schema.$defs.StopReason.oneOf.map((/** @type {any} */ v) => v.properties.kind.const);
  assert.ok(kinds.length >= 8, `stop reasons: ${kinds}`);
  assert.deepEqual(kinds.filter((/** @type {string} */ k) => !(k in STOP_REASONS)), []);
});

it('a capture stopped from the popup says so, whichever way the daemon reports it', async () => {
  const { stopReason } = await import('../../extension/evidence/format.js');
  assert.equal(stopReason({ kind: 'stopped_from_extension' }), 'stopped from the extension’s popup');
  assert.equal(stopReason({ kind: 'stopped', by: 'extension' }), 'stopped from the extension’s popup');
  assert.equal(stopReason({ kind: 'stopped', stopped_by: 'extension' }), 'stopped from the extension’s popup');
  assert.equal(stopReason({ kind: 'stopped' }), 'stopped with bsk debug stop');
  // A reason this page does not know yet is shown in words, not dropped.
  assert.equal(stopReason({ kind: 'stopped_by_something_new' }), 'stopped by something new');
});
