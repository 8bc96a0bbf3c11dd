// @ts-check
// The evidence page folds exactly the requests `bsk debug requests` folds: one rule, read from
// the Rust source so the two cannot drift apart.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { STATIC_TYPES, isFolded } from '../../extension/evidence/traffic.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const reads = fs.readFileSync(path.join(here, '../../actors/src/store/reads.rs'), 'utf8');

describe('folding', () => {
  it('uses the static resource types of actors/src/store/reads.rs', () => {
    const rule = reads.slice(reads.indexOf('fn is_folded'));
    const listed = rule.slice(0, rule.indexOf('static_type\n')).match(/"([A-Za-z]+)"/g)?.map((s) => s.slice(1, -1));
    assert.ok(listed && listed.length > 0, 'is_folded lists resource types');
    assert.deepEqual([...STATIC_TYPES].sort(), [...listed].sort());
    assert.match(rule, /starts_with\("chrome-extension:\/\/"\)/);
    assert.match(rule, /ends_with\("\/favicon\.ico"\)/);
  });

  it('folds static resources, extension traffic and the favicon, and nothing else', () => {
    assert.equal(isFolded({ url: 'http://a/logo.png', resource_type: 'Image' }), true);
    assert.equal(isFolded({ url: 'chrome-extension://x/a.js', resource_type: 'Script' }), true);
    assert.equal(isFolded({ url: 'http://a/favicon.ico', resource_type: 'Other' }), true);
    assert.equal(isFolded({ url: 'http://a/app.js', resource_type: 'Script' }), false);
    assert.equal(isFolded({ url: 'http://a/api/save', resource_type: 'Fetch' }), false);
  });
});
