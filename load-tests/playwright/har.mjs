// @ts-check
// Opens the load pages with Playwright's HAR recorder on or off, for bsk's load driver
// (load-tests/src/driver/compare.rs), which writes the job and reads the answer.
//
//   node har.mjs job.json
//
// job.json: { chromium, harDir, runs: [{ tag, url, har, form, deadlineMs }] }
// stdout:   { version, results: [{ tag, har, pageMs, error, entries: [{ method, url, status, body }] }] }
//
// One browser for the whole job (as bsk has one per daemon); a fresh context per run, since the
// HAR recorder belongs to a context and is written when the context closes. The page-complete
// time is read inside the page (`window.__result.ms`, performance.now() at `window.__done`), the
// same as bsk's driver reads it.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const { version } = require('playwright-core/package.json');

const job = JSON.parse(await readFile(process.argv[2], 'utf8'));
const browser = await chromium.launch({
  executablePath: job.chromium,
  headless: true,
  args: process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [],
});

/** @param {any} run */
async function one(run) {
  const harPath = path.join(job.harDir, run.tag + '.har');
  const context = await browser.newContext(
    run.har ? { recordHar: { path: harPath, content: 'embed' } } : {},
  );
  const result = { tag: run.tag, har: run.har, pageMs: null, error: null, entries: [] };
  try {
    const page = await context.newPage();
    await page.goto(run.url, { waitUntil: 'load', timeout: run.deadlineMs });
    if (run.form) {
      await page.fill('#name', 'Ada Lovelace');
      await page.fill('#email', 'ada@example.com');
      await page.selectOption('#plan', 'pro');
      await page.click('#save');
    }
    await page.waitForFunction(() => window['__done'] === true, null, {
      timeout: run.deadlineMs,
      polling: 20,
    });
    result.pageMs = await page.evaluate(() => window['__result'].ms);
  } catch (e) {
    result.error = String(e && e.message ? e.message : e).split('\n')[0];
  }
  await context.close();
  if (run.har) {
    const har = JSON.parse(await readFile(harPath, 'utf8'));
    result.entries = har.log.entries.map((/** @type {any} */ e) => ({
      method: e.request.method,
      url: e.request.url,
      status: e.response.status,
      body: typeof e.response.content.text === 'string' && e.response.content.text.length > 0,
    }));
  }
  return result;
}

const results = [];
for (const run of job.runs) results.push(await one(run));
await browser.close();
process.stdout.write(JSON.stringify({ version, results }) + '\n');
