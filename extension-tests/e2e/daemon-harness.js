// @ts-check
// What the end-to-end tests of the daemon ↔ extension link need: the real `bsk` binary with its
// own state dir, a Chromium the test launches itself with the extension loaded and a DevTools
// port (the daemon attaches with --cdp-url, playwright-core reads the extension's pages over
// CDP), and a small site served on 127.0.0.1.

import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(here, '../..');
export const BSK = process.env.BSK_BIN ?? path.join(REPO, 'target/debug/bsk');
export const CHROMIUM = process.env.BSK_CHROMIUM ?? '/usr/bin/chromium';

/** State dirs, extension copies and browser profiles this test file made, tidied at exit. */
const scratch = { homes: /** @type {string[]} */ ([]), dirs: /** @type {string[]} */ ([]) };

/** A temporary directory named `prefix…`, removed when the test file passes. */
export function tempDir(/** @type {string} */ prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.dirs.push(dir);
  return dir;
}

/** A state dir of its own, so tests never share a daemon. */
export function stateDir() {
  const home = tempDir('bsk-ext-e2e-');
  scratch.homes.push(home);
  return home;
}

// When the file's tests pass, stop any daemon a test left running (it would idle out, but
// holds a browser until then) and remove what the tests made; when one failed, keep all of it
// for reading and say where.
process.on('exit', (code) => {
  if (code !== 0) {
    if (scratch.dirs.length) console.error(`# kept for reading: ${scratch.dirs.join(' ')}`);
    return;
  }
  for (const home of scratch.homes) {
    if (!fs.existsSync(path.join(home, 'daemon.sock'))) continue;
    try {
      execFileSync(BSK, ['daemon', 'stop'], { env: { ...process.env, BSK_HOME: home }, stdio: 'ignore', timeout: 10_000 });
    } catch { /* already gone */ }
  }
  for (const dir of scratch.dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs `bsk …` and resolves with stdout; rejects with stderr on a non-zero exit.
 * @param {string} home BSK_HOME
 * @param {string[]} args
 */
export async function bsk(home, ...args) {
  return bskWith(home, {}, ...args);
}

/**
 * `bsk …` with extra environment (e.g. a DISPLAY for a headful browser).
 * @param {string} home BSK_HOME
 * @param {Record<string, string>} env
 * @param {string[]} args
 */
export async function bskWith(home, env, ...args) {
  try {
    const { stdout } = await promisify(execFile)(BSK, args, {
      env: { ...withoutDisplay(process.env), BSK_HOME: home, BSK_DAEMON_IDLE_SECS: '120', ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout.trim();
  } catch (e) {
    const err = /** @type {any} */ (e);
    throw new Error(`bsk ${args.join(' ')} failed (${err.code}): ${err.stderr || err.message}`);
  }
}

/**
 * A copy of bsk's extension (same key, so the same id) changed by `edit(dir)`: an older or a
 * broken build of it, as a person might have installed.
 * @param {string} home
 * @param {(dir: string) => void} edit
 */
export async function alteredExtension(home, edit) {
  const source = await bsk(home, 'extension', 'path');
  const dir = tempDir('bsk-ext-altered-');
  fs.cpSync(source, dir, { recursive: true });
  edit(dir);
  return dir;
}

/**
 * The environment without a display, so a daemon these tests start launches a headless browser
 * even on a desktop; a test that wants windows passes its own DISPLAY.
 * @param {NodeJS.ProcessEnv} env
 */
function withoutDisplay(env) {
  const { DISPLAY: _display, WAYLAND_DISPLAY: _wayland, ...rest } = env;
  return rest;
}

/** `bsk … --json` with extra environment, parsed. */
export async function bskJsonWith(home, env, ...args) {
  return JSON.parse(await bskWith(home, env, ...args, '--json'));
}

/** `bsk … --json`, parsed. */
export async function bskJson(home, ...args) {
  return JSON.parse(await bsk(home, ...args, '--json'));
}

/**
 * Launches Chromium with the extension from `bsk extension path` and a DevTools port, and
 * connects playwright-core to it. `profile` may be reused to restart the same browser.
 * @param {{ home: string, profile?: string, withoutExtension?: boolean, extensionDir?: string }} options
 */
export async function launchBrowser({ home, profile = tempDir('bsk-ext-profile-'), withoutExtension = false, extensionDir = undefined }) {
  const extension = extensionDir ?? await bsk(home, 'extension', 'path');
  for (const stale of ['DevToolsActivePort', 'SingletonLock', 'SingletonSocket', 'SingletonCookie']) {
    fs.rmSync(path.join(profile, stale), { force: true });
  }
  const child = spawn(CHROMIUM, [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--no-default-browser-check', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--site-per-process', '--remote-debugging-port=0',
    `--user-data-dir=${profile}`,
    ...(withoutExtension ? [] : [`--load-extension=${extension}`, `--disable-extensions-except=${extension}`]),
    'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.resume();
  const portFile = path.join(profile, 'DevToolsActivePort');
  const port = await waitFor('the DevTools port', () => {
    const text = fs.existsSync(portFile) ? fs.readFileSync(portFile, 'utf8') : '';
    return text.split('\n')[0] || null;
  }, 20_000);
  const endpoint = `http://127.0.0.1:${port}`;
  const browser = await chromium.connectOverCDP(endpoint);
  const id = await bsk(home, 'extension', 'id');
  return {
    profile, endpoint, browser, extensionId: id, child,
    /** The evidence page URL for a run, or the history list. */
    evidenceUrl: (/** @type {string | undefined} */ run) =>
      `chrome-extension://${id}/evidence.html${run ? `#run=${encodeURIComponent(run)}` : ''}`,
    async close() {
      // A browser that was killed leaves playwright's close() waiting: bound it.
      await Promise.race([browser.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 3_000))]);
      child.kill('SIGKILL');
      const exited = child.exitCode !== null || child.signalCode !== null;
      await new Promise((resolve) => (exited ? resolve(null) : child.once('exit', resolve)));
    },
  };
}

/**
 * The extension's service worker, as playwright sees it.
 * @param {import('playwright-core').Browser} browser
 */
export async function extensionWorker(browser, extensionId) {
  const context = browser.contexts()[0];
  return waitFor('the extension service worker', () =>
    context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${extensionId}/`)) ?? null, 10_000);
}

/**
 * Polls `probe` until it returns something other than null/undefined/false.
 * @template T
 * @param {string} what
 * @param {() => T | Promise<T>} probe
 * @param {number} timeoutMs
 * @returns {Promise<NonNullable<T>>}
 */
export async function waitFor(what, probe, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      last = await probe();
      if (last !== null && last !== undefined && last !== false) return /** @type {any} */ (last);
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A small app on 127.0.0.1: a form whose save answers HTTP 200 with a business error, a page
 * that logs to the console, and a page a test uses to probe what a web page can reach.
 */
export async function serveSite() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/api/save' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => { body += chunk; });
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: false, error: { code: 'email_taken', field: 'email' }, received: JSON.parse(body || '{}') }));
      });
      return;
    }
    // A login that sets a cookie, and a page that says who the cookie says you are.
    if (url.pathname === '/login') {
      res.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': `user=${encodeURIComponent(url.searchParams.get('user') ?? '')}; Path=/` });
      res.end('logged in');
      return;
    }
    if (url.pathname === '/me') {
      const user = /(?:^|;\s*)user=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(user ? decodeURIComponent(user) : 'nobody');
      return;
    }
    // A page that is not there, for a failed request.
    if (url.pathname === '/missing') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    if (url.pathname === '/api/ping') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ pong: Number(url.searchParams.get('n') ?? 0) }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Sign up</title>
<h1>Sign up</h1>
<form id="signup"><label>Email <input id="email" name="email"></label>
<button id="save" type="submit">Save</button></form><p id="status"></p>
<script>
document.querySelector('#signup').addEventListener('submit', async (e) => {
  e.preventDefault();
  const r = await fetch('/api/save', { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: document.querySelector('#email').value }) });
  const data = await r.json();
  document.querySelector('#status').textContent = data.ok ? 'Saved' : 'Could not save: ' + data.error.code;
  if (!data.ok) console.error('save failed', data.error.code);
});
</script>`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${address.port}`, close: () => new Promise((r) => server.close(r)) };
}
