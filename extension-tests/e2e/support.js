// @ts-check
// Shared set-up for tests that drive the real extension in Chromium: launch with the unpacked
// extension loaded, reach its service worker, seed history the way the daemon does (through
// `bskLink.checkpoint`), and the paths of fixtures and artifacts.

import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));

/** The unpacked extension, loaded as is. */
export const EXTENSION_DIR = resolve(here, '../../extension');

/** Fixed by the manifest's `key`. */
export const EXTENSION_ID = 'edajhabinanhijgoenoepmjbpmhojjld';

/** The extension's origin, for page URLs. */
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;

/** The browser the tests drive; `BSK_CHROMIUM` overrides it. */
export const CHROMIUM = process.env.BSK_CHROMIUM ?? '/usr/bin/chromium';

/** How long a test waits for a thing it expects before failing. */
export const WAIT_MS = 15_000;

/**
 * Where screenshots and other artifacts go (`target/extension-artifacts`), created if missing.
 * @returns {string}
 */
export function artifactsDir() {
  const dir = resolve(here, '../../target/extension-artifacts');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * A fixture document, parsed (a fresh copy on every call).
 * @param {string} name file name under `extension-tests/fixtures/`
 * @returns {any}
 */
export function fixture(name) {
  return JSON.parse(readFileSync(resolve(here, '../fixtures', name), 'utf8'));
}

/**
 * Launches Chromium with a throw-away profile and the extension loaded. `close()` closes the
 * browser and removes the profile.
 * @param {{ viewport?: { width: number, height: number } }} [options]
 */
export async function launchWithExtension(options = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'bsk-ext-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    acceptDownloads: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
    ],
  });
  const close = async () => {
    await context.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, profile, close };
}

/**
 * The extension's service worker (waits for it to start).
 * @param {import('playwright-core').BrowserContext} context
 */
export async function serviceWorker(context) {
  const running = context.serviceWorkers().find((w) => w.url().startsWith(EXTENSION_ORIGIN));
  return running ?? await context.waitForEvent('serviceworker', {
    predicate: (w) => w.url().startsWith(EXTENSION_ORIGIN),
    timeout: WAIT_MS,
  });
}

/**
 * A checkpoint as the daemon sends it over the link: the document's JSON text and its size.
 * @param {any} doc
 */
export function checkpointOf(doc) {
  const json = JSON.stringify(doc);
  return { json, bytes: Buffer.byteLength(json, 'utf8') };
}

/**
 * Stores documents in history as the daemon does: one `checkpoint` call each, in order.
 * @param {import('playwright-core').Worker} worker
 * @param {...any} docs export documents (version 1)
 * @returns {Promise<any[]>} the acknowledgements
 */
export async function seed(worker, ...docs) {
  const acks = [];
  for (const doc of docs) {
    acks.push(await worker.evaluate((c) => /** @type {any} */ (globalThis).bskLink.checkpoint(c), checkpointOf(doc)));
  }
  return acks;
}

/**
 * The evidence page's URL: the history list, or one record.
 * @param {string} [runId]
 */
export function evidenceUrl(runId) {
  const base = `${EXTENSION_ORIGIN}/evidence.html`;
  return runId === undefined ? base : `${base}#run=${encodeURIComponent(runId)}`;
}

/**
 * A copy of a document with every timestamp (`at`, `*_at`, ms since the Unix epoch) moved so the
 * capture starts at `startedAt`: fixtures recorded long ago would otherwise be past the 30-day
 * retention as soon as they are saved.
 * @param {any} doc
 * @param {number} startedAt
 * @param {Record<string, any>} [run] fields to set on `run` (run_id, name, state…)
 */
/**
 * A copy of `doc` whose favicon request answered 200: a static request the request list folds
 * (a failing one is never folded), for the tests of folding.
 * @param {any} doc
 * @returns {any}
 */
export function withFoldedFavicon(doc) {
  const copy = JSON.parse(JSON.stringify(doc));
  for (const r of copy.requests) {
    if (typeof r.url === 'string' && r.url.endsWith('/favicon.ico')) Object.assign(r, { status: 200, status_text: 'OK' });
  }
  delete copy.problems;
  return copy;
}

export function rebased(doc, startedAt, run = {}) {
  const shift = startedAt - doc.run.started_at;
  const copy = JSON.parse(JSON.stringify(doc), (key, value) =>
    (typeof value === 'number' && (key === 'at' || key.endsWith('_at')) && value > 1e12 ? value + shift : value));
  Object.assign(copy.run, run);
  return copy;
}

/**
 * Tells the extension a daemon is alive and holds these captures active, as the daemon's
 * heartbeat does: records it names are not recovered as interrupted.
 * @param {import('playwright-core').Worker} worker
 * @param {string[]} activeRuns
 */
export async function heartbeat(worker, activeRuns) {
  await worker.evaluate((runs) => /** @type {any} */ (globalThis).bskLink.heartbeat({ daemon_id: 'e2e-daemon', at: Date.now(), active_runs: runs, version: 'test' }), activeRuns);
}

/**
 * A fresh tab on the evidence page (`hash`: `#run=…` or nothing); uncaught errors in it are
 * collected in `pageErrors`, which a suite checks at its end.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string[]} pageErrors
 * @param {string} [hash]
 */
export async function openEvidence(context, pageErrors, hash = '') {
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  page.on('pageerror', (e) => pageErrors.push(`${hash}: ${e.message}`));
  await page.goto(`${evidenceUrl()}${hash}`);
  return page;
}

/**
 * The `q` quantile of `values` (nearest rank), for the benches.
 * @param {number[]} values
 * @param {number} q
 */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
