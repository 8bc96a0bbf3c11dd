// @ts-check
// The evidence page in real Chromium with the extension loaded: history is seeded the way the
// daemon fills it (bskLink.checkpoint in the service worker), then the page is read as a person
// reads it. Screenshots go to target/extension-artifacts.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { STOP_REASONS, bytes, count, milliseconds } from '../../extension/evidence/format.js';
import { makeFullDocument } from '../fixtures/make-full.js';
import { seenRecord, trafficSummary } from '../fixtures/traffic-summary.js';
import {
  WAIT_MS, artifactsDir, evidenceUrl, fixture, heartbeat, launchWithExtension, rebased, seed, openEvidence, serviceWorker, withFoldedFavicon,
} from './support.js';

const MINUTE = 60_000;

/** lib/history.js as the extension's pages import it. */
const HISTORY_MODULE = '/lib/history.js';
const NOW = Date.now();

/** The real capture, stopped. Its run id has every character a run id may have. */
const saveFails = rebased(fixture('save-fails.json'), NOW - 10 * MINUTE, { run_id: 'sf_1.a-b' });

/** Another site; a token that is only in one response body. */
const checkout = (() => {
  const text = JSON.stringify(fixture('save-fails.json')).replaceAll('http://127.0.0.1:18123', 'https://shop.example.test');
  const doc = rebased(JSON.parse(text), NOW - 20 * MINUTE, { run_id: 'checkout-2', name: 'Checkout flow' });
  const body = doc.requests.find((/** @type {any} */ r) => r.id === 'r6').response_body;
  body.text = '{"ok":false,"error":{"code":"ZEBRA_7731","message":"Card declined"}}';
  body.units = body.original_units = body.text.length;
  doc.summary = trafficSummary(doc.requests.map(seenRecord));
  return doc;
})();

/** A capture left active by a daemon that went away: the page recovers it as interrupted. */
const leftBehind = (() => {
  const doc = rebased(fixture('save-fails.json'), NOW - 5 * MINUTE, { run_id: 'left-behind-3', name: 'Left behind', state: 'active' });
  delete doc.run.stopped_at;
  delete doc.run.stop_reason;
  doc.saved_at = NOW - MINUTE;
  const op = doc.operations.at(-1);
  op.state = 'running';
  delete op.ended_at;
  const request = doc.requests.at(-1);
  request.state = 'pending';
  delete request.ended_at;
  request.response_body = { state: 'pending', units: 0 };
  // The summary at that checkpoint: the pending request is still in flight.
  doc.summary = trafficSummary(doc.requests.map(seenRecord));
  return doc;
})();

/** Every bound at its limit; its summary has 512 routes and `other`. saveFails has no summary. */
const full = makeFullDocument(fixture('save-fails.json'), { startedAt: NOW - 60 * MINUTE });

/**
 * An active capture (saved just now), kept active by a heartbeat.
 * @param {string} runId
 * @param {string} name
 */
function activeDoc(runId, name) {
  const doc = rebased(fixture('save-fails.json'), Date.now() - 30_000, { run_id: runId, name, state: 'active' });
  delete doc.run.stopped_at;
  delete doc.run.stop_reason;
  doc.saved_at = Date.now();
  return doc;
}

/** @type {Awaited<ReturnType<typeof launchWithExtension>>} */
let browser;
/** @type {import('playwright-core').Worker} */
let worker;
/** @type {string[]} */
const pageErrors = [];

before(async () => {
  browser = await launchWithExtension();
  worker = await serviceWorker(browser.context);
  await seed(worker, saveFails, checkout, leftBehind, full);
});

after(async () => {
  await browser?.close();
});

/** A fresh tab on the evidence page; uncaught errors in it fail the run at the end. */
const open = (/** @type {string} */ hash = '') => openEvidence(browser.context, pageErrors, hash);

/** @param {string} runId */
const runHash = (runId) => `#run=${encodeURIComponent(runId)}`;

/**
 * The visible text of the first match, once it exists.
 * @param {import('playwright-core').Locator} locator
 */
async function textOf(locator) {
  await locator.first().waitFor();
  return locator.first().innerText();
}

