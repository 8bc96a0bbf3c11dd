// @ts-check
// Importing exported files on the evidence page, in real Chromium with the extension loaded:
// through the file picker and by drag and drop, refusals that leave history as it was, and an
// imported record read like a captured one. Screenshots go to target/extension-artifacts.

import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import {
  EXTENSION_ORIGIN, WAIT_MS, artifactsDir, evidenceUrl, fixture, launchWithExtension, rebased, seed, openEvidence, serviceWorker,
} from './support.js';

const MINUTE = 60_000;
const NOW = Date.now();

/** lib/history.js as the extension's pages import it. */
const HISTORY_MODULE = '/lib/history.js';

/** The real export file, imported as a person would pick it. Its run id is `run1`. */
const FIXTURE_PATH = resolve(fileURLToPath(new URL('.', import.meta.url)), '../fixtures/save-fails.json');
const fromFile = fixture('save-fails.json');

/** A capture made in this browser, already in history before anything is imported. */
const captured = rebased(fixture('save-fails.json'), NOW - 30 * MINUTE, { run_id: 'captured-1', name: 'Captured here' });

/** Another browser's export, dropped on the page; a token only in one of its bodies. */
const dropped = (() => {
  const doc = rebased(fixture('save-fails.json'), NOW - 5 * MINUTE, { run_id: 'dropped-2', name: 'Dropped export' });
  const body = doc.requests.find((/** @type {any} */ r) => r.id === 'r6').response_body;
  body.text = '{"ok":false,"error":{"code":"QUOKKA_4411"}}';
  body.units = body.original_units = body.text.length;
  return doc;
})();

/** @type {Awaited<ReturnType<typeof launchWithExtension>>} */
let browser;
/** @type {string[]} */
const pageErrors = [];

before(async () => {
  browser = await launchWithExtension();
  await seed(await serviceWorker(browser.context), captured);
});

after(async () => {
  await browser?.close();
});

/** A fresh tab on the evidence page; uncaught errors in it fail the run at the end. */
const open = (/** @type {string} */ hash = '') => openEvidence(browser.context, pageErrors, hash);

/**
 * Every record's metadata and document, read through the extension's own history module.
 * @param {import('playwright-core').Page} page
 */
function stored(page) {
  return page.evaluate(async (lib) => {
    const { History } = await import(lib);
    const history = await History.open();
    const list = await history.list();
    const docs = await Promise.all(list.map(async (/** @type {any} */ m) => (await history.get(m.run_id))?.doc));
    history.close();
    return { list, docs };
  }, HISTORY_MODULE);
}

/**
 * Waits until the import report says `text`, and returns the whole report.
 * @param {import('playwright-core').Page} page
 * @param {string} text
 */
async function reported(page, text) {
  await page.waitForFunction((t) => document.querySelector('#import-results')?.textContent?.includes(t), text);
  return page.locator('#import-results').innerText();
}

/**
 * A JSON file for the file picker.
 * @param {string} name
 * @param {string} text
 */
const jsonFile = (name, text) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

/**
 * Drags a file over the page the way the browser does (DataTransfer made in the page), stopping
 * before the drop.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 * @param {string} text
 */
async function dragFileOver(page, name, text) {
  const dataTransfer = await page.evaluateHandle(([n, t]) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([t], n, { type: 'application/json' }));
    return transfer;
  }, [name, text]);
  await page.dispatchEvent('.history-list', 'dragenter', { dataTransfer });
  await page.dispatchEvent('.history-list', 'dragover', { dataTransfer });
  return dataTransfer;
}

