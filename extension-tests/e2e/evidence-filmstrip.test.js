// @ts-check
// The filmstrip on the evidence page, from a record seeded the way the daemon saves it (no daemon
// needed): two real JPEGs sent once each with `bskLink.picture`, then a checkpoint whose three
// operations refer to them by id (without base64) and to a third picture that never arrived. The
// strip above the timeline, the thumbnail beside each operation, the enlarged picture (Escape,
// Close, ← →), "picture not stored", the dropped pictures in words, and Export with the pictures
// inline. Screenshots go to target/extension-artifacts as evidence-filmstrip-*.png.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  WAIT_MS, artifactsDir, fixture, heartbeat, launchWithExtension, openEvidence, rebased, seed, serviceWorker,
} from './support.js';

const NOW = Date.now();
const MAIN = 'main frame';

/** @type {Awaited<ReturnType<typeof launchWithExtension>>} */
let browser;
/** @type {import('playwright-core').Worker} */
let worker;
/** @type {string[]} */
const pageErrors = [];
/** @type {any[]} the pictures as sent over the link */
let pictures = [];

const doc = filmstripDocument();

before(async () => {
  browser = await launchWithExtension();
  worker = await serviceWorker(browser.context);
  pictures = await worker.evaluate(drawPictures, { runId: doc.run.run_id, pages: PAGES });
  for (const picture of pictures) {
    const ack = await worker.evaluate((p) => /** @type {any} */ (globalThis).bskLink.picture(p), picture);
    assert.deepEqual(ack, { run_id: doc.run.run_id, id: picture.id });
  }
  // The checkpoint refers to the pictures by id; p3 was never sent (the daemon's send failed).
  doc.operations.forEach((/** @type {any} */ op, /** @type {number} */ i) => {
    const sent = pictures[i];
    op.picture = sent
      ? { id: sent.id, mime_type: sent.mime_type, bytes: sent.bytes, width: PAGES[i].width, height: PAGES[i].height, sha256: sent.sha256, taken_at: op.ended_at + 120 }
      : { id: 'p3', mime_type: 'image/jpeg', bytes: 20_000, width: 1024, height: 640, sha256: 'f'.repeat(64), taken_at: op.ended_at + 120 };
  });
  await seed(worker, doc);
});

after(async () => {
  await browser?.close();
});

/** @param {string} hash */
const open = (hash) => openEvidence(browser.context, pageErrors, hash);
const runHash = () => `#run=${encodeURIComponent(doc.run.run_id)}`;

/**
 * Whether every image of the page has loaded (none is broken), with how many there are.
 * @param {import('playwright-core').Page} page
 */
const images = (page) => page.evaluate(() => [...document.images].map((img) => ({ alt: img.alt, loaded: img.complete && img.naturalWidth > 0 })));

