#!/usr/bin/env node
// The screenshot benchmark: what a picture of a page costs through bsk, and what an agent
// receives from bsk and from two other MCP servers for the same page.
//
//   node load-tests/screenshots/run.mjs [--bsk PATH] [--shots N] [--runs N] [--out DIR]
//                                       [--only cli,agents,flow]
//
// Phases, each on the page this script serves on 127.0.0.1 (site.mjs) at 1280×800:
//   cli     `bsk screenshot`: N calls each of PNG, JPEG and unmasked PNG, wall time and the
//           daemon's CPU per call, bytes; one --full-page of each format (cli-shots.mjs);
//   agents  the image an agent gets from `bsk mcp`, Playwright's MCP server and
//           chrome-devtools-mcp, and whether the password and card fields show (agents.mjs);
//   flow    ten CLI operations with `bsk debug start` and with `--screenshots`, interleaved,
//           N runs of each (flow.mjs).
// `--bsk` (or BSK_BIN) is the bsk binary (default target/release/bsk, else target/debug/bsk);
// BSK_CHROMIUM (default /usr/bin/chromium) is the Chromium every tool uses. Writes
// DIR/report.json, DIR/report.md and the pictures each tool returned, DIR defaulting to ./out.
// Needs the npm packages of load-tests/mcp-bench and load-tests/playwright (`npm ci` in each).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startSite } from './site.mjs';
import { cliShots } from './cli-shots.mjs';
import { bskMcp, playwrightMcp, devtoolsMcp, PLAYWRIGHT_MCP, DEVTOOLS_MCP } from './agents.mjs';
import { screenshotsFlow } from './flow.mjs';
import { decodePng, maskedPixels, compareInMask } from './png.mjs';
import { renderReport } from './report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const PHASES = ['cli', 'agents', 'flow'];

const { values: opts } = parseArgs({
  options: {
    bsk: { type: 'string' },
    shots: { type: 'string', default: '20' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string', default: path.join(here, 'out') },
    only: { type: 'string' },
  },
});
const bsk = path.resolve(opts.bsk ?? process.env.BSK_BIN ?? ['target/release/bsk', 'target/debug/bsk'].map((p) => path.join(repo, p)).find((p) => fs.existsSync(p)) ?? 'bsk');
const chromium = process.env.BSK_CHROMIUM ?? '/usr/bin/chromium';
const shots = Math.min(200, Math.max(1, Number(opts.shots)));
const runsPerMode = Math.min(20, Math.max(1, Number(opts.runs)));
const phases = opts.only ? opts.only.split(',') : PHASES;
for (const p of phases) if (!PHASES.includes(p)) throw new Error(`--only takes some of ${PHASES.join(',')}, not ${p}`);
if (!fs.existsSync(bsk)) {
  console.error(`error: no bsk binary at ${bsk}; build it (cargo build --release -p bsk-runtime --bin bsk) or pass --bsk`);
  process.exit(2);
}
if (phases.includes('agents')) {
  for (const [file, dir] of [[PLAYWRIGHT_MCP, 'load-tests/mcp-bench'], [DEVTOOLS_MCP, 'load-tests/playwright']]) {
    if (!fs.existsSync(file)) {
      console.error(`error: ${path.relative(repo, file)} is missing; run: cd ${dir} && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund`);
      process.exit(2);
    }
  }
}
const out = path.resolve(opts.out);
fs.mkdirSync(out, { recursive: true });

const log = (s) => process.stderr.write(s);
const tryRun = (cmd, args) => { try { return execFileSync(cmd, args, { encoding: 'utf8', cwd: repo, stdio: ['ignore', 'pipe', 'ignore'] }).trim(); } catch { return ''; } };
const machine = {
  cores: os.cpus().length,
  memory_gib: Math.round(os.totalmem() / 2 ** 30),
  load_before: os.loadavg().map((v) => Math.round(v * 100) / 100),
  node: process.version,
  chromium: tryRun(chromium, ['--version']).split('\n').pop(),
  bsk: path.relative(repo, bsk).startsWith('..') ? bsk : path.relative(repo, bsk),
  bsk_version: tryRun(bsk, ['--version']),
  bsk_modified: fs.statSync(bsk).mtime.toISOString(),
  bsk_build: /\/target\/debug\//.test(bsk) ? 'debug (cargo dev profile)' : /\/target\/release\//.test(bsk) ? 'release' : 'as given',
  commit: tryRun('git', ['rev-parse', '--short', 'HEAD']),
  worktree_changes: tryRun('git', ['status', '--porcelain', '--untracked-files=no']).split('\n').filter(Boolean).length,
  started_at: new Date().toISOString(),
};

const site = await startSite();
const report = { machine, site: { form: site.formUrl, fetch: site.fetchUrl, frame: `http://b.localhost:${site.port}/card` }, shots, runs_per_mode: runsPerMode };
try {
  if (phases.includes('cli')) {
    log(`cli: ${shots} screenshots of each variant…\n`);
    report.cli = await cliShots({ bsk, chromium, site, out, shots, log });
  }
  if (phases.includes('agents')) {
    report.agents = [];
    for (const [name, fn] of [['bsk mcp', bskMcp], ['Playwright MCP', playwrightMcp], ['chrome-devtools-mcp', devtoolsMcp]]) {
      log(`agents: ${name}… `);
      try {
        const r = await fn({ bsk, chromium, site, out });
        report.agents.push(r);
        log(`${r.format} ${r.width}×${r.height}, ${r.image_bytes} B image, ${r.result_bytes} B result\n`);
      } catch (error) {
        log(`failed: ${String(error.message).split('\n')[0]}\n`);
        report.agents.push({ tool: name, failed: String(error.message) });
      }
    }
    compareWithBskMask(report.agents, out);
  }
  if (phases.includes('flow')) {
    log(`flow: ${runsPerMode} runs each of a plain capture and one with --screenshots…\n`);
    report.flow = await screenshotsFlow({ bsk, chromium, site, out, runsPerMode, log });
  }
} finally {
  await site.close();
}
machine.load_after = os.loadavg().map((v) => Math.round(v * 100) / 100);
// A binary rebuilt while the bench ran would mix two builds in one report.
if (fs.statSync(bsk).mtime.toISOString() !== machine.bsk_modified) machine.warning = `${bsk} changed while the bench ran`;
machine.finished_at = new Date().toISOString();

fs.writeFileSync(path.join(out, 'report.json'), JSON.stringify(report, null, 2) + '\n');
const md = renderReport(report);
fs.writeFileSync(path.join(out, 'report.md'), md);
process.stdout.write(md);

/**
 * Whether the other tools' pictures show what bsk masks: the pixels where bsk's masked and
 * unmasked PNGs of the page differ are the fields' boxes; in those pixels each other PNG is
 * compared with both. Needs the cli phase's pictures in `out`.
 */
function compareWithBskMask(agents, dir) {
  const read = (f) => (fs.existsSync(path.join(dir, f)) ? decodePng(fs.readFileSync(path.join(dir, f))) : null);
  const masked = read('bsk-cli-png.png');
  const unmasked = read('bsk-cli-png-unmasked.png');
  if (!masked || !unmasked) return;
  const mask = maskedPixels(masked, unmasked);
  for (const a of agents) {
    if (a.failed) continue;
    const file = a.format === 'png' ? a.file : a.png_variant?.file;
    const other = file && read(file);
    if (!other) continue;
    a.masked.compared_with_bsk = compareInMask(other, masked, unmasked, mask) ?? 'not compared (another size)';
    a.masked.compared_file = file;
  }
}
