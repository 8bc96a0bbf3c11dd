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
