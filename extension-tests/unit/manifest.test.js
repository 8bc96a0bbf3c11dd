// @ts-check
// "No new daemon storage or browser permission is required" (spec, History and export): the
// extension's manifest asks for no permission, no host access and no content script, exposes
// nothing to web pages or other extensions (docs/decisions/0003-extension-link.md, Access), and
// its code calls only chrome APIs that need no permission. Each list below is pinned as it is:
// growing one is a decision, to be recorded in docs/decisions/ and then made here on purpose.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const EXTENSION = fileURLToPath(new URL('../../extension/', import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(EXTENSION, 'manifest.json'), 'utf8'));

const DECISION = 'the spec requires no new browser permission: adding one is a decision to record in '
  + 'docs/decisions/ (and in docs/decisions/0005-where-bsk-differs-from-the-spec.md), then to make in this list on purpose';

/** The manifest's `content_scripts` matches, flattened (none). @returns {string[]} */
function contentScriptMatches() {
  return (manifest.content_scripts ?? []).flatMap((/** @type {any} */ script) => [
    ...(script.matches ?? []), ...(script.include_globs ?? []),
  ]);
}

describe('manifest.json asks for no browser permission', () => {
  it('permissions: none', () => {
    assert.deepEqual(manifest.permissions ?? [], [], `permissions: ${DECISION}`);
  });

  it('optional permissions: none', () => {
    assert.deepEqual(manifest.optional_permissions ?? [], [], `optional_permissions: ${DECISION}`);
  });

  it('host permissions, required or optional: none (so no <all_urls>)', () => {
    assert.deepEqual(manifest.host_permissions ?? [], [], `host_permissions: ${DECISION}`);
    assert.deepEqual(manifest.optional_host_permissions ?? [], [], `optional_host_permissions: ${DECISION}`);
  });

  it('content scripts: none, so no page it matches', () => {
    assert.deepEqual(contentScriptMatches(), [], `content_scripts matches: ${DECISION}`);
    assert.equal(manifest.content_scripts, undefined, `content_scripts: ${DECISION}`);
  });

  it('nothing exposed to web pages or other extensions (decision 0003, Access)', () => {
    assert.equal(manifest.externally_connectable, undefined, `externally_connectable: ${DECISION}`);
    assert.equal(manifest.web_accessible_resources, undefined, `web_accessible_resources: ${DECISION}`);
  });

  it('no other manifest key that grants a capability', () => {
    // The keys it has. A new one (commands, devtools_page, oauth2, declarative_net_request,
    // chrome_url_overrides, side_panel, …) can carry a permission prompt or reach of its own.
    assert.deepEqual(Object.keys(manifest).sort(), [
      'action', 'background', 'content_security_policy', 'description', 'icons', 'key',
      'manifest_version', 'minimum_chrome_version', 'name', 'permissions', 'short_name', 'version',
    ], `manifest keys: ${DECISION}`);
  });
});

/** Every .js and .html file of the extension, as paths relative to it. */
function sources() {
  return readdirSync(EXTENSION, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(js|html)$/.test(e.name))
    .map((e) => path.relative(EXTENSION, path.join(e.parentPath ?? e.path, e.name)))
    .sort();
}

describe("the extension's code needs no permission", () => {
  /**
   * The chrome APIs the extension calls; none needs a manifest permission. One that does
   * (chrome.storage, chrome.debugger, chrome.scripting, chrome.cookies, …) would need one.
   */
  const CALLED = [
    'chrome.runtime.getManifest', 'chrome.runtime.getURL', 'chrome.runtime.id', 'chrome.runtime.onMessage',
    'chrome.runtime.sendMessage', 'chrome.tabs.create',
  ];

  it('calls only chrome APIs that need no permission', () => {
    /** @type {Set<string>} */
    const used = new Set();
    /** @type {string[]} */
    const unreadable = [];
    for (const file of sources()) {
      const text = readFileSync(path.join(EXTENSION, file), 'utf8');
      // Every `chrome` that is not a chrome-extension:// URL or a word in prose must be a
      // `chrome.namespace.member` the list can name (not `const { storage } = chrome`).
      for (const match of text.matchAll(/\bchrome\b(?!-extension:|:\/\/)/g)) {
        const call = /^chrome\.([A-Za-z]+)\.([A-Za-z]+)/.exec(text.slice(match.index));
        if (call) used.add(call[0]);
        else unreadable.push(`${file}: …${text.slice(match.index, match.index + 40)}…`);
      }
    }
    assert.deepEqual(unreadable, [], 'uses of chrome that name no API');
    assert.deepEqual([...used].sort(), CALLED, `chrome APIs called: a new one may need a permission; ${DECISION}`);
  });
});
