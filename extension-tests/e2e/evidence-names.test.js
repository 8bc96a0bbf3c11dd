// @ts-check
// The evidence page names what each operation acted on and the emulation it ran under, as a
// person reads them, from a record seeded the way the daemon saves it (no daemon needed): the
// timeline, a request row and its detail, and the record's header. An older record's
// operations, which name nothing, read as before. Screenshots go to target/extension-artifacts.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { namedDocument } from '../fixtures/named-ops.js';
import {
  artifactsDir, fixture, launchWithExtension, openEvidence, rebased, seed, serviceWorker,
} from './support.js';

const NOW = Date.now();
const PHONE = 'iPhone 15 393×852 @3x mobile touch';
const named = rebased(namedDocument(fixture('save-fails.json')), NOW - 5 * 60_000);
const older = rebased(fixture('save-fails.json'), NOW - 10 * 60_000, { run_id: 'older-1', name: 'Saved before names' });

/** @type {Awaited<ReturnType<typeof launchWithExtension>>} */
let browser;
/** @type {string[]} */
const pageErrors = [];

before(async () => {
  browser = await launchWithExtension();
  await seed(await serviceWorker(browser.context), named, older);
});

after(async () => {
  await browser?.close();
});

/** @param {string} hash */
const open = (hash) => openEvidence(browser.context, pageErrors, hash);
/** @param {string} runId */
const runHash = (runId) => `#run=${encodeURIComponent(runId)}`;

/**
 * An operation's title as a person reads it, the visually hidden "Operation n: " left out.
 * @param {import('playwright-core').Page} page
 * @param {string} id
 */
const title = (page, id) => page.locator(`#op-${id} h3`).evaluate((h3) => [...h3.children].filter((c) => !c.classList.contains('visually-hidden')).map((c) => c.textContent).join(' '));

describe('names and emulation on the evidence page', () => {
  test('the timeline names what each operation acted on, its ref small beside it, and the emulation it ran under', async () => {
    const page = await open(runHash(named.run.run_id));
    await page.locator('#op-o10').waitFor();
    assert.equal(await title(page, 'o5'), 'click button "Save profile"');
    assert.equal(await title(page, 'o2'), 'fill textbox "Name"');
    assert.equal(await title(page, 'o4'), 'select select#plan');
    assert.equal(await title(page, 'o8'), 'drag div "Drag me" onto div "Drop here"');
    assert.equal(await title(page, 'o10'), 'click button "Pay now" in frame https://pay.example.test/card?session=7f3a');
    // The accessible name of the operation carries its position and what it acted on.
    await page.getByRole('article', { name: 'Operation 5: click button "Save profile"' }).waitFor();

    // The ref the agent gave is kept, small, and not repeated among the parameters.
    assert.equal(await page.locator('#op-o8 .op-refs').innerText(), '@e3 onto @e5');
    assert.equal(await page.locator('#op-o10 .op-refs').innerText(), '@e12');
    assert.equal(await page.locator('#op-o8 .params').count(), 0, 'a drag has no parameter left to list');
    const fill = await page.locator('#op-o2 .params').innerText();
    assert.match(fill, /value\s+Ada Lovelace/);
    assert.doesNotMatch(fill, /target/);

    // Emulation: none before the agent emulated; the emulate operation says what it set.
    assert.equal(await page.locator('#op-o5 .under').count(), 0);
    assert.equal(await page.locator('#op-o7 .under').count(), 0);
    assert.match(await page.locator('#op-o7 .params').innerText(), /device\s+iPhone 15[\s\S]*network\s+slow-3g/);
    assert.equal(await page.locator('#op-o8 .under').innerText(), `under ${PHONE}, Slow 3G`);
    assert.equal(await page.locator('#op-o10 .op-under').innerText(), `under ${PHONE}, Offline`);
    // The request the payment started failed offline, and its line says it ran offline.
    const line = await page.locator('#op-o10 .window-immediate .req-line').innerText();
    assert.match(line, /failed\s+POST\s+\/api\/pay/);
    assert.match(line, new RegExp(`under ${PHONE}, Offline`));

    // Operations that name nothing read as before.
    assert.equal(await title(page, 'o1'), 'navigate');
    assert.equal(await title(page, 'o6'), 'evaluate');
    assert.equal(await page.locator('#op-o1 .op-refs').count(), 0);
    assert.match(await page.locator('#op-o1 .params').innerText(), /url\s+http:\/\/127\.0\.0\.1:18123\/demo/);

    // The header says what was in force when the capture stopped.
    const header = await page.locator('.record-head .emulation-line').innerText();
    assert.match(header, new RegExp(`^Emulating ${PHONE}, Offline — in force when the capture stopped`));

    const dir = artifactsDir();
    for (const [width, height] of [[1280, 900], [400, 900]]) {
      await page.setViewportSize({ width, height });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      assert.ok(overflow <= 0, `the timeline at ${width} px is ${overflow} px wider than the window`);
      // Nothing cut: each title and emulation note shows all of its text.
      const cut = await page.locator('.op-head h3, .op-under, .op-refs').evaluateAll((els) => els
        .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
      assert.deepEqual(cut, [], `cut at ${width} px`);
      await page.screenshot({ path: join(dir, `evidence-names-timeline-${width}.png`), fullPage: true });
    }
    // At 1280 px, the parts that carry names, at full size: the header and the operations after
    // the agent emulated.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('.record-head').screenshot({ path: join(dir, 'evidence-names-header-1280.png') });
    const first = await page.locator('#op-o7').boundingBox();
    const last = await page.locator('#op-o10').boundingBox();
    assert.ok(first && last);
    await page.screenshot({
      path: join(dir, 'evidence-names-operations-1280.png'), fullPage: true,
      clip: { x: 0, y: first.y - 8, width: 1280, height: last.y + last.height - first.y + 16 },
    });
    await page.close();
  });

  test('a request says the emulation it ran under, in its row and its detail, and which operation it followed', async () => {
    const page = await open(`${runHash(named.run.run_id)}&view=requests`);
    const row = page.locator('ul.requests a.req', { hasText: '/api/pay' });
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(`under ${PHONE}, Offline`));
    assert.doesNotMatch(await page.locator('ul.requests a.req', { hasText: '/api/save' }).innerText(), /under/);

    await page.goto(`chrome-extension://${new URL(page.url()).host}/evidence.html${runHash(named.run.run_id)}&view=requests&request=r8`);
    const general = await page.locator('#detail-general').innerText();
    assert.match(general, new RegExp(`Emulation\\s+${PHONE}, Offline — in force when it started \\(bsk emulate\\)`));
    assert.match(general, /immediate evidence of operation 10 \(agent click button "Pay now" in frame https:\/\/pay\.example\.test\/card\?session=7f3a\)/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(artifactsDir(), 'evidence-names-request-1280.png'), fullPage: true });
    await page.close();
  });

  test('an older record, without names or emulation, gains nothing', async () => {
    const page = await open(runHash(older.run.run_id));
    await page.locator('#op-o6').waitFor();
    assert.equal(await title(page, 'o5'), 'click');
    assert.match(await page.locator('#op-o5 .params').innerText(), /target\s+#save/);
    assert.equal(await page.locator('.op-refs, .under, .emulation-line').count(), 0);
    await page.close();
    assert.deepEqual(pageErrors, [], 'no uncaught errors in the evidence page');
  });
});
