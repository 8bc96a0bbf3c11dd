#!/usr/bin/env node
// The MCP benchmark: one agent flow on a third-party API console, through `bsk mcp` and through
// Playwright's MCP server, side by side; plus MCP Inspector's strict schema check of both.
//
//   node run.mjs [--bsk PATH] [--runs N] [--out DIR] [--only bsk|playwright] [--no-inspector]
//
// `--bsk` (or BSK_BIN) is the bsk binary (default: the repo's target/release/bsk, else
// target/debug/bsk); BSK_CHROMIUM (default /usr/bin/chromium) is the Chromium both use.
// Writes DIR/report.json (every call with its kind, bytes and time) and DIR/report.md (the
// table), DIR defaulting to ./out.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startApp } from './app.mjs';
import { runFlow } from './flow.mjs';
import { totals, toolsBytes } from './lib.mjs';
import { playwrightAdapter } from './playwright.mjs';
import { bskAdapter } from './bsk.mjs';
import { inspectorCheck } from './inspector.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');

const { values: opts } = parseArgs({
  options: {
    bsk: { type: 'string' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string', default: path.join(here, 'out') },
    only: { type: 'string' },
    'no-inspector': { type: 'boolean', default: false },
  },
});

const bskBin = path.resolve(opts.bsk ?? process.env.BSK_BIN ?? ['target/release/bsk', 'target/debug/bsk'].map((p) => path.join(repo, p)).find((p) => fs.existsSync(p)) ?? 'bsk');
const chromium = process.env.BSK_CHROMIUM ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(opts.runs));
const tools = opts.only ? [opts.only] : ['bsk', 'playwright'];
for (const t of tools) if (!['bsk', 'playwright'].includes(t)) throw new Error(`--only takes bsk or playwright, not ${t}`);
if (tools.includes('bsk') && !fs.existsSync(bskBin)) {
  console.error(`error: no bsk binary at ${bskBin}; build it (cargo build --release -p bsk-runtime --bin bsk) or pass --bsk`);
  process.exit(2);
}

/** @type {Record<string, any[]>} each tool's runs */
const results = Object.fromEntries(tools.map((t) => [t, []]));
for (let i = 0; i < runs; i++) {
  // Alternate which tool goes first, so neither always runs on a cold disk cache.
  const order = i % 2 === 0 ? tools : [...tools].reverse();
  for (const name of order) {
    process.stderr.write(`run ${i + 1}/${runs}: ${name}… `);
    const app = await startApp();
    const adapter = name === 'bsk' ? await bskAdapter({ bsk: bskBin, chromium }) : await playwrightAdapter({ chromium });
    try {
      const flow = await runFlow(adapter, app);
      const sum = totals(adapter.session.calls);
      results[name].push({
        ...flow,
        ...sum,
        tools: adapter.tools.length,
        tools_list_bytes: toolsBytes(adapter.tools),
        version: adapter.version,
        server_saw: [...app.seen],
        calls_made: adapter.session.calls,
      });
      process.stderr.write(`${sum.calls} calls, ${sum.retries} retries, ${sum.result_bytes} bytes, ${flow.wall_ms} ms\n`);
    } catch (error) {
      process.stderr.write(`failed: ${error.message.split('\n')[0]}\n`);
      results[name].push({ failed: String(error.message), calls_made: adapter.session.calls, server_saw: [...app.seen], stderr: adapter.session.stderr().slice(-2000) });
    } finally {
      await adapter.close();
      await app.close();
    }
  }
}

/** @type {Record<string, any>} */
const inspector = {};
if (!opts['no-inspector']) {
  for (const name of tools) {
    process.stderr.write(`MCP Inspector --strict: ${name}… `);
    if (name === 'bsk') {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bsk-mcp-bench-home-'));
      const env = { BSK_HOME: home, BSK_DAEMON_IDLE_SECS: '30' };
      inspector[name] = await inspectorCheck({ command: bskBin, args: ['mcp'], env });
      try { execFileSync(bskBin, ['daemon', 'stop'], { env: { ...process.env, ...env }, stdio: 'ignore', timeout: 20_000 }); } catch { /* none started */ }
      fs.rmSync(home, { recursive: true, force: true });
    } else {
      inspector[name] = await inspectorCheck({ command: process.execPath, args: [path.join(here, 'node_modules/@playwright/mcp/cli.js'), '--headless', '--isolated'] });
    }
    const r = inspector[name];
    process.stderr.write(r.ran ? `${r.errors} errors, ${r.warnings} warnings\n` : `did not run: ${r.reason}\n`);
  }
}

