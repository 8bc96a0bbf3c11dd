// @ts-check
// A person at a desktop: under a virtual display (Xvfb) the Chromium bsk launches has windows,
// its extension's pages are there, `bsk evidence` opens the live capture in front, and the
// daemon stays while that browser's windows are open.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { decodePng } from '../../load-tests/screenshots/png.mjs';
import { bskWith, serveSite, stateDir, waitFor } from './daemon-harness.js';
import { artifactsDir as artifacts } from './support.js';

/** @type {Awaited<ReturnType<typeof serveSite>>} */
let site;
/** @type {import('node:child_process').ChildProcess} */
let xvfb;
/** @type {string} */
let display;

before(async () => {
  site = await serveSite();
  // -displayfd: Xvfb picks a free display and writes its number to fd 3.
  xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  xvfb.on('error', (e) => { throw new Error(`cannot start Xvfb (make test installs it: apt-get install xvfb): ${e.message}`); });
  display = await new Promise((resolve, reject) => {
    let text = '';
    xvfb.stdio[3]?.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
});

after(async () => {
  xvfb?.kill();
  await site?.close();
});

describe('a headless browser', () => {
  test('says how to see the record instead of opening it, and renders it as a PNG', async () => {
    const home = stateDir();
    const run = (/** @type {string[]} */ ...args) => bskWith(home, {}, ...args);
    try {
      const session = await run('session', 'start');
      assert.match(await run('status'), /browser {2}launched, headless \(no display\)/);
      await waitFor('the extension link', async () =>
        JSON.parse(await run('status', '--json')).browser.extension.state === 'connected', 20_000);
      const runId = await run('debug', 'start', '--session', session, '--quiet');
      await run('navigate', site.url, '--session', session);
      const shown = await run('evidence', '--session', session);
      assert.match(shown, /evidence\.html#run=/);
      assert.match(shown, /the browser is headless, so no one can see a page opened in it/);
      assert.match(shown, new RegExp(`bsk debug export --run-id ${runId}`));
      assert.match(shown, /bsk extension path/);
      const png = path.join(home, 'evidence.png');
      await run('evidence', '--session', session, '--screenshot', png);
      const bytes = fs.readFileSync(png);
      assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
      assert.equal(bytes.readUInt32BE(16), 1280);
      assert.ok(bytes.readUInt32BE(20) >= 900, 'at least one viewport tall');
      fs.copyFileSync(png, path.join(artifacts(), 'bsk-evidence-headless.png'));
      // A width and a theme of its own: a phone's width, dark.
      const dark = path.join(home, 'evidence-dark.png');
      await run('evidence', '--session', session, '--screenshot', dark, '--width', '400', '--theme', 'dark');
      const picture = decodePng(fs.readFileSync(dark));
      assert.ok(picture, 'Chromium writes 8-bit RGB(A) PNG');
      assert.equal(picture.width, 400);
      const [r, g, b] = pixel(picture, 5, 5);
      assert.ok(r + g + b < 3 * 80, `a dark page's corner is dark, not rgb(${r}, ${g}, ${b})`);
      fs.copyFileSync(dark, path.join(artifacts(), 'bsk-evidence-headless-dark-400.png'));
      await assert.rejects(run('evidence', '--session', session, '--screenshot', dark, '--width', '100'), /--width 100 is out of range/);
    } finally {
      await run('daemon', 'stop').catch(() => {});
    }
  });
});

describe('a visible browser on a desktop', () => {
  test('is launched with windows, opens the evidence in front, and keeps its daemon while open', async () => {
    const home = stateDir();
    // bsk speaks to the browser it launched over a pipe only, so this test sees into it the way
    // an agent does: `bsk tab list` (each tab's URL and title) and `bsk status`.
    const env = { DISPLAY: display, BSK_DAEMON_IDLE_SECS: '1' };
    const run = (/** @type {string[]} */ ...args) => bskWith(home, env, ...args);
    /** The browser's tab whose URL contains `part`, once its title is `title`. */
    const tabShowing = (/** @type {string} */ part, /** @type {string} */ title) =>
      waitFor(`a tab at …${part} titled ${title}`, async () => {
        const tabs = /** @type {{url: string, title: string}[]} */ (JSON.parse(await run('tab', 'list', '--json')));
        return tabs.find((t) => t.url.includes(part) && t.title === title) ?? null;
      }, 15_000);
    try {
      const session = await run('session', 'start', '--name', 'watched');
      const status = JSON.parse(await run('status', '--json'));
      assert.equal(status.browser.display, 'headful (a display is there)');
      assert.match(await run('status'), /browser {2}launched, headful \(a display is there\)/);
      assert.equal(status.browser.ws_url ?? null, null, 'the launched browser opens no DevTools port');

      await waitFor('the extension link', async () =>
        JSON.parse(await run('status', '--json')).browser.extension.state === 'connected', 20_000);
      const runId = await run('debug', 'start', '--session', session, '--name', 'Watched save', '--quiet');
      await run('navigate', site.url, '--session', session);
      await run('fill', '#email', 'ada@example.com', '--session', session);
      await run('click', '#save', '--session', session);

      // One command opens the live capture in front.
      const opened = await run('evidence', '--session', session);
      assert.match(opened, /^opened chrome-extension:\/\/\w+\/evidence\.html#run=\S+ in the browser$/);
      // The page titles itself with the run's name once it has read the record from history.
      await tabShowing(`evidence.html#run=${encodeURIComponent(runId)}`, 'bsk — Watched save');

      // Without a session: the history list, for the person.
      assert.match(await run('evidence'), /^opened chrome-extension:\/\/\w+\/evidence\.html in the browser$/);
      await tabShowing('/evidence.html', 'bsk — evidence history');
      await assert.rejects(run('evidence', '--screenshot', '/tmp/nope.png'), /--screenshot needs --session/);

      // No session left, but the person's windows are open: the daemon stays (idle is 1 s here).
      await run('session', 'stop', session);
      const pid = status.pid;
      // Idleness would end it now; the daemon says it stays for the open browser instead.
      await waitFor('the daemon to stay for its visible browser', () =>
        fs.readFileSync(path.join(home, 'daemon.log'), 'utf8').includes('idle, but staying: the browser it launched has windows open'), 15_000);
      assert.doesNotThrow(() => process.kill(pid, 0), 'the daemon stays while its visible browser is open');
      // Closing the browser lets it go (SIGTERM: Chromium shuts down as when its last window
      // is closed, saving its preferences).
      process.kill(status.browser.pid, 'SIGTERM');
      await waitFor('the daemon to exit once the browser is closed', () => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      }, 15_000);
      // The bsk button is pinned to the toolbar, and the browser kept it so when it saved its
      // preferences on the way out.
      const prefs = JSON.parse(fs.readFileSync(path.join(home, 'chromium-profile/Default/Preferences'), 'utf8'));
      assert.ok(prefs.extensions?.pinned_extensions?.includes(status.browser.extension.extension_id),
        `pinned: ${JSON.stringify(prefs.extensions?.pinned_extensions)}`);
    } finally {
      await run('daemon', 'stop').catch(() => {});
    }
  });
});

/**
 * The RGB of one pixel of a decoded PNG.
 * @param {{ width: number, rgba: Buffer }} picture
 * @param {number} x
 * @param {number} y
 */
function pixel(picture, x, y) {
  const at = (y * picture.width + x) * 4;
  return [picture.rgba[at], picture.rgba[at + 1], picture.rgba[at + 2]];
}