describe('evidence page', () => {
  test('the history list shows every record, newest first, with its state in words', async () => {
    const page = await open();
    const rows = page.locator('li.record');
    await page.waitForFunction(() => document.querySelectorAll('li.record').length === 4);
    const titles = await rows.locator('.row-title').allInnerTexts();
    assert.deepEqual(titles, ['Left behind', 'Save fails', 'Checkout flow', 'Full bounds']);
    const saveRow = rows.filter({ hasText: 'Save fails' });
    assert.equal(await saveRow.locator('.state').innerText(), 'stopped');
    assert.match(await saveRow.innerText(), /http:\/\/127\.0\.0\.1:18123\/demo/);
    const meta = await saveRow.locator('.row-meta').innerText();
    for (const words of ['7 requests', '5 console entries', '6 operations', 'stopped with bsk debug stop']) assert.ok(meta.includes(words), words);
    // Left active by a daemon that is gone: recovered as interrupted when the page opened.
    assert.equal(await rows.filter({ hasText: 'Left behind' }).locator('.state').innerText(), 'interrupted');
    assert.match(await rows.filter({ hasText: 'Left behind' }).innerText(), /recovered from its last checkpoint/);
    assert.match(await textOf(page.locator('#history-count')), /4 records/);
    await page.close();
  });

  test('search narrows by name, by URL, and by text found only in a response body', async () => {
    const page = await open();
    await page.locator('li.record').first().waitFor();
    const search = page.getByLabel('Search records');
    const titlesFor = async (/** @type {string} */ query, /** @type {number} */ expected) => {
      await search.fill(query);
      await page.waitForFunction(([q, n]) => document.querySelector('#history-count')?.textContent?.includes(`match “${q}”`)
        && document.querySelectorAll('li.record').length === n, [query, expected]);
      return page.locator('li.record .row-title').allInnerTexts();
    };
    assert.deepEqual(await titlesFor('save fails', 1), ['Save fails']);
    assert.deepEqual(await titlesFor('shop.example.test', 1), ['Checkout flow']);
    assert.deepEqual(await titlesFor('zebra_7731', 1), ['Checkout flow']);
    // The row says which part of the record matched.
    await page.locator('li.record .row-match', { hasText: 'response body' }).waitFor();
    assert.match(await page.locator('li.record .row-match').innerText(), /^Found “zebra_7731” in the response body of request r6 \(POST 200 https:\/\/shop\.example\.test\/api\/save\)\.$/);
    await search.fill('no-such-thing-anywhere');
    await page.getByText('No record matches.').waitFor();
    await search.fill('');
    await page.waitForFunction(() => document.querySelectorAll('li.record').length === 4);
    await page.close();
  });

  test('the keyboard opens rows and sections, and focus follows', async () => {
    const page = await open();
    const title = page.locator('li.record .row-title', { hasText: 'Save fails' });
    await title.focus();
    await page.keyboard.press(' ');
    await page.getByRole('heading', { level: 1, name: 'Save fails' }).waitFor();
    const requestsTab = page.locator('.tabs a', { hasText: 'Requests' });
    await requestsTab.focus();
    await page.keyboard.press('Enter');
    await page.locator('ul.requests > li').first().waitFor();
    assert.equal(await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).dataset.focusKey), 'tab:requests',
      'focus stays on the tab that was pressed');
    assert.equal(await requestsTab.getAttribute('aria-current'), 'page');
    await page.locator('ul.requests a', { hasText: '/api/save' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'POST /api/save' }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'POST /api/save', 'focus moves to the detail');
    await page.goBack();
    await page.locator('ul.requests > li').first().waitFor();
    assert.equal(await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).dataset.focusKey), 'req:r6',
      'back in the list, focus is on the row that was opened');
    await page.close();
  });

  test('a record shows its header, timeline and field chain', async () => {
    const page = await open(runHash(saveFails.run.run_id));
    await page.getByRole('heading', { level: 1, name: 'Save fails' }).waitFor();
    const header = await textOf(page.locator('.record-head'));
    assert.match(header, /stopped/);
    assert.match(header, /stopped with bsk debug stop/);
    assert.match(header, /Checkpoint saved/i);
    assert.match(header, /127\.0\.0\.1:18123\/demo/);
    assert.equal(await page.locator('.live').count(), 0, 'a stopped record is not live');

    const ops = page.locator('article.op');
    await ops.nth(5).waitFor();
    assert.equal(await ops.count(), 6);
    const click = ops.nth(4);
    const clickText = await click.innerText();
    assert.match(clickText, /click/);
    assert.match(clickText, /agent/);
    assert.match(clickText, /completed/);
    assert.match(clickText, /clicked #save/);
    // The save request is immediate evidence of the click; its HTTP 200 is shown as a number,
    // never as success.
    const immediate = click.locator('.window-immediate');
    assert.match(await immediate.innerText(), /200\s+POST\s+\/api\/save/);
    assert.doesNotMatch(await page.locator('main').innerText(), /success/i);
    // The field chain links the submitted values to the request; it is open because it links.
    const chain = click.locator('table.chain');
    await chain.waitFor();
    const chainText = await chain.innerText();
    assert.match(chainText, /Ada Lovelace/);
    assert.match(chainText, /request r6/);
    // A step with no value says nothing: no "not found" in every cell.
    assert.doesNotMatch(chainText, /unlinked|not found/);
    // The observation opens on demand.
    await click.getByText('Page after the operation').click();
    assert.match(await textOf(click.locator('pre.page-text')), /Saving…/);
    await page.close();
  });

  test('requests fold static and extension traffic, filter, and open a detail', async () => {
    const page = await open(`${runHash(full.run.run_id)}&view=requests`);
    const rows = page.locator('ul.requests > li');
    await rows.first().waitFor();
    // The daemon's rule (is_folded in actors/src/store/reads.rs): static types, extension URLs,
    // the favicon. Scripts stay listed.
    const folded = full.requests.filter((/** @type {any} */ r) => /^(Image|Stylesheet|Font|Media|Manifest|TextTrack)$/.test(r.resource_type)
      || r.url.startsWith('chrome-extension://') || r.url.endsWith('/favicon.ico')).length;
    assert.ok(folded > 0);
    assert.equal(await rows.count(), 200 - folded, 'static and extension requests are folded');
    const toggle = page.getByRole('button', { name: `Show ${folded} static/extension requests` });
    await toggle.click();
    await page.waitForFunction(() => document.querySelectorAll('ul.requests > li').length === 200);
    await page.getByRole('button', { name: 'Hide static/extension requests' }).click();
    await page.waitForFunction((n) => document.querySelectorAll('ul.requests > li').length === n, 200 - folded);

    // The card about bodies links to the filter.
    await page.locator('.cards').getByRole('link', { name: /with a body truncated/ }).click();
    await page.waitForFunction(() => (/** @type {HTMLInputElement} */ (document.querySelector('#request-filter')))?.value === 'body:truncated');
    const truncated = full.requests.filter((/** @type {any} */ r) => r.response_body.state === 'truncated');
    await page.waitForFunction((n) => document.querySelectorAll('ul.requests > li').length === n, truncated.length);

    // A truncated body: its state in words, paged in 16384-unit pages.
    await rows.first().locator('a').click();
    const detail = page.locator('.request-detail');
    const responseBody = detail.locator('section[aria-label="Response"]');
    assert.match(await textOf(responseBody.locator('.body-words')), /^truncated — over the body limit of 64 Ki characters$/);
    assert.match(await responseBody.innerText(), /65,536 characters retained of 69,536/);
    // "Characters" is defined where it is shown: the spec's UTF-16 units.
    assert.match(await responseBody.locator('.characters').getAttribute('title') ?? '', /UTF-16 code units/);
    assert.doesNotMatch(await page.locator('main').innerText(), /code units?/);
    assert.equal(await textOf(responseBody.locator('.pager-position')), 'characters 1–16,384 of 65,536');
    await responseBody.getByRole('button', { name: 'Next →' }).click();
    await page.waitForFunction(() => document.querySelector('section[aria-label="Response"] .pager-position')?.textContent === 'characters 16,385–32,768 of 65,536');
    assert.equal((await responseBody.locator('pre.body-text').innerText()).length > 16000, true);

    // Back to the list keeps the filter.
    await detail.getByRole('link', { name: '← All requests' }).click();
    assert.equal(await page.locator('#request-filter').inputValue(), 'body:truncated');

    // Other body states in words.
    const extension = full.requests.find((/** @type {any} */ r) => r.url.startsWith('chrome-extension://'));
    await page.goto(`${evidenceUrl()}${runHash(full.run.run_id)}&view=requests&request=${extension.id}`);
    await page.waitForFunction((url) => document.querySelector('.request-detail .full-url')?.textContent === url, extension.url);
    assert.equal(await textOf(page.locator('section[aria-label="Response"] .body-words')), 'unavailable — the browser no longer had the body');
    const image = full.requests.find((/** @type {any} */ r) => r.resource_type === 'Image');
    await page.goto(`${evidenceUrl()}${runHash(full.run.run_id)}&view=requests&request=${image.id}`);
    await page.waitForFunction((url) => document.querySelector('.request-detail .full-url')?.textContent === url, image.url);
    assert.equal(await textOf(page.locator('section[aria-label="Response"] .body-words')), 'omitted — binary');
    // What identifies it: size, the type its first bytes show, and the whole digest.
    const facts = await textOf(page.locator('section[aria-label="Response"] .binary-facts'));
    assert.match(facts, new RegExp(`Size\\s*${(image.response_body.binary.bytes).toLocaleString('en-US')} bytes`));
    assert.match(facts, /Type by its first bytes\s*image\/png/);
    assert.ok(facts.includes(image.response_body.binary.sha256), facts);
    // A multipart upload, read as its parts.
    const upload = full.requests.find((/** @type {any} */ r) => Array.isArray(r.request_body.parts));
    await page.goto(`${evidenceUrl()}${runHash(full.run.run_id)}&view=requests&request=${upload.id}`);
    await page.waitForFunction((url) => document.querySelector('.request-detail .full-url')?.textContent === url, upload.url);
    const parts = await textOf(page.locator('section[aria-label="Payload"] .parts-table'));
    assert.match(parts, /title.*Quarterly/s);
    assert.match(parts, /password.*\[redacted\]/s);
    assert.match(parts, /doc\s*report-\d+\.pdf\s*application\/pdf\s*52,341 B\s*SHA-256 (ab){32} \(application\/pdf\)/);
    await page.close();
  });

  test('a request detail shows general facts, headers, timing and pretty-printed JSON', async () => {
    const page = await open(`${runHash(saveFails.run.run_id)}&view=requests&request=r6`);
    const detail = page.locator('.request-detail');
    await detail.getByRole('heading', { level: 2, name: 'POST /api/save' }).waitFor();
    const general = await textOf(detail.locator('section[aria-label="General"]'));
    assert.match(general, /Status\s+200 OK/);
    assert.match(general, /Initiator\s+script — http:\/\/127\.0\.0\.1:18123\/demo:59/);
    assert.match(general, /immediate evidence of\s+operation 5 \(agent click\)/);
    const requestHeaders = await textOf(detail.locator('section[aria-label="Request headers"]'));
    assert.match(requestHeaders, /As sent on the network \(cookies included/);
    assert.doesNotMatch(requestHeaders, /ExtraInfo/);
    assert.match(requestHeaders, /Content-Length\s+64/);
    assert.match(await textOf(detail.locator('section[aria-label="Timing"]')), /Waiting for the response/);
    const response = detail.locator('section[aria-label="Response"] pre.body-text');
    assert.equal(await textOf(response), JSON.stringify(JSON.parse(saveFails.requests[5].response_body.text), null, 2));
    assert.match(await response.innerText(), /\n {4}"code": "EMAIL_TAKEN",\n/);
    await detail.locator('section[aria-label="Response"]').getByRole('button', { name: 'As retained' }).click();
    await page.waitForFunction(() => document.querySelector('section[aria-label="Response"] pre.body-text')?.textContent?.startsWith('{"ok":false'));
    // The empty request body of a GET says so.
    await detail.getByRole('link', { name: '← Previous request' }).click();
    await detail.getByRole('heading', { level: 2, name: 'GET /favicon.ico' }).waitFor();
    assert.equal(await textOf(page.locator('section[aria-label="Payload"] .body-words')), 'empty — the browser reported no body');
    await page.close();
  });

  test('the console is separated by source, with counts', async () => {
    const page = await open(`${runHash(full.run.run_id)}&view=console`);
    const headings = page.locator('.console-group h3');
    await headings.first().waitFor();
    const texts = (await headings.allInnerTexts()).map((t) => t.replace(/ — .*/, ''));
    assert.deepEqual(texts, ['Website (40)', 'Extension (25)', 'Browser (25)', 'Unknown (10)']);
    assert.equal(await page.locator('.console-group.source-extension li.log').count(), 25);
    const first = await textOf(page.locator('.console-group.source-website li.log'));
    assert.match(first, /website message/);
    assert.match(first, /http:\/\/127\.0\.0\.1:18123\/js\/app\.js:\d+:\d+/);
    await page.getByRole('link', { name: 'Extension 25' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.console-group').length === 1);
    assert.match(await headings.first().innerText(), /^Extension \(25\)/);
    await page.close();
  });

  test('page context shows loads, observations and fields', async () => {
    const page = await open(`${runHash(saveFails.run.run_id)}&view=pages`);
    const load = page.locator('article.page-load');
    const text = await textOf(load);
    assert.match(text, /Load 1 · http:\/\/127\.0\.0\.1:18123\/demo/);
    assert.match(text, /DOMContentLoaded\s+after 63 ms/);
    assert.match(await load.locator('table.fields').innerText(), /plan\s+profile\s+select\s+free/);
    await page.goto(`${evidenceUrl()}${runHash(full.run.run_id)}&view=pages`);
    await page.waitForFunction(() => document.querySelectorAll('article.page-load').length === 20);
    const fields = await textOf(page.locator('article.page-load table.fields'));
    assert.match(fields, /password\s+profile\s+password\s+omitted \(credential, payment or file field\)/);
    assert.match(fields, /truncated at 256 characters/);
    await page.close();
  });

  test('an interrupted record says so in a card and claims nothing pending done', async () => {
    const page = await open(runHash(leftBehind.run.run_id));
    const card = page.locator('.card', { hasText: 'Interrupted work' });
    const text = await textOf(card);
    assert.ok(text.includes(`This capture was interrupted: ${STOP_REASONS.recovered}. Pending work is not claimed done.`), text);
    assert.match(text, /1 operation interrupted before finishing/);
    assert.match(text, /1 request unfinished: capture ended first/);
    assert.equal(await textOf(page.locator('.record-head .state')), 'interrupted');
    assert.equal(await textOf(page.locator('.record-head dt', { hasText: /^Stop reason$/ }).locator('xpath=following-sibling::dd[1]')),
      STOP_REASONS.recovered);
    // The operation that was running when it was left behind is interrupted, not done.
    const last = page.locator('article.op').last();
    assert.equal(await textOf(last.locator('.op-head .badge-op-interrupted')), 'interrupted');
    assert.equal(await last.locator('.op-head .badge-op-completed, .op-head .badge-op-running').count(), 0);
    await page.close();
  });

  test('delete removes a stopped record after a confirmation and refuses an active one', async () => {
    const active = activeDoc('active-del-5', 'Still capturing');
    const doomed = rebased(fixture('save-fails.json'), Date.now() - 2 * MINUTE, { run_id: 'doomed-6', name: 'Delete me' });
    await seed(worker, active, doomed);
    await heartbeat(worker, [active.run.run_id]);
    const page = await open();
    const doomedRow = page.locator('li.record', { hasText: 'Delete me' });
    await doomedRow.getByRole('button', { name: 'Delete Delete me' }).click();
    // First press only asks.
    await doomedRow.getByText('This cannot be undone').waitFor();
    assert.equal(await page.locator('li.record', { hasText: 'Delete me' }).count(), 1);
    await doomedRow.getByRole('button', { name: 'Delete record' }).click();
    await page.locator('li.record', { hasText: 'Delete me' }).waitFor({ state: 'detached' });
    // The extension's own history module, loaded in the page (the path is the page's, not ours).
    const stored = await page.evaluate(async (lib) => {
      const { History } = await import(lib);
      const history = await History.open();
      return (await history.list()).map((/** @type {any} */ m) => m.run_id);
    }, HISTORY_MODULE);
    assert.ok(!stored.includes('doomed-6'), 'the record is gone from history');

    const activeRow = page.locator('li.record', { hasText: 'Still capturing' });
    assert.equal(await textOf(activeRow.locator('.state')), 'active');
    assert.match(await activeRow.innerText(), /Active: stop the capture \(bsk debug stop\) before deleting it\./);
    assert.equal(await activeRow.getByRole('button', { name: /Delete/ }).count(), 0);
    // History itself refuses, whatever a page asks.
    const refusal = await page.evaluate(async ([lib, runId]) => {
      const { History } = await import(lib);
      return (await History.open()).delete(runId).then(() => 'deleted', (/** @type {Error} */ e) => e.message);
    }, [HISTORY_MODULE, active.run.run_id]);
    assert.match(refusal, /is an active capture/);
    await page.close();
  });

  test('export downloads the document exactly as seeded', async () => {
    const page = await open();
    const row = page.locator('li.record', { hasText: 'Save fails' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Export Save fails as JSON' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'bsk-save-fails-sf_1.a-b.json');
    const path = join(artifactsDir(), download.suggestedFilename());
    await download.saveAs(path);
    assert.deepEqual(JSON.parse(readFileSync(path, 'utf8')), saveFails);

    await page.goto(`${evidenceUrl()}${runHash(full.run.run_id)}`);
    const [fromRecord] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    assert.equal(fromRecord.suggestedFilename(), 'bsk-full-bounds-full-bounds.json');
    const fullPath = join(artifactsDir(), fromRecord.suggestedFilename());
    await fromRecord.saveAs(fullPath);
    assert.deepEqual(JSON.parse(readFileSync(fullPath, 'utf8')), full);

    // The same record as HAR 1.2, one entry per retained request.
    const [har] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export HAR' }).click(),
    ]);
    assert.equal(har.suggestedFilename(), 'bsk-full-bounds-full-bounds.har');
    const harPath = join(artifactsDir(), har.suggestedFilename());
    await har.saveAs(harPath);
    const log = JSON.parse(readFileSync(harPath, 'utf8')).log;
    assert.equal(log.version, '1.2');
    assert.equal(log.entries.length, full.requests.length);
    await page.close();
  });

  test('a live record shows a newer checkpoint without a reload, keeping the reader’s place', async () => {
    const live = activeDoc('live-7', 'Live capture');
    await seed(worker, live);
    await heartbeat(worker, [live.run.run_id]);
    const page = await open(`${runHash(live.run.run_id)}&view=requests`);
    await page.locator('.live').getByText('Live').waitFor();
    await page.locator('ul.requests > li').first().waitFor();
    const filter = page.locator('#request-filter');
    await filter.fill('api');
    await page.waitForFunction(() => document.querySelectorAll('ul.requests > li').length === 2);
    await page.evaluate(() => { /** @type {any} */ (window).sameDocument = true; });

    const newer = structuredClone(live);
    const retry = structuredClone(newer.requests[5]);
    Object.assign(retry, { id: 'r8', revision: 99, url: 'http://127.0.0.1:18123/api/retry', started_at: newer.saved_at + 500, ended_at: newer.saved_at + 540 });
    newer.requests.push(retry);
    newer.run.requests = newer.requests.length;
    newer.saved_at += 2000;
    await heartbeat(worker, [live.run.run_id]);
    await seed(worker, newer);

    await page.locator('ul.requests > li', { hasText: '/api/retry' }).waitFor();
    assert.equal(await page.locator('ul.requests > li').count(), 3);
    assert.match(await textOf(page.locator('.card', { hasText: 'History' })), /checkpoints arrive at most every 2 seconds/);
    assert.equal(await filter.inputValue(), 'api', 'the filter survives the update');
    assert.equal(await page.evaluate(() => /** @type {any} */ (window).sameDocument), true, 'no reload');
    assert.match(await page.locator('.tabs').innerText(), /Requests\s+8/);

    // A busy browser: the daemon spaced the checkpoints out, and the card says how far.
    const spaced = structuredClone(newer);
    spaced.run.history = { ...spaced.run.history, spacing_ms: 6000 };
    spaced.saved_at += 100;
    await seed(worker, spaced);
    const spacedCard = page.locator('.card', { hasText: 'every 6.0 seconds for now' });
    await spacedCard.waitFor();
    await spacedCard.screenshot({ path: join(artifactsDir(), 'evidence-history-card-spaced.png') });

    // The final checkpoint: no longer live.
    const final = structuredClone(spaced);
    Object.assign(final.run, { state: 'stopped', stopped_at: newer.saved_at + 100, stop_reason: { kind: 'session_ended' } });
    final.saved_at += 200;
    await seed(worker, final);
    await page.locator('.live').waitFor({ state: 'detached' });
    assert.match(await textOf(page.locator('.record-head')), /the session ended/);
    await page.close();
  });

  test('a record at full bounds renders', async () => {
    const page = await open(runHash(full.run.run_id));
    await page.waitForFunction(() => document.querySelectorAll('article.op').length === 64);
    const firstRender = await page.evaluate(() => performance.now());
    console.log(`full-bounds record: first render of the timeline ${firstRender.toFixed(0)} ms after navigation start (200 requests, 100 console entries, 64 operations, 20 pages, ${full.run.text_units} body code units)`);
    assert.match(await page.locator('.tabs').innerText(), /Timeline\s+64\s+Requests\s+200\s+Traffic summary\s+513\s+Console\s+100\s+Page context\s+20/);
    assert.ok(await page.getByText('Possibly related (by start time, not proof of causation)').count() > 0);
    const capacityCard = page.locator('.card', { hasText: 'Capacity limits' });
    await capacityCard.screenshot({ path: join(artifactsDir(), 'evidence-capacity-full-bounds.png') });
    const capacity = await textOf(capacityCard);
    for (const words of [
      '965 oldest finished requests evicted to keep 200 (1,165 seen)',
      '80 oldest console entries evicted to keep 100 (180 seen)',
      '3 oldest operations evicted to keep 64',
      '2 oldest page loads evicted to keep 20',
      '5 bodies dropped to stay within 512 Ki characters of text per capture',
      '3 bodies truncated at a text limit',
      '2 bodies lost to a full fetch queue (32 reads already queued)',
      '1 body read missed the 2.5 s deadline',
      '1 body read failed inside bsk (an internal error, in the daemon log)',
      '4 browser events lost because a capture queue was full',
      '2 sets of raw headers (as sent on the network) dropped while waiting for their request',
      '2 iframes not captured: 16 were already attached',
      '1 iframe whose capture set-up failed',
    ]) assert.ok(capacity.includes(words), `capacity card says “${words}”`);
    // Work saved or evidence recovered is no limit: not listed among the losses.
    assert.doesNotMatch(capacity, /refetched|fetches skipped/);
    assert.match(await textOf(page.locator('.card', { hasText: 'Capture started late' })), /1 iframe existed before capture started/);
    assert.match(await textOf(page.locator('.card', { hasText: 'Fields not recorded' })), /without a usable name|no usable name or id/);
    // Body text is not in the page until a request is opened.
    assert.equal(await page.locator('pre.body-text').count(), 0);
    await page.close();
  });

  test('a load-profile record names its own limits', async () => {
    // `bsk debug start --profile load`: the daemon keeps more, and its counters say so; its
    // history checkpoint (with `slice`) keeps the spec-bounded newest requests.
    const limits = { profile: 'load', max_requests: 10_000, max_console: 5_000, text_budget: 32 * 1024 * 1024, memory_reserved: 1 << 30 };
    const counters = { requests_seen: 10_965, requests_evicted: 965, console_seen: 5_080, console_evicted: 80, bodies_evicted: 5 };
    const exported = rebased(fixture('save-fails.json'), NOW - 7 * MINUTE, { run_id: 'load-export-8', name: 'Load export', limits, counters });
    const checkpoint = rebased(fixture('save-fails.json'), NOW - 8 * MINUTE, { run_id: 'load-checkpoint-9', name: 'Load checkpoint', limits, counters });
    checkpoint.slice = { requests_left_out: 9_800, console_left_out: 4_900, bodies_left_out: 3 };
    await seed(worker, exported, checkpoint);
    const page = await open(runHash(exported.run.run_id));
    const capacity = await textOf(page.locator('.card', { hasText: 'Capacity limits' }));
    for (const words of [
      '965 oldest finished requests evicted to keep 10,000 (10,965 seen)',
      '80 oldest console entries evicted to keep 5,000 (5,080 seen)',
      '5 bodies dropped to stay within 32 Mi characters of text per capture',
    ]) assert.ok(capacity.includes(words), `capacity card says “${words}”: ${capacity}`);
    await page.close();
    // A request the record does not hold: the export kept its capture's newest, the checkpoint
    // the spec's.
    for (const [doc, kept] of [[exported, '10,000'], [checkpoint, '200']]) {
      const detail = await open(`${runHash(doc.run.run_id)}&view=requests&request=r404`);
      assert.match(await textOf(detail.locator('.request-detail')), new RegExp(`Request r404 is not in this record\\s+It may have been evicted to keep the ${kept} most recent requests\\.`));
      await detail.close();
    }
  });

  test('the traffic summary shows every route, the other row last, failures by error text, and a headline', async () => {
    const summary = full.summary;
    const page = await open(`${runHash(full.run.run_id)}&view=requests`);
    await page.locator('ul.requests > li').first().waitFor();
    // Opened from its tab with the keyboard; the 513 rows are built when it opens.
    const tab = page.locator('.tabs a', { hasText: 'Traffic summary' });
    assert.match(await tab.innerText(), /^Traffic summary\s+513$/);
    const started = await page.evaluate(() => performance.now());
    await tab.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.summary-table tbody tr').length === 513);
    const took = await page.evaluate((t) => performance.now() - t, started);
    console.log(`traffic summary of 512 routes + other: shown ${took.toFixed(0)} ms after its tab was pressed`);
    assert.ok(took < 2000, `the summary took ${took.toFixed(0)} ms to show`);
    assert.equal(await tab.getAttribute('aria-current'), 'page');

    assert.equal((await textOf(page.locator('.summary-headline'))).replaceAll('\u00a0', ' '),
      '1,165 requests since the capture started · 512 routes + other · 200 retained, 965 evicted');
    assert.match(await page.locator('.summary-untracked').innerText(), /^3 requests counted without their outcome: more than 4096 were in flight at once/);
    // The in-flight column shows only when a route has a request in flight.
    const flying = [...summary.routes, summary.other].some((/** @type {any} */ r) => r.in_flight > 0);
    assert.deepEqual(await page.locator('.summary-table thead th').allInnerTexts(),
      ['Route', 'Count', '2xx', '3xx', '4xx', '5xx', 'Failed', ...(flying ? ['In flight'] : []), 'p50 ms', 'p95 ms', 'p99 ms', 'Bytes in / out']);

    const rows = page.locator('.summary-table tbody tr');
    /** The cells of a row as shown, the route cell first. @param {import('playwright-core').Locator} row */
    const cells = async (row) => (await row.locator('th, td').allInnerTexts()).map((t) => t.trim());
    /** What the row of `r` should show after its route cell. @param {any} r */
    const numbers = (r) => [
      count(r.count), ...['2xx', '3xx', '4xx', '5xx'].map((c) => count(r.status[c] ?? 0)), count(r.failed), ...(flying ? [count(r.in_flight)] : []),
      milliseconds(r.duration_ms.p50), milliseconds(r.duration_ms.p95), milliseconds(r.duration_ms.p99), `${bytes(r.bytes_in)}\n${bytes(r.bytes_out)}`,
    ];
    // Failing routes first: the route with the most network errors and 4xx/5xx heads the table.
    /** @param {any} r */
    const failing = (r) => r.failed + (r.status['4xx'] ?? 0) + (r.status['5xx'] ?? 0);
    const mostFailing = summary.routes.reduce((/** @type {any} */ a, /** @type {any} */ b) => (failing(b) > failing(a) ? b : a));
    assert.equal((await cells(rows.first()))[0].split('\n')[0], `${mostFailing.method} ${mostFailing.route}`);
    // That order is no one column's (network errors and 4xx/5xx together): no arrow claims it,
    // and the line above the table says what it is.
    assert.equal(await page.locator('.summary-table th[aria-sort]').count(), 0);
    assert.match(await page.locator('#summary-order').innerText(), /Failing routes first: network errors and 4xx\/5xx responses together/);
    // By count, as the daemon ordered them: the busiest route first.
    await page.getByRole('button', { name: 'Count', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('.summary-table th[aria-sort="descending"]')?.textContent === 'Count');
    assert.match(await page.locator('#summary-order').innerText(), /Sorted by Count, highest first/);
    const first = await cells(rows.first());
    assert.match(first[0], /^GET 127\.0\.0\.1:18123\/api\/items\/\{id\}\s+net::ERR_CONNECTION_REFUSED ×10\s+7 from the cache or a service worker$/);
    assert.deepEqual(first.slice(1), numbers(summary.routes[0]));
    assert.deepEqual(first.slice(1, 4), ['389', '353', '0']);
    // `other` last, in words.
    const last = await cells(rows.last());
    assert.match(last[0], /^Other routes \(beyond the first 512\)/);
    assert.deepEqual(last.slice(1), numbers(summary.other));
    // A route that only failed: its error text under it, its count in the failed column.
    const refused = rows.filter({ hasText: '127.0.0.1:43129/refused' });
    assert.deepEqual(await cells(refused), [
      'GET 127.0.0.1:43129/refused\nnet::ERR_CONNECTION_REFUSED ×20', '20', '0', '0', '0', '0', '20', ...(flying ? ['0'] : []), '103.5', '106.2', '106.5', '0 B\n0 B',
    ]);
    assert.equal(await refused.locator('td').nth(5).getAttribute('class'), 'num num-error');
    // When the route was first and last sent, for lining up with the site's own logs.
    assert.match(await refused.locator('th').getAttribute('title') ?? '', /^first sent \d\d:\d\d:\d\d\.\d{3}.*, latest \d\d:\d\d:\d\d\.\d{3}/);
    // Eight error texts at most per route, the rest counted together.
    const flaky = await rows.filter({ hasText: '127.0.0.1:18123/api/flaky' }).locator('.route-failures li').allInnerTexts();
    assert.equal(flaky.length, 9);
    assert.equal(flaky[0], 'net::ERR_CONNECTION_RESET ×4');
    assert.equal(flaky.at(-1), 'other errors ×4');

    // 1280 px: every column is in view beside the side cards, no sideways scroll.
    await page.setViewportSize({ width: 1280, height: 900 });
    const wrap = page.locator('.summary-wrap');
    assert.ok(await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth),
      `the table fits its card at 1280 px: ${await wrap.evaluate((el) => `${el.scrollWidth} > ${el.clientWidth}`)}`);

    // 420 px: the page does not overflow; the table scrolls inside its card, and the keyboard
    // reaches the scrolling region.
    await page.setViewportSize({ width: 420, height: 900 });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'the page fits 420 px');
    assert.ok(await wrap.evaluate((el) => el.scrollWidth > el.clientWidth), 'the table scrolls sideways inside its card');
    assert.equal(await wrap.getAttribute('tabindex'), '0');
    await wrap.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('.summary-wrap')).scrollLeft > 0);
    await page.close();
  });

  test('a small summary: one row per route, the request still in flight, and a headline', async () => {
    const page = await open(`${runHash(leftBehind.run.run_id)}&view=summary`);
    const routes = leftBehind.summary.routes;
    await page.waitForFunction((n) => document.querySelectorAll('.summary-table tbody tr').length === n, routes.length);
    assert.equal(routes.length, 7);
    assert.equal((await textOf(page.locator('.summary-headline'))).replaceAll('\u00a0', ' '), '7 requests since the capture started · 7 routes · 7 retained');
    assert.equal(await page.locator('.summary-untracked').count(), 0);
    assert.equal(await page.locator('.summary-other').count(), 0, 'no other row when every route has its own');
    const routeCells = await page.locator('.summary-table tbody th').allInnerTexts();
    // Failing routes first (the 404 favicon, then the request in flight's route by its count),
    // the rest as the daemon ordered them.
    /** @param {any} r */
    const failing = (r) => r.failed + (r.status['4xx'] ?? 0) + (r.status['5xx'] ?? 0);
    const expected = [...routes].map((r, i) => ({ r, i })).sort((a, b) => failing(b.r) - failing(a.r) || a.i - b.i).map(({ r }) => `${r.method} ${r.route}`);
    assert.deepEqual(routeCells, expected);
    assert.equal(routeCells[0], 'GET 127.0.0.1:18123/favicon.ico');
    // A route opens the requests list filtered to it.
    await page.locator('.summary-table tbody th a', { hasText: '/api/save' }).click();
    await page.locator('#route-filter').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('ul.requests > li').length === 1);
    assert.match(await page.locator('ul.requests > li').innerText(), /POST\s+\/api\/save/);
    await page.goBack();
    await page.locator('.summary-table').waitFor();
    assert.ok(routeCells.includes('GET 127.0.0.1:18123/nope'));
    const pending = page.locator('.summary-table tbody tr', { hasText: 'GET 127.0.0.1:18123/nope' });
    assert.equal(await pending.locator('td').nth(6).innerText(), '1', 'in flight');
    assert.equal(await pending.locator('td').nth(6).getAttribute('class'), 'num num-attention');
    assert.equal(await pending.locator('td').nth(7).innerText(), '—', 'no duration without an end');
    await page.close();
  });

  test('an export without a summary shows no traffic summary, and says so in a line when asked', async () => {
    assert.equal(saveFails.summary, undefined);
    const page = await open(runHash(saveFails.run.run_id));
    await page.locator('article.op').first().waitFor();
    assert.deepEqual((await page.locator('.tabs a').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ')),
      ['Timeline 6', 'Requests 7', 'Console 5', 'Page context 1']);
    // A link to the view (from another record, say): one line, no table, and its tab marked.
    const hash = `${runHash(saveFails.run.run_id)}&view=summary`;
    await page.goto(`${evidenceUrl()}${hash}`);
    assert.equal(await textOf(page.locator('.summary-section .empty')),
      'This record has no traffic summary: it was saved by a bsk from before summaries were kept. Its retained requests are under Requests.');
    assert.equal(await page.locator('.summary-table').count(), 0);
    assert.equal(await page.locator('.tabs a[aria-current="page"]').innerText(), 'Traffic summary');
    await page.locator('.tabs a', { hasText: 'Requests' }).click();
    await page.locator('ul.requests > li').first().waitFor();
    assert.deepEqual(pageErrors.filter((e) => e.includes(saveFails.run.run_id)), []);
    await page.close();
  });

  test('text in the traffic summary is shown as text, never as markup', async () => {
    const hostile = rebased(fixture('save-fails.json'), NOW - 8 * MINUTE, { run_id: 'hostile-summary-8', name: 'Hostile summary' });
    hostile.summary = trafficSummary(hostile.requests.map(seenRecord));
    const route = hostile.summary.routes[0];
    Object.assign(route, {
      method: '<b>GET</b>',
      route: '<img src=x onerror="window.__bskPwned = 1">/a',
      failed: 1,
      failures: [{ error: '<script>window.__bskPwned = 2</script>', count: 1 }],
    });
    route.status['<i>9xx</i>'] = 1;
    await seed(worker, hostile);
    const page = await open(`${runHash(hostile.run.run_id)}&view=summary`);
    const table = page.locator('.summary-table');
    await table.locator('tbody tr').first().waitFor();
    assert.equal(await table.locator('img, b, i, script').count(), 0, 'no element made from the data');
    const cell = table.locator('tbody tr').first().locator('th');
    assert.equal(await cell.locator('.route-method').textContent(), '<b>GET</b>');
    assert.equal(await cell.locator('.route-path').textContent(), '<img src=x onerror="window.__bskPwned = 1">/a');
    assert.equal(await cell.locator('.route-failures li').textContent(), '<script>window.__bskPwned = 2</script> ×1');
    // A status key of another shape still counts, in a column of its own.
    assert.equal(await table.locator('thead th').nth(6).innerText(), 'Other');
    assert.equal(await table.locator('tbody tr').first().locator('td').nth(5).innerText(), '1');
    assert.equal(await page.evaluate(() => /** @type {any} */ (window).__bskPwned), undefined);
    await page.close();
  });

  test('with a filter on and nothing folded, no "Show 0 static requests" button shows', async () => {
    const folding = withFoldedFavicon(rebased(fixture('save-fails.json'), NOW - 2 * MINUTE, { run_id: 'folding-1', name: 'Folding' }));
    await seed(worker, folding);
    const page = await open(`${runHash('folding-1')}&view=requests`);
    await page.locator('ul.requests > li').first().waitFor();
    // The favicon is folded: the toggle offers it.
    await page.getByRole('button', { name: 'Show 1 static request' }).waitFor();
    await page.locator('#request-filter').fill('api');
    await page.waitForFunction(() => document.querySelectorAll('ul.requests > li').length === 2);
    // Hidden means gone: `button { display: inline-flex }` must not show it again.
    const toggle = page.locator('button.fold-toggle');
    assert.equal(await toggle.getAttribute('hidden'), '');
    assert.equal(await toggle.isVisible(), false, `the toggle shows: “${await toggle.innerText()}”`);
    assert.equal(await page.getByRole('button', { name: /Show 0/ }).count(), 0);
    await page.close();
  });

  test('a record names every page it visited, manual inputs in words, and a stop from the popup', async () => {
    const doc = rebased(fixture('save-fails.json'), NOW - 3 * MINUTE, { run_id: 'manual-5', name: 'Manual flow', stop_reason: { kind: 'stopped_from_extension' } });
    const base = 'http://127.0.0.1:18123';
    const first = doc.pages[0];
    doc.pages = ['/demo', '/demo', '/settings', '/checkout?step=2'].map((path, i) => ({ ...first, id: `p${i + 1}`, url: `${base}${path}`, at: first.at + i * 1000 }));
    const template = doc.operations[4];
    doc.operations.push(
      { ...template, id: 'o7', source: 'manual', name: 'click', params: { target: { tag: 'button', id: 'save', name: 'save', text: 'Save profile' } }, started_at: template.started_at + 3000, ended_at: template.started_at + 3000 },
      { ...template, id: 'o8', source: 'manual', name: 'type', params: { field: 'email', form: 'profile', kind: 'email', value: 'ada@example.com', omitted: false }, started_at: template.started_at + 4000, ended_at: template.started_at + 4300 },
    );
    await seed(worker, doc);
    const page = await open(runHash('manual-5'));
    await page.getByRole('heading', { level: 1, name: 'Manual flow' }).waitFor();
    const header = await textOf(page.locator('.record-head'));
    // Every page visited, in order; a reload once.
    assert.match(header, /3 pages visited/);
    assert.deepEqual(await page.locator('.page-urls li').allInnerTexts(), [`${base}/demo`, `${base}/settings`, `${base}/checkout?step=2`]);
    // Stopped from the popup, in those words.
    assert.match(header, /stopped from the extension’s popup/);
    assert.doesNotMatch(header, /bsk debug stop/);
    const click = page.locator('#op-o7');
    assert.match(await click.locator('.params').innerText(), /target\s+button#save name="save" “Save profile”/);
    assert.doesNotMatch(await click.innerText(), /"tag"|\{/);
    const type = await page.locator('#op-o8 .params').innerText();
    assert.match(type, /field\s+email/);
    assert.doesNotMatch(type, /omitted/);
    // The history list shows the pages too: every one when history's metadata lists them,
    // else the first and how many loads followed.
    await page.goto(evidenceUrl());
    const row = page.locator('li.record', { hasText: 'Manual flow' });
    await row.waitFor();
    const rowText = await row.innerText();
    assert.ok(rowText.includes(`${base}/demo`), rowText);
    assert.ok(rowText.includes(`${base}/checkout?step=2`) || /and 3 later page loads/.test(rowText), rowText);
    assert.match(rowText, /stopped from the extension’s popup/);
    await page.close();
  });

  test('screenshots, light and dark, wide and narrow', async () => {
    const dir = artifactsDir();
    const views = [
      ['history', ''],
      ['timeline', runHash(saveFails.run.run_id)],
      ['request-detail', `${runHash(saveFails.run.run_id)}&view=requests&request=r6`],
      ['requests', `${runHash(full.run.run_id)}&view=requests`],
      ['console', `${runHash(saveFails.run.run_id)}&view=console`],
      ['page-context', `${runHash(saveFails.run.run_id)}&view=pages`],
      ['interrupted', runHash(leftBehind.run.run_id)],
      ['upload-detail', `${runHash(full.run.run_id)}&view=requests&request=${full.requests.find((/** @type {any} */ r) => Array.isArray(r.request_body.parts)).id}`],
      ['image-detail', `${runHash(full.run.run_id)}&view=requests&request=${full.requests.find((/** @type {any} */ r) => r.response_body.binary).id}`],
      ['traffic-summary', `${runHash(full.run.run_id)}&view=summary`],
      ['traffic-summary-small', `${runHash(leftBehind.run.run_id)}&view=summary`],
    ];
    const page = await open();
    for (const scheme of /** @type {const} */ (['light', 'dark'])) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [width, height] of [[1280, 900], [400, 900]]) {
        await page.setViewportSize({ width, height });
        for (const [name, hash] of views) {
          await page.goto(`${evidenceUrl()}${hash}`);
          await page.locator(hash ? '.section > *' : 'li.record').first().waitFor();
          assert.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), scheme === 'dark');
          // Nothing wider than the window: the page reflows instead of scrolling sideways.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
          assert.ok(overflow <= 0, `${name} at ${width} px is ${overflow} px wider than the window`);
          // 200 requests make a very tall page: that one is shot from its tabs down, one screen.
          if (name === 'requests') await page.locator('.tabs').evaluate((tabs) => tabs.scrollIntoView());
          await page.screenshot({ path: join(dir, `evidence-${name}-${scheme}-${width}.png`), fullPage: name !== 'requests' });
        }
      }
    }
    await page.close();
    assert.deepEqual(pageErrors, [], 'no uncaught errors in the evidence page');
  });
});

describe('evidence page with empty history', () => {
  test('explains how records get here and how long they are kept', async () => {
    const empty = await launchWithExtension();
    try {
      await serviceWorker(empty.context);
      const page = await empty.context.newPage();
      page.setDefaultTimeout(WAIT_MS);
      await page.goto(evidenceUrl());
      const text = await textOf(page.locator('.empty-state'));
      assert.match(text, /No records yet/);
      assert.match(text, /bsk debug start --session <id>/);
      assert.match(text, /30 days, up to 50 records and 50 MiB/);
      assert.match(text, /Export the ones that matter/);
      for (const [scheme, width] of /** @type {const} */ ([['light', 1280], ['dark', 420]])) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: join(artifactsDir(), `evidence-empty-${scheme}-${width}.png`) });
      }
    } finally {
      await empty.close();
    }
  });
});