const report = {
  date: new Date().toISOString(),
  command: `node load-tests/mcp-bench/run.mjs${opts.runs !== '3' ? ` --runs ${opts.runs}` : ''}`,
  bsk_binary: path.relative(repo, bskBin),
  bsk_commit: path.relative(repo, bskBin).startsWith('..') ? undefined : gitHead(),
  node: process.version,
  load_average_at_end: os.loadavg().map((n) => Number(n.toFixed(1))),
  runs,
  summary: Object.fromEntries(tools.map((t) => [t, summarize(results[t])])),
  inspector,
  results,
};
fs.mkdirSync(opts.out, { recursive: true });
fs.writeFileSync(path.join(opts.out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
const md = markdown(report);
fs.writeFileSync(path.join(opts.out, 'report.md'), md);
process.stdout.write(md);
const failed = tools.filter((t) => results[t].some((r) => r.failed));
if (failed.length) {
  console.error(`\nthe flow failed for: ${failed.join(', ')} (see report.json)`);
  process.exitCode = 1;
}

/** The last commit of bsk's source (the Rust crates), with `+changes` when they differ from it. */
function gitHead() {
  const source = ['runtime', 'actors', 'schema', 'Cargo.toml', 'Cargo.lock'];
  try {
    const head = execFileSync('git', ['log', '-1', '--format=%h', '--', ...source], { cwd: repo, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', ...source], { cwd: repo, encoding: 'utf8' }).trim();
    return dirty ? `${head}+changes` : head;
  } catch {
    return undefined;
  }
}

/** Medians and ranges over a tool's successful runs. */
function summarize(list) {
  const ok = list.filter((r) => !r.failed);
  const pick = (f) => ok.map(f).sort((a, b) => a - b);
  const stat = (f) => {
    const v = pick(f);
    return v.length ? { median: v[Math.floor((v.length - 1) / 2)], min: v[0], max: v[v.length - 1] } : null;
  };
  const all = (f) => ok.length > 0 && ok.every(f);
  const first = ok[0];
  return {
    runs_ok: ok.length,
    runs_failed: list.length - ok.length,
    version: first?.version,
    tools: first?.tools,
    tools_list_bytes: first?.tools_list_bytes,
    calls: stat((r) => r.calls),
    setup: stat((r) => r.by_kind.setup),
    actions: stat((r) => r.by_kind.action),
    looks: stat((r) => r.by_kind.look),
    retries: stat((r) => r.retries),
    evidence_reads: stat((r) => r.by_kind.evidence),
    result_bytes: stat((r) => r.result_bytes),
    look_bytes: stat((r) => r.bytes_by_kind.look),
    retry_bytes: stat((r) => r.bytes_by_kind.retry),
    evidence_bytes: stat((r) => r.bytes_by_kind.evidence),
    wall_ms: stat((r) => r.wall_ms),
    request_found: all((r) => r.evidence.request_found),
    body_found: all((r) => r.evidence.body_found),
    console_error_found: all((r) => r.evidence.console_error_found),
    link: [...new Set(ok.map((r) => r.evidence.link))].join(' / '),
    preflight: [...new Set(ok.map((r) => r.evidence.preflight))].join(' / '),
    console_in_action_result: all((r) => r.evidence.console_in_action_result),
    password_results: stat((r) => r.password_results),
    password_evidence_results: stat((r) => r.password_evidence_results),
    inexact_steps: [...new Set(ok.flatMap((r) => r.inexact_steps))],
    how: first?.evidence.how ?? [],
    retries_where: retriesWhere(ok),
  };
}

/** What the retries were, over all runs: `step: call` with how often, and what a failed one said. */
function retriesWhere(ok) {
  /** @type {Map<string, { count: number, errors: number, max_ms: number }>} */
  const where = new Map();
  for (const r of ok) {
    for (const c of r.calls_made.filter((x) => x.kind === 'retry')) {
      const { sessionId: _s, action, timeoutMs: _t, ...rest } = c.args;
      const what = action === 'wait' ? `wait ${JSON.stringify(rest.until ?? rest)}` : action ?? c.tool;
      const key = `${c.step}: ${c.tool === 'browser_inspect' ? '' : `${c.tool} `}${what}`;
      const w = where.get(key) ?? { count: 0, errors: 0, max_ms: 0 };
      w.count += 1;
      w.errors += c.isError ? 1 : 0;
      w.max_ms = Math.max(w.max_ms, c.ms);
      where.set(key, w);
    }
  }
  return [...where].map(([what, w]) => ({ what, ...w }));
}

/** The side-by-side table. */
function markdown(r) {
  const cols = tools;
  const head = { bsk: 'bsk mcp', playwright: 'Playwright MCP' };
  const s = r.summary;
  const range = (st, unit = '') => {
    if (!st) return 'n/a';
    const f = (n) => `${n.toLocaleString('en-US')}${unit}`;
    return st.min === st.max ? f(st.median) : `${f(st.median)} (${f(st.min)}–${f(st.max)})`;
  };
  const yes = (b) => (b ? 'yes' : 'no');
  /** @type {[string, (t: string) => string][]} */
  const rows = [
    ['version', (t) => (t === 'bsk' ? `bsk ${s[t].version ?? ''}`.trim() : `@playwright/mcp ${s[t].version ?? ''}`)],
    ['`tools/list`, compact JSON', (t) => `${(s[t].tools_list_bytes ?? 0).toLocaleString('en-US')} bytes, ${s[t].tools} tools`],
    ['calls for the flow', (t) => range(s[t].calls)],
    ['… setup / actions / looks / evidence reads', (t) => [s[t].setup, s[t].actions, s[t].looks, s[t].evidence_reads].map((x) => x?.median ?? '–').join(' / ')],
    ['retries', (t) => range(s[t].retries)],
    ['result bytes (compact JSON of every CallToolResult)', (t) => range(s[t].result_bytes)],
    ['… in looks / retries / evidence reads', (t) => [s[t].look_bytes, s[t].retry_bytes, s[t].evidence_bytes].map((x) => (x ? x.median.toLocaleString('en-US') : '–')).join(' / ')],
    ['wall time', (t) => range(s[t].wall_ms, ' ms')],
    ['found the failing request', (t) => yes(s[t].request_found)],
    ['read its response body', (t) => yes(s[t].body_found)],
    ['found the console error', (t) => yes(s[t].console_error_found)],
    ['click → its request', (t) => s[t].link || 'n/a'],
    ['click → its CORS preflight', (t) => s[t].preflight || 'n/a'],
    ['results holding the typed password (of them evidence reads)', (t) => `${s[t].password_results?.median ?? '–'} (${s[t].password_evidence_results?.median ?? '–'})`],
  ];
  if (Object.keys(r.inspector).length) {
    rows.push([`MCP Inspector ${r.inspector[cols[0]]?.inspector_version ?? ''} \`--strict\``, (t) => {
      const x = r.inspector[t];
      if (!x) return 'not run';
      return x.ran ? `${x.errors} errors, ${x.warnings} warnings` : `did not run: ${x.reason}`;
    }]);
  }
  const lines = [
    `| measured on the same flow (${r.runs} run${r.runs === 1 ? '' : 's'}; median, range in brackets) | ${cols.map((c) => head[c]).join(' | ')} |`,
    `|---|${cols.map(() => '---').join('|')}|`,
    ...rows.map(([label, f]) => `| ${label} | ${cols.map((c) => (s[c].runs_ok ? f(c) : `failed: ${String(r.results[c][0]?.failed ?? '').split('\n')[0]}`)).join(' | ')} |`),
  ];
  const notes = [];
  for (const c of cols) {
    const inv = s[c].inexact_steps;
    if (inv?.length) notes.push(`- ${head[c]}: a name the agent looked for (e.g. \`POST /auth/login\`) matched only as a person reads it (spaces or invisible characters inside it) at: ${inv.join(', ')}.`);
    if (s[c].how?.length) notes.push(`- ${head[c]} found the failing request by: ${s[c].how.join('; ')}.`);
    const rw = s[c].retries_where ?? [];
    if (rw.length) notes.push(`- ${head[c]}'s retries over ${s[c].runs_ok} run${s[c].runs_ok === 1 ? "" : "s"}: ${rw.map((w) => `${w.what} × ${w.count}${w.errors ? ` (${w.errors} failed, up to ${(w.max_ms / 1000).toFixed(1)} s)` : ''}`).join('; ')}.`);
  }
  for (const c of cols) {
    const x = r.inspector[c];
    if (x?.ran && x.by_rule.length) {
      notes.push(`- Inspector findings for ${head[c]}:`);
      for (const g of x.by_rule) notes.push(`  - ${g.count} × ${g.severity} \`${g.rule}\` (e.g. ${g.examples.join('; ')})`);
    }
  }
  const about = `${r.date.slice(0, 16).replace('T', ' ')} UTC; bsk source ${r.bsk_commit ?? 'unknown (a binary outside this checkout)'} (${r.bsk_binary}); ${os.cpus().length} cores, load average ${r.load_average_at_end.join(' ')} at the end.`;
  return `${about}\n\n${lines.join('\n')}\n${notes.length ? `\n${notes.join('\n')}\n` : ''}`;
}