describe('the filmstrip', () => {
  test('a strip above the timeline, a thumbnail beside each operation, and words where a picture is missing', async () => {
    const page = await open(runHash());
    const strip = page.locator('.filmstrip');
    await strip.waitFor();
    // Above the timeline's operations.
    const [stripBox, firstOp] = [await strip.boundingBox(), await page.locator('#op-o1').boundingBox()];
    assert.ok(stripBox && firstOp && stripBox.y + stripBox.height <= firstOp.y, 'the strip is above the operations');

    assert.equal(await strip.locator('h3').innerText(), 'The page after each agent operation');
    assert.equal(await strip.locator('.filmstrip-count').innerText(), '2 pictures · 1 not stored · 1 picture dropped (at most 40, 48 KiB each)');
    // One frame per operation with a picture, in operation order, labelled by id and name.
    assert.deepEqual(await strip.locator('.frame-caption').allInnerTexts(), ['o1 navigate', 'o2 fill textbox "Name"', 'o5 click button "Save profile"']);
    assert.equal(await strip.locator('.frame').nth(0).locator('button.picture-thumb img').count(), 1);
    assert.equal(await strip.locator('.frame').nth(1).locator('button.picture-thumb img').count(), 1);
    assert.equal(await strip.locator('.frame').nth(2).locator('.picture-missing').innerText(), 'picture not stored');
    assert.equal(await strip.locator('.frame').nth(2).locator('img').count(), 0, 'no broken image');

    // Beside each operation in the timeline.
    assert.equal(await page.locator('#op-o1 .op-picture img').count(), 1);
    assert.equal(await page.locator('#op-o2 .op-picture img').count(), 1);
    assert.equal(await page.locator('#op-o5 .op-picture').innerText(), 'picture not stored');
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    assert.deepEqual(await images(page), Array(4).fill({ alt: '', loaded: true }), 'four thumbnails, all loaded');
    const thumb = await page.locator('#op-o2 .op-picture').boundingBox();
    const head = await page.locator('#op-o2 .op-head').boundingBox();
    assert.ok(thumb && head && thumb.x >= head.x + head.width - 1, 'at 1280 px the picture is at the right of the operation');

    // The dropped pictures in the capacity card, and the record's size with its pictures.
    assert.match(await page.locator('.card[aria-label="Capacity limits"]').innerText(), /1 picture dropped \(at most 40, 48 KiB each\)/);
    assert.match(await page.locator('.run-facts').innerText(), /Stored\s+[\d.]+ KiB with 2 pictures, 1 checkpoint/i);

    const dir = artifactsDir();
    for (const [width, height] of [[1280, 900], [400, 900]]) {
      await page.setViewportSize({ width, height });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      assert.ok(overflow <= 0, `the timeline at ${width} px is ${overflow} px wider than the window`);
      await page.screenshot({ path: join(dir, `evidence-filmstrip-timeline-${width}.png`), fullPage: true });
    }
    // At 400 px the operation's picture is under its header, within the operation.
    const narrow = await page.locator('#op-o2 .op-picture').boundingBox();
    const article = await page.locator('#op-o2').boundingBox();
    const narrowHead = await page.locator('#op-o2 .op-head').boundingBox();
    assert.ok(narrow && article && narrowHead);
    assert.ok(narrow.y >= narrowHead.y + narrowHead.height - 1 && narrow.x + narrow.width <= article.x + article.width, 'under the header, inside the operation');
    await strip.screenshot({ path: join(dir, 'evidence-filmstrip-strip-400.png') });
    await page.locator('#op-o2').screenshot({ path: join(dir, 'evidence-filmstrip-operation-400.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await strip.screenshot({ path: join(dir, 'evidence-filmstrip-strip-1280.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('#op-o2').screenshot({ path: join(dir, 'evidence-filmstrip-operation-dark-1280.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.close();
  });

  test('a click enlarges a picture: its label as alt text, ← → to the others, Escape and Close', async () => {
    const page = await open(runHash());
    const stripThumb = page.locator('.filmstrip .frame').nth(1).locator('button.picture-thumb');
    await stripThumb.waitFor();
    assert.equal(await stripThumb.getAttribute('aria-label'), 'Enlarge the picture of the page after o2: fill textbox "Name"');
    await stripThumb.click();
    const dialog = page.locator('dialog.picture-dialog[open]');
    await dialog.waitFor();
    const full = dialog.locator('img.picture-full');
    await page.waitForFunction(() => { const img = document.querySelector('img.picture-full'); return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0; });
    assert.equal(await full.getAttribute('alt'), 'fill textbox "Name"');
    assert.equal(await dialog.locator('h2').innerText(), 'o2 fill textbox "Name"');
    assert.match(await dialog.locator('.picture-dialog-facts').innerText(), /^The page after the operation, taken \+[\d.]+ s · 1024×640 · [\d.]+ KiB · 2 of 2$/);
    assert.equal(await page.evaluate(() => document.activeElement?.closest('dialog') !== null), true, 'focus is in the dialog');
    assert.equal(await dialog.getByRole('button', { name: 'Next →' }).isDisabled(), true, 'the last picture: no next');

    const dir = artifactsDir();
    await page.screenshot({ path: join(dir, 'evidence-filmstrip-enlarged-1280.png') });
    await page.keyboard.press('ArrowLeft');
    assert.equal(await full.getAttribute('alt'), 'navigate');
    assert.match(await dialog.locator('.picture-dialog-facts').innerText(), /1 of 2$/);
    await page.keyboard.press('Escape');
    // The dialog loses `open` first; its `close` event, a task later, removes it and returns focus.
    await page.locator('dialog').waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.dataset.focusKey), 'picture:strip:o2', 'focus is back on the thumbnail');

    // From the timeline, at 400 px; the Close button closes it.
    await page.setViewportSize({ width: 400, height: 800 });
    await page.locator('#op-o1 .op-picture').click();
    await dialog.waitFor();
    assert.equal(await full.getAttribute('alt'), 'navigate');
    await page.waitForFunction(() => { const img = document.querySelector('img.picture-full'); return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0; });
    const fits = await page.evaluate(() => {
      const box = /** @type {HTMLElement} */ (document.querySelector('dialog.picture-dialog')).getBoundingClientRect();
      return box.left >= 0 && box.right <= innerWidth && box.top >= 0 && box.bottom <= innerHeight;
    });
    assert.ok(fits, 'the dialog fits a 400 px window');
    await page.screenshot({ path: join(dir, 'evidence-filmstrip-enlarged-400.png') });
    await dialog.getByRole('button', { name: 'Next →' }).click();
    assert.equal(await full.getAttribute('alt'), 'fill textbox "Name"');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A picture not stored enlarges nothing: it is words, not a button.
    assert.equal(await page.locator('#op-o5 .op-picture').evaluate((el) => el.tagName), 'SPAN');
    await page.close();
  });

  test('a live record shows a new picture once the checkpoint that refers to it is saved', async () => {
    const live = structuredClone(doc);
    Object.assign(live.run, { run_id: 'filmstrip-live', name: 'Live, with pictures', state: 'active' });
    delete live.run.stopped_at;
    delete live.run.stop_reason;
    live.saved_at = Date.now();
    const sent = pictures.map((p) => ({ ...p, run_id: 'filmstrip-live' }));
    const send = (/** @type {any} */ p) => worker.evaluate((picture) => /** @type {any} */ (globalThis).bskLink.picture(picture), p);
    await heartbeat(worker, ['filmstrip-live']);
    await send(sent[0]);
    const first = structuredClone(live);
    first.operations = first.operations.slice(0, 1);
    await seed(worker, first);

    const page = await open(`#run=${encodeURIComponent('filmstrip-live')}`);
    await page.locator('.filmstrip .frame').first().waitFor();
    assert.equal(await page.locator('.filmstrip .frame').count(), 1);
    const src = await page.locator('#op-o1 .op-picture img').getAttribute('src');

    // The daemon sends the next picture, then the checkpoint that refers to it.
    await send(sent[1]);
    await heartbeat(worker, ['filmstrip-live']);
    const second = structuredClone(live);
    second.saved_at += 2000;
    second.operations = second.operations.slice(0, 2);
    await seed(worker, second);
    await page.waitForFunction(() => document.querySelectorAll('.filmstrip .frame button.picture-thumb').length === 2);
    assert.equal(await page.locator('.filmstrip-count').innerText(), '2 pictures · 1 picture dropped (at most 40, 48 KiB each)');
    assert.equal(await page.locator('#op-o1 .op-picture img').getAttribute('src'), src, 'a picture is read once and kept');
    await page.close();
  });

  test('Export writes the pictures inline; HAR carries none', async () => {
    const page = await open(runHash());
    await page.locator('.filmstrip').waitFor();
    const [json] = await Promise.all([page.waitForEvent('download', { timeout: WAIT_MS }), page.getByRole('button', { name: 'Export JSON' }).click()]);
    const exported = JSON.parse(await streamText(json));
    assert.equal(exported.operations[0].picture.base64, pictures[0].base64);
    assert.equal(exported.operations[1].picture.base64, pictures[1].base64);
    assert.equal(exported.operations[2].picture.id, 'p3');
    assert.ok(!('base64' in exported.operations[2].picture), 'a picture not stored stays a reference');
    const [har] = await Promise.all([page.waitForEvent('download', { timeout: WAIT_MS }), page.getByRole('button', { name: 'Export HAR' }).click()]);
    const harText = await streamText(har);
    assert.ok(!harText.includes(pictures[0].base64.slice(0, 200)), 'no picture in the HAR');
    await page.close();
    assert.deepEqual(pageErrors, [], 'no uncaught errors in the evidence page');
  });
});

/**
 * The text of a download.
 * @param {import('playwright-core').Download} download
 */
async function streamText(download) {
  const stream = await download.createReadStream();
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The record: three agent operations of a real capture (save-fails.json) named as the daemon
 * names them, with the capture keeping pictures and one dropped.
 */
function filmstripDocument() {
  const base = rebased(fixture('save-fails.json'), NOW - 5 * 60_000, { run_id: 'filmstrip-1', name: 'Profile save, with pictures' });
  const acted = /** @type {Record<string, any[]>} */ ({
    o2: [{ target: '#name', role: 'textbox', name: 'Name', tag: 'input', element_id: 'name', frame: MAIN }],
    o5: [{ target: '#save', role: 'button', name: 'Save profile', tag: 'button', element_id: 'save', frame: MAIN }],
  });
  base.operations = base.operations.filter((/** @type {any} */ op) => ['o1', 'o2', 'o5'].includes(op.id))
    .map((/** @type {any} */ op) => (acted[op.id] ? { ...op, acted_on: acted[op.id] } : op));
  base.run.coverage.screenshots = true;
  base.run.counters.pictures_dropped = 1;
  return base;
}

/** What each picture shows: the demo page after the operation. */
const PAGES = [
  { id: 'p1', width: 1024, height: 640, name: '', email: '', banner: null },
  { id: 'p2', width: 1024, height: 640, name: 'Ada Lovelace', email: '', banner: null },
];

/**
 * Draws each page as the daemon's JPEG would show it and returns it as `bskLink.picture` takes
 * it. Runs in the extension's service worker (OffscreenCanvas, SubtleCrypto).
 * @param {{ runId: string, pages: typeof PAGES }} input
 */
async function drawPictures({ runId, pages }) {
  const out = [];
  for (const spec of pages) {
    const canvas = new OffscreenCanvas(spec.width, spec.height);
    const g = /** @type {OffscreenCanvasRenderingContext2D} */ (canvas.getContext('2d'));
    g.fillStyle = '#f6f7f9';
    g.fillRect(0, 0, spec.width, spec.height);
    g.fillStyle = '#1f3a68';
    g.fillRect(0, 0, spec.width, 64);
    g.fillStyle = '#ffffff';
    g.font = 'bold 26px sans-serif';
    g.fillText('Acme accounts', 32, 42);
    g.fillStyle = '#1b1f24';
    g.font = 'bold 34px sans-serif';
    g.fillText('Your profile', 64, 140);
    g.font = '20px sans-serif';
    for (const [i, [label, value]] of /** @type {[string, string][]} */ ([['Name', spec.name], ['Email', spec.email]]).entries()) {
      const y = 200 + i * 110;
      g.fillStyle = '#39424e';
      g.fillText(label, 64, y);
      g.fillStyle = '#ffffff';
      g.fillRect(64, y + 14, 480, 48);
      g.strokeStyle = '#9aa4b1';
      g.lineWidth = 2;
      g.strokeRect(64, y + 14, 480, 48);
      g.fillStyle = '#1b1f24';
      g.fillText(value, 78, y + 46);
    }
    g.fillStyle = '#1f56c9';
    g.fillRect(64, 440, 180, 52);
    g.fillStyle = '#ffffff';
    g.font = 'bold 20px sans-serif';
    g.fillText('Save profile', 92, 473);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    out.push({
      run_id: runId, id: spec.id, mime_type: 'image/jpeg', bytes: bytes.length,
      sha256: [...digest].map((b) => b.toString(16).padStart(2, '0')).join(''), base64: btoa(binary),
    });
  }
  return out;
}
