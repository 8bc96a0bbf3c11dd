// @ts-check
// The evidence page folds the requests the daemon's operation windows fold. The rule itself is
// tied to the Rust one by the shared table (schema/fixtures/windows/, run in fixtures.test.js);
// these are the request list's cases.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isFolded } from '../../extension/evidence/traffic.js';

describe('folding', () => {
  it('folds static resources, data: URLs, extension traffic and the favicon, and nothing else', () => {
    assert.equal(isFolded({ url: 'http://a/logo.png', resource_type: 'Image' }), true);
    assert.equal(isFolded({ url: 'chrome-extension://x/a.js', resource_type: 'Script' }), true);
    assert.equal(isFolded({ url: 'data:image/png;base64,AA==', resource_type: 'Other' }), true);
    assert.equal(isFolded({ url: 'http://a/favicon.ico', resource_type: 'Other' }), true);
    assert.equal(isFolded({ url: 'http://a/app.js', resource_type: 'Script' }), false);
    assert.equal(isFolded({ url: 'http://a/api/save', resource_type: 'Fetch' }), false);
  });
});
