// @ts-check
// The evidence page's words for stop reasons are the Rust type's (`StopReason::words`), carried
// by the export schema as each kind's `x-words` and generated into lib/generated/stop-reasons.js
// (generated.test.js fails while that file is stale).

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { STOP_REASONS, stopReason } from '../../extension/evidence/format.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const schema = JSON.parse(fs.readFileSync(path.join(here, '../../schema/json/export-document.schema.json'), 'utf8'));

it('every stop reason of the export schema has the words the Rust type gives it', () => {
  const variants = schema.$defs.StopReason.oneOf;
  assert.ok(variants.length >= 8, `stop reasons: ${variants.length}`);
  for (const variant of variants) {
    const kind = variant.properties.kind.const;
    assert.equal(typeof variant['x-words'], 'string', `${kind} has words in the schema`);
    assert.equal(STOP_REASONS[kind], variant['x-words'], kind);
    assert.equal(stopReason({ kind }), variant['x-words']);
  }
  assert.equal(Object.keys(STOP_REASONS).length, variants.length);
});

it('a capture stopped from the popup says so, whichever way the daemon reports it', () => {
  assert.equal(stopReason({ kind: 'stopped_from_extension' }), 'stopped from the extension’s popup');
  assert.equal(stopReason({ kind: 'stopped', by: 'extension' }), 'stopped from the extension’s popup');
  assert.equal(stopReason({ kind: 'stopped', stopped_by: 'extension' }), 'stopped from the extension’s popup');
  assert.equal(stopReason({ kind: 'stopped' }), 'stopped with bsk debug stop');
  assert.equal(stopReason({ kind: 'actor_panicked', actor: 'network' }), 'a capture component failed (network)');
  // A reason this page does not know yet is shown in words, not dropped.
  assert.equal(stopReason({ kind: 'stopped_by_something_new' }), 'stopped by something new');
});
