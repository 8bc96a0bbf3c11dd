// @ts-check
// The evidence page's words for bodies and the bounds it names are the Rust side's
// (actors/src/words.rs and bounds.rs), generated into lib/generated/words.js; the Rust test
// `the_extensions_words_are_current` fails while that file is stale.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bodyState, units } from '../../extension/evidence/format.js';
import { IMMEDIATE_WINDOW_MS, POSSIBLY_RELATED_WINDOW_MS } from '../../extension/evidence/windows.js';
import { BODY_REASONS, BODY_STATES, BOUNDS } from '../../extension/lib/generated/words.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const schema = JSON.parse(fs.readFileSync(path.join(here, '../../schema/json/export-document.schema.json'), 'utf8'));

/** Every value a schema enumeration allows, `const` or `enum`. @param {string} name */
function listed(name) {
  return schema.$defs[name].oneOf.flatMap((/** @type {any} */ v) => v.const !== undefined ? [v.const] : v.enum);
}

describe('body words', () => {
  it('every body state and reason of the export schema has words', () => {
    assert.deepEqual(Object.keys(BODY_STATES).sort(), listed('BodyState').sort());
    assert.deepEqual(Object.keys(BODY_REASONS).sort(), listed('BodyReason').sort());
  });

  it('a state alone reads as its words; with a reason, as the state and the reason', () => {
    assert.equal(bodyState(null), 'not recorded');
    assert.equal(bodyState({ state: 'empty' }), 'empty — the browser reported no body');
    assert.equal(bodyState({ state: 'truncated', reason: 'body_limit' }), 'truncated — over the body limit of 64 Ki characters');
    assert.equal(bodyState({ state: 'not_in_event', reason: 'deadline' }), 'not in event — the browser did not answer within 2.5 s');
    // A state or reason from a newer daemon is shown by its name, not dropped.
    assert.equal(bodyState({ state: 'something_new' }), 'something new');
    assert.equal(bodyState({ state: 'unavailable', reason: 'something_new' }), 'unavailable — something new');
  });
});

describe('bounds', () => {
  it('sizes read as the spec writes them', () => {
    assert.equal(units(512 * 1024), BOUNDS.textBudget);
    assert.equal(units(64 * 1024), BOUNDS.bodyLimit);
    assert.equal(units(32 * 1024 * 1024), '32 Mi');
    assert.equal(units(1000), '1,000');
  });

  it('the evidence windows are the generated times', () => {
    assert.equal(`${IMMEDIATE_WINDOW_MS / 1000} s`, BOUNDS.immediateWindow);
    assert.equal(`${POSSIBLY_RELATED_WINDOW_MS / 1000} s`, BOUNDS.possiblyRelatedWindow);
  });
});
