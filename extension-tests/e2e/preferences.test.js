// @ts-check
// Browser automation preferences the person sets in the popup, as bsk honours them: the daemon
// reads them (stored in history's IndexedDB) through the extension link when a session starts,
// for the settings no flag chose (JavaScript dialogs, private or shared profile); explicit flags
// win. The visible-or-headless preference is kept for the next browser bsk launches.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { bsk, bskJson, extensionWorker, launchBrowser, stateDir } from './daemon-harness.js';

test('a session start without flags takes the stored preferences; flags win', async () => {
  const home = stateDir();
  const browser = await launchBrowser({ home });
  try {
    await extensionWorker(browser.browser, browser.extensionId);
    await store(browser.browser, browser.extensionId, { browser: 'visible', dialogs: 'accept', profile: 'shared', foldStatic: false });
    // Playwright answers dialogs of the pages it sees (it dismisses them): let go of the browser
    // while bsk's dialog policy is what is tested.
    await browser.browser.close();
    // The daemon attaches at its first session start; that start waits a moment for the link.
    await bsk(home, 'daemon', 'start', '--cdp-url', browser.endpoint);

    // No flags: the person's preferences decide.
    const preferred = await bskJson(home, 'session', 'start', '--name', 'preferred');
    assert.equal(preferred.shared_profile, true, `the shared-profile preference applies: ${JSON.stringify(preferred)}`);
    const accepted = await bskJson(home, 'evaluate', 'confirm("Go on?")', '--session', preferred.id);
    assert.equal(accepted.value, true, `the dialog was accepted by preference: ${JSON.stringify(accepted)}`);

    // Flags win over them.
    const flagged = await bskJson(home, 'session', 'start', '--name', 'flagged', '--private-profile', '--dialogs', 'dismiss');
    assert.equal(flagged.shared_profile, false, JSON.stringify(flagged));
    const dismissed = await bskJson(home, 'evaluate', 'confirm("Go on?")', '--session', flagged.id);
    assert.equal(dismissed.value, false, `--dialogs dismiss wins: ${JSON.stringify(dismissed)}`);

    // The browser preference is kept for the next launch, private to the state dir's owner.
    const kept = path.join(home, 'preferences.json');
    assert.equal(JSON.parse(fs.readFileSync(kept, 'utf8')).browser, 'visible');
    assert.equal(fs.statSync(kept).mode & 0o777, 0o600);

    // Without stored preferences, the defaults: a private profile, dialogs left to the agent.
    const again = await chromium.connectOverCDP(browser.endpoint);
    try {
      await store(again, browser.extensionId, undefined);
    } finally {
      await again.close();
    }
    const plain = await bskJson(home, 'session', 'start', '--name', 'plain');
    assert.equal(plain.shared_profile, false, JSON.stringify(plain));
  } finally {
    await bsk(home, 'daemon', 'stop').catch(() => {});
    await browser.close();
  }
});

/**
 * Stores the preferences as the popup does (history's IndexedDB), from an extension page;
 * `undefined` removes them.
 * @param {import('playwright-core').Browser} browser
 * @param {string} extensionId
 * @param {object | undefined} value
 */
async function store(browser, extensionId, value) {
  const page = await browser.contexts()[0].newPage();
  try {
    await page.goto(`chrome-extension://${extensionId}/evidence.html`);
    await page.evaluate(async (value) => {
      const { History } = await import('/lib/history.js');
      const history = await History.open();
      try {
        if (value === undefined) {
          await new Promise((resolve, reject) => {
            const tx = history.db.transaction(['meta'], 'readwrite');
            tx.objectStore('meta').delete('automation');
            tx.oncomplete = () => resolve(null);
            tx.onerror = () => reject(tx.error);
          });
        } else {
          await history.setAutomation(value);
        }
      } finally {
        history.close();
      }
    }, value);
  } finally {
    await page.close();
  }
}