/**
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
async function screenshots(page, name) {
  for (const scheme of /** @type {const} */ (['light', 'dark'])) {
    await page.emulateMedia({ colorScheme: scheme });
    assert.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), scheme === 'dark');
    await page.screenshot({ path: join(artifactsDir(), `import-${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('importing exported files', () => {
  test('the file picker imports an export: its row is marked imported and it reads like a captured record', async () => {
    const page = await open();
    await page.locator('li.record').first().waitFor();
    assert.equal(await page.getByRole('button', { name: 'Import JSON…' }).count(), 1);
    const input = page.locator('input[type="file"]#import-file');
    assert.equal(await input.getAttribute('accept'), 'application/json,.json');
    assert.equal(await input.getAttribute('multiple'), '');

    await input.setInputFiles(FIXTURE_PATH);
    const report = await reported(page, 'Imported save-fails.json (7 requests).');
    assert.doesNotMatch(report, /Not imported/);
    assert.equal(await page.locator('#import-results a').getAttribute('href'), 'evidence.html#run=run1');
    assert.equal(await page.locator('#import-results a').innerText(), 'Open “Save fails”');
    const row = page.locator('li.record[data-run="run1"]');
    await row.waitFor();
    const badge = row.locator('.badge-imported');
    assert.equal(await badge.innerText(), 'imported');
    assert.match(/** @type {string} */ (await badge.getAttribute('title')), /^Imported from save-fails\.json on .+; a point-in-time snapshot, read-only$/);
    assert.match(await row.locator('.row-imported').innerText(), /^Imported .+ from save-fails\.json$/);
    assert.equal(await row.locator('.state').innerText(), 'stopped');
    assert.equal(await page.locator('li.record[data-run="captured-1"] .badge-imported').count(), 0, 'a captured record is not marked');

    // Opening it shows the record as a captured one is shown, with a note in its header.
    await row.locator('.row-title').click();
    await page.getByRole('heading', { level: 1, name: 'Save fails' }).waitFor();
    const note = await page.locator('.record-head .imported-note').innerText();
    assert.match(note, /^Imported from save-fails\.json on .+; a point-in-time snapshot, read-only\.$/);
    assert.equal(await page.locator('.live').count(), 0);
    const tabs = await page.locator('.tabs').innerText();
    const counts = `Timeline\\s+${fromFile.operations.length}\\s+Requests\\s+${fromFile.requests.length}\\s+Console\\s+${fromFile.console.length}\\s+Page context\\s+${fromFile.pages.length}`;
    assert.match(tabs, new RegExp(counts));
    await page.waitForFunction(() => document.querySelectorAll('article.op').length > 0);
    assert.equal(await page.locator('article.op').count(), fromFile.operations.length);
    assert.match(await page.locator('.card', { hasText: 'History' }).innerText(), /Imported into this browser from save-fails\.json/);

    await page.goto(`${evidenceUrl('run1')}&view=requests&request=r6`);
    const body = page.locator('section[aria-label="Response"] pre.body-text');
    await body.waitFor();
    assert.equal(await body.innerText(), JSON.stringify(JSON.parse(fromFile.requests[5].response_body.text), null, 2));
    await page.close();
  });

  test('files dropped on the history page are imported, with a visible drop zone while dragging', async () => {
    const page = await open();
    await page.locator('li.record').first().waitFor();
    const zone = page.locator('.drop-zone');
    assert.equal(await zone.isVisible(), false);
    const dataTransfer = await dragFileOver(page, 'dropped-export.json', JSON.stringify(dropped));
    await zone.waitFor({ state: 'visible' });
    assert.match(await zone.innerText(), /Drop exported JSON files to import them/);
    await screenshots(page, 'drop-zone');

    await page.dispatchEvent('.history-list', 'drop', { dataTransfer });
    await reported(page, 'Imported dropped-export.json (7 requests).');
    await zone.waitFor({ state: 'hidden' });
    const row = page.locator('li.record[data-run="dropped-2"]');
    await row.waitFor();
    assert.match(/** @type {string} */ (await row.locator('.badge-imported').getAttribute('title')), /dropped-export\.json/);
    assert.match(await row.getAttribute('class') ?? '', /just-imported/);

    // A drag that leaves without dropping hides the zone and imports nothing.
    const before = await stored(page);
    await dragFileOver(page, 'not-dropped.json', '{}');
    await zone.waitFor({ state: 'visible' });
    await page.dispatchEvent('.history-list', 'dragleave', { dataTransfer });
    await zone.waitFor({ state: 'hidden' });
    assert.deepEqual(await stored(page), before);
    await page.close();
  });

  test('a file that is not JSON, a version 2 document and a document without run are refused, history unchanged', async () => {
    const page = await open();
    await page.locator('li.record').first().waitFor();
    const before = await stored(page);
    const v2 = { ...rebased(fromFile, NOW, { run_id: 'v2-run' }), version: 2 };
    const noRun = rebased(fromFile, NOW);
    delete noRun.run;
    await page.locator('#import-file').setInputFiles([
      jsonFile('broken.json', '{"version": 1, "run": {'),
      jsonFile('v2.json', JSON.stringify(v2)),
      jsonFile('no-run.json', JSON.stringify(noRun)),
    ]);
    const report = await reported(page, 'no-run.json');
    assert.match(report, /Not imported: broken\.json is not JSON: .+/);
    assert.match(report, /Not imported: v2\.json: version 2 is not supported \(this extension reads version 1\)/);
    assert.match(report, /Not imported: no-run\.json is not a valid bsk export document \(version 1\); nothing was changed\.\s+\/run: is required but missing/);
    assert.doesNotMatch(report, /Imported /);
    assert.equal(await page.locator('#import-results .import-result.refused').count(), 3);
    assert.equal(await page.locator('#import-results').getAttribute('role'), 'status', 'reported in a live region');
    assert.deepEqual(await stored(page), before);
    await page.close();
  });

  test('importing a run that is already in history is refused, whether imported or captured here', async () => {
    const page = await open();
    await page.locator('li.record').first().waitFor();
    const before = await stored(page);
    await page.locator('#import-file').setInputFiles(FIXTURE_PATH);
    assert.match(await reported(page, 'save-fails.json: run run1'),
      /Not imported: save-fails\.json: run run1 is already in history \(imported or captured here\); nothing was changed/);
    await page.locator('#import-file').setInputFiles(jsonFile('mine.json', JSON.stringify(captured)));
    assert.match(await reported(page, 'mine.json: run captured-1'),
      /run captured-1 is already in history \(imported or captured here\); nothing was changed/);
    assert.deepEqual(await stored(page), before);
    await page.close();
  });

  test('an imported record survives a reload and is found by search', async () => {
    const page = await open();
    await page.locator('li.record[data-run="dropped-2"]').waitFor();
    await page.reload();
    const row = page.locator('li.record[data-run="dropped-2"]');
    await row.waitFor();
    assert.equal(await row.locator('.badge-imported').innerText(), 'imported');
    const { list } = await stored(page);
    assert.deepEqual(list.find((/** @type {any} */ m) => m.run_id === 'dropped-2').imported.file_name, 'dropped-export.json');

    const search = page.getByLabel('Search records');
    for (const [query, titles] of /** @type {[string, string[]][]} */ ([
      ['quokka_4411', ['Dropped export']],
      ['imported', ['Dropped export', 'Save fails']],
      ['dropped-export.json', ['Dropped export']],
    ])) {
      await search.fill(query);
      await page.waitForFunction(([q, n]) => document.querySelector('#history-count')?.textContent?.includes(`match “${q}”`)
        && document.querySelectorAll('li.record').length === n, [query, titles.length]);
      assert.deepEqual(await page.locator('li.record .row-title').allInnerTexts(), titles);
    }
    await page.close();
  });

  test('a record that is not in history offers to import it, and shows it once imported', async () => {
    const page = await open('#run=elsewhere-3');
    const failure = page.locator('.failure');
    await failure.waitFor();
    assert.match(await failure.innerText(), /No record “elsewhere-3” in this browser's history — import an exported file/);
    await screenshots(page, 'not-found');
    const doc = rebased(fromFile, NOW - 2 * MINUTE, { run_id: 'elsewhere-3', name: 'From elsewhere' });
    await page.locator('#import-file').setInputFiles(jsonFile('elsewhere.json', JSON.stringify(doc)));
    await page.getByRole('heading', { level: 1, name: 'From elsewhere' }).waitFor();
    assert.match(await page.locator('.imported-note').innerText(), /^Imported from elsewhere\.json on /);
    await page.close();
  });

  test('an imported snapshot of an active capture is shown as such, never live, and can be deleted', async () => {
    const page = await open();
    await page.locator('li.record').first().waitFor();
    const snapshot = rebased(fromFile, NOW - MINUTE, { run_id: 'snapshot-4', name: 'Exported while active', state: 'active' });
    delete snapshot.run.stopped_at;
    delete snapshot.run.stop_reason;
    await page.locator('#import-file').setInputFiles(jsonFile('snapshot.json', JSON.stringify(snapshot)));
    await reported(page, 'Imported snapshot.json');
    const row = page.locator('li.record[data-run="snapshot-4"]');
    await row.waitFor();
    assert.equal(await row.locator('.state').innerText(), 'active when exported');
    await page.goto(evidenceUrl('snapshot-4'));
    await page.getByRole('heading', { level: 1, name: 'Exported while active' }).waitFor();
    assert.equal(await page.locator('.live').count(), 0, 'not live');
    assert.match(await page.locator('.imported-note').innerText(), /still active when it was exported/);
    await screenshots(page, 'record');

    await page.goto(evidenceUrl());
    await row.getByRole('button', { name: 'Delete Exported while active' }).click();
    await row.getByRole('button', { name: 'Delete record' }).click();
    await row.waitFor({ state: 'detached' });
    assert.ok(!(await stored(page)).list.some((/** @type {any} */ m) => m.run_id === 'snapshot-4'));
    await page.close();
  });

  test('screenshots of the history list with imported rows, light and dark', async () => {
    const page = await open();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('li.record[data-run="dropped-2"]').waitFor();
    const staging = rebased(fromFile, NOW - 3 * MINUTE, { run_id: 'staging-5', name: 'Checkout on staging' });
    await page.locator('#import-file').setInputFiles([
      jsonFile('bsk-checkout-on-staging-staging-5.json', JSON.stringify(staging)),
      jsonFile('notes.json', 'these are notes, not JSON'),
    ]);
    await reported(page, 'notes.json');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshots(page, 'history');
    await page.close();

    // The popup's newest records say which ones are imported.
    const popup = await browser.context.newPage();
    popup.setDefaultTimeout(WAIT_MS);
    popup.on('pageerror', (e) => pageErrors.push(`popup: ${e.message}`));
    await popup.setViewportSize({ width: 400, height: 600 });
    await popup.goto(`${EXTENSION_ORIGIN}/popup.html`);
    const state = popup.locator('.recent-record[data-run="elsewhere-3"] .state');
    assert.equal(await state.innerText(), 'stopped, imported');
    assert.equal(await state.getAttribute('title'), 'Imported from elsewhere.json');
    await popup.locator('body').screenshot({ path: join(artifactsDir(), 'import-popup-light.png') });
    await popup.close();
    assert.deepEqual(pageErrors, [], 'no uncaught errors in the evidence page');
  });
});
