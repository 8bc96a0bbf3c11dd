#!/usr/bin/env node
// The MCP benchmark: two agent flows on third-party web apps, through `bsk mcp` and through
// Playwright's MCP server, side by side; plus MCP Inspector's strict schema check of both.
//
//   swagger  Swagger UI (flow.mjs, app.mjs): sign in, place an order that fails with a 500
//   rapidoc  RapiDoc in a cross-site iframe of a portal (portal-flow.mjs, portal-app.mjs): list
//            orders, cancel one; the CORS preflight refuses DELETE
//
//   node run.mjs [--bsk PATH] [--runs N] [--out DIR] [--only bsk|playwright] [--flow swagger|rapidoc]
//                [--no-inspector]
//
// `--bsk` (or BSK_BIN) is the bsk binary (default: the repo's target/release/bsk, else
// target/debug/bsk); BSK_CHROMIUM (default /usr/bin/chromium) is the Chromium both use.
// Writes DIR/report.json (per flow: every run's calls with their kind, bytes and time) and
// DIR/report.md (one line per flow with bsk's share of Playwright's calls and bytes, then each
// flow's table), DIR defaulting to ./out.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startApp } from './app.mjs';
import { runFlow } from './flow.mjs';
import { startPortalApp } from './portal-app.mjs';
import { runPortalFlow } from './portal-flow.mjs';
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
    flow: { type: 'string' },
    'no-inspector': { type: 'boolean', default: false },
  },
});

const bskBin = path.resolve(opts.bsk ?? process.env.BSK_BIN ?? ['target/release/bsk', 'target/debug/bsk'].map((p) => path.join(repo, p)).find((p) => fs.existsSync(p)) ?? 'bsk');
const chromium = process.env.BSK_CHROMIUM ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(opts.runs));
const tools = opts.only ? [opts.only] : ['bsk', 'playwright'];
for (const t of tools) if (!['bsk', 'playwright'].includes(t)) throw new Error(`--only takes bsk or playwright, not ${t}`);

/** The flows, in the order they run and are reported. */
const FLOWS = {
  swagger: {
    title: 'Swagger UI: an order fails with a 500',
    start: startApp,
    run: runFlow,
  },
  rapidoc: {
    title: 'RapiDoc in a cross-site iframe: the CORS preflight refuses DELETE',
    start: startPortalApp,
    run: runPortalFlow,
  },
};
const flows = opts.flow ? [opts.flow] : Object.keys(FLOWS);
for (const f of flows) if (!(f in FLOWS)) throw new Error(`--flow takes ${Object.keys(FLOWS).join(' or ')}, not ${f}`);
if (tools.includes('bsk') && !fs.existsSync(bskBin)) {
  console.error(`error: no bsk binary at ${bskBin}; build it (cargo build --release -p bsk-runtime --bin bsk) or pass --bsk`);
  process.exit(2);
}

/** @type {Record<string, Record<string, any[]>>} each flow's runs, by tool */
const results = Object.fromEntries(flows.map((f) => [f, Object.fromEntries(tools.map((t) => [t, []]))]));
for (const flowName of flows) {
  const flow = FLOWS[flowName];
  for (let i = 0; i < runs; i++) {
    // Alternate which tool goes first, so neither always runs on a cold disk cache.
    const order = i % 2 === 0 ? tools : [...tools].reverse();
    for (const name of order) {
      process.stderr.write(`${flowName} run ${i + 1}/${runs}: ${name}… `);
      const app = await flow.start();
      const adapter = name === 'bsk' ? await bskAdapter({ bsk: bskBin, chromium }) : await playwrightAdapter({ chromium });
      try {
        const outcome = await flow.run(adapter, app);
        const sum = totals(adapter.session.calls);
        results[flowName][name].push({
          ...outcome,
          ...sum,
          tools: adapter.tools.length,
          tools_list_bytes: toolsBytes(adapter.tools),
          version: adapter.version,
          server_saw: [...app.seen],
          calls_made: adapter.session.calls,
        });
        process.stderr.write(`${sum.calls} calls, ${sum.retries} retries, ${sum.result_bytes} bytes, ${outcome.wall_ms} ms\n`);
      } catch (error) {
        process.stderr.write(`failed: ${error.message.split('\n')[0]}\n`);
        results[flowName][name].push({ failed: String(error.message), calls_made: adapter.session.calls, server_saw: [...app.seen], stderr: adapter.session.stderr().slice(-2000) });
      } finally {
        await adapter.close();
        await app.close();
      }
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
  command: `node load-tests/mcp-bench/run.mjs${opts.runs !== '3' ? ` --runs ${opts.runs}` : ''}${opts.flow ? ` --flow ${opts.flow}` : ''}`,
  bsk_binary: path.relative(repo, bskBin),
  bsk_commit: path.relative(repo, bskBin).startsWith('..') ? undefined : gitHead(),
  node: process.version,
  load_average_at_end: os.loadavg().map((n) => Number(n.toFixed(1))),
  runs,
  flows: Object.fromEntries(flows.map((f) => {
    const summary = Object.fromEntries(tools.map((t) => [t, summarize(results[f][t], f)]));
    return [f, { title: FLOWS[f].title, summary, bsk_share: share(summary), results: results[f] }];
  })),
  inspector,
};
fs.mkdirSync(opts.out, { recursive: true });
fs.writeFileSync(path.join(opts.out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
const md = markdown(report);
fs.writeFileSync(path.join(opts.out, 'report.md'), md);
process.stdout.write(md);
const failed = flows.flatMap((f) => tools.filter((t) => results[f][t].some((r) => r.failed)).map((t) => `${f} (${t})`));
if (failed.length) {
  console.error(`\na flow failed: ${failed.join(', ')} (see report.json)`);
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

/** Medians and ranges over a tool's successful runs of one flow. */
function summarize(list, flow) {
  const ok = list.filter((r) => !r.failed);
  const pick = (f) => ok.map(f).sort((a, b) => a - b);
  const stat = (f) => {
    const v = pick(f);
    return v.length ? { median: v[Math.floor((v.length - 1) / 2)], min: v[0], max: v[v.length - 1] } : null;
  };
  const all = (f) => ok.length > 0 && ok.every(f);
  const distinct = (f) => [...new Set(ok.map(f))].join(' / ');
  const first = ok[0];
  const common = {
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
    console_error_found: all((r) => r.evidence.console_error_found),
    link: distinct((r) => r.evidence.link),
    preflight: distinct((r) => r.evidence.preflight),
    console_in_action_result: all((r) => r.evidence.console_in_action_result),
    inexact_steps: [...new Set(ok.flatMap((r) => r.inexact_steps))],
    how: first?.evidence.how ?? [],
    retries_where: retriesWhere(ok),
    server_saw: distinct((r) => r.server_saw.join(', ')),
  };
  if (flow === 'swagger') {
    return {
      ...common,
      body_found: all((r) => r.evidence.body_found),
      password_results: stat((r) => r.password_results),
      password_evidence_results: stat((r) => r.password_evidence_results),
    };
  }
  return {
    ...common,
    order_found: distinct((r) => r.order_id),
    request_error: distinct((r) => r.evidence.request_error),
    preflight_status: distinct((r) => String(r.evidence.preflight_status ?? '–')),
    iframe_message_found: all((r) => r.evidence.iframe_message_found),
  };
}

/** bsk's median calls and result bytes as a share of Playwright MCP's, when both ran. */
function share(summary) {
  const b = summary.bsk;
  const p = summary.playwright;
  if (!b?.calls || !p?.calls) return null;
  const pct = (x, y) => Math.round((100 * x) / y);
  return { calls: pct(b.calls.median, p.calls.median), result_bytes: pct(b.result_bytes.median, p.result_bytes.median) };
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

/** The tables: one line per flow, the servers, then each flow side by side. */
function markdown(r) {
  const cols = tools;
  const head = { bsk: 'bsk mcp', playwright: 'Playwright MCP' };
  const num = (n) => n.toLocaleString('en-US');
  const range = (st, unit = '') => {
    if (!st) return 'n/a';
    const f = (n) => `${num(n)}${unit}`;
    return st.min === st.max ? f(st.median) : `${f(st.median)} (${f(st.min)}–${f(st.max)})`;
  };
  const yes = (b) => (b ? 'yes' : 'no');
  const out = [];
  const about = `${r.date.slice(0, 16).replace('T', ' ')} UTC; bsk source ${r.bsk_commit ?? 'unknown (a binary outside this checkout)'} (${r.bsk_binary}); ${os.cpus().length} cores, load average ${r.load_average_at_end.join(' ')} at the end.`;
  out.push(about, '');

  // One line per flow: the figures the bench is for.
  if (cols.length === 2) {
    const med = (x) => (x ? num(x.median) : '–');
    out.push(`| flow (median of ${r.runs} run${r.runs === 1 ? '' : 's'}) | calls, bsk / Playwright | bsk ÷ Playwright | result bytes, bsk / Playwright | bsk ÷ Playwright | retries, bsk / Playwright |`);
    out.push('|---|---|---|---|---|---|');
    for (const [name, f] of Object.entries(r.flows)) {
      const s = f.summary;
      const sh = f.bsk_share;
      out.push(`| \`${name}\`: ${f.title} | ${med(s.bsk.calls)} / ${med(s.playwright.calls)} | ${sh ? `${sh.calls}%` : 'n/a'} | ${med(s.bsk.result_bytes)} / ${med(s.playwright.result_bytes)} | ${sh ? `${sh.result_bytes}%` : 'n/a'} | ${med(s.bsk.retries)} / ${med(s.playwright.retries)} |`);
    }
    out.push('');
  }

  // The servers: what does not depend on the flow.
  const any = Object.values(r.flows)[0]?.summary ?? {};
  out.push(`| the servers | ${cols.map((c) => head[c]).join(' | ')} |`, `|---|${cols.map(() => '---').join('|')}|`);
  out.push(`| version | ${cols.map((t) => (t === 'bsk' ? `bsk ${any[t]?.version ?? ''}`.trim() : `@playwright/mcp ${any[t]?.version ?? ''}`)).join(' | ')} |`);
  out.push(`| \`tools/list\`, compact JSON | ${cols.map((t) => (any[t]?.tools_list_bytes ? `${num(any[t].tools_list_bytes)} bytes, ${any[t].tools} tools` : 'n/a')).join(' | ')} |`);
  if (Object.keys(r.inspector).length) {
    out.push(`| MCP Inspector ${r.inspector[cols[0]]?.inspector_version ?? ''} \`--strict\` | ${cols.map((t) => {
      const x = r.inspector[t];
      if (!x) return 'not run';
      return x.ran ? `${x.errors} errors, ${x.warnings} warnings` : `did not run: ${x.reason}`;
    }).join(' | ')} |`);
  }
  out.push('');

  for (const [name, f] of Object.entries(r.flows)) {
    const s = f.summary;
    /** @type {[string, (t: string) => string][]} */
    const rows = [
      ['calls for the flow', (t) => range(s[t].calls)],
      ['… setup / actions / looks / evidence reads', (t) => [s[t].setup, s[t].actions, s[t].looks, s[t].evidence_reads].map((x) => x?.median ?? '–').join(' / ')],
      ['retries', (t) => range(s[t].retries)],
      ['result bytes (compact JSON of every CallToolResult)', (t) => range(s[t].result_bytes)],
      ['… in looks / retries / evidence reads', (t) => [s[t].look_bytes, s[t].retry_bytes, s[t].evidence_bytes].map((x) => (x ? num(x.median) : '–')).join(' / ')],
      ['wall time', (t) => range(s[t].wall_ms, ' ms')],
    ];
    if (name === 'swagger') {
      rows.push(
        ['found the failing request', (t) => yes(s[t].request_found)],
        ['read its response body', (t) => yes(s[t].body_found)],
        ['found the console error', (t) => yes(s[t].console_error_found)],
        ['click → its request', (t) => s[t].link || 'n/a'],
        ['click → its CORS preflight', (t) => s[t].preflight || 'n/a'],
        ['results holding the typed password (of them evidence reads)', (t) => `${s[t].password_results?.median ?? '–'} (${s[t].password_evidence_results?.median ?? '–'})`],
      );
    } else {
      rows.push(
        ['read the pending order\'s id in the iframe', (t) => s[t].order_found || 'no'],
        ['found the failing request (its error)', (t) => `${yes(s[t].request_found)}${s[t].request_error ? ` (${s[t].request_error})` : ''}`],
        ['its CORS preflight (status)', (t) => `${s[t].preflight || 'n/a'}${s[t].preflight_status && s[t].preflight_status !== '–' ? ` (${s[t].preflight_status})` : ''}`],
        ['found the console\'s CORS error', (t) => `${yes(s[t].console_error_found)}${s[t].console_in_action_result ? " (in the click's result)" : ''}`],
        ['read RapiDoc\'s message in the iframe', (t) => yes(s[t].iframe_message_found)],
        ['click → its request', (t) => s[t].link || 'n/a'],
      );
    }
    out.push(`### \`${name}\`: ${f.title}`, '');
    out.push(`| measured on the same flow (${r.runs} run${r.runs === 1 ? '' : 's'}; median, range in brackets) | ${cols.map((c) => head[c]).join(' | ')} |`);
    out.push(`|---|${cols.map(() => '---').join('|')}|`);
    for (const [label, fn] of rows) {
      out.push(`| ${label} | ${cols.map((c) => (s[c].runs_ok ? fn(c) : `failed: ${String(f.results[c][0]?.failed ?? '').split('\n')[0]}`)).join(' | ')} |`);
    }
    const notes = [];
    for (const c of cols) {
      const inv = s[c].inexact_steps;
      if (inv?.length) notes.push(`- ${head[c]}: a name the agent looked for (e.g. \`POST /auth/login\`) matched only as a person reads it (spaces or invisible characters inside it) at: ${inv.join(', ')}.`);
      if (s[c].how?.length) notes.push(`- ${head[c]} found the failing request by: ${s[c].how.join('; ')}.`);
      const rw = s[c].retries_where ?? [];
      if (rw.length) notes.push(`- ${head[c]}'s retries over ${s[c].runs_ok} run${s[c].runs_ok === 1 ? '' : 's'}: ${rw.map((w) => `${w.what} × ${w.count}${w.errors ? ` (${w.errors} failed, up to ${(w.max_ms / 1000).toFixed(1)} s)` : ''}`).join('; ')}.`);
      if (name === 'rapidoc' && s[c].server_saw) notes.push(`- the API saw, with ${head[c]}: ${s[c].server_saw}.`);
    }
    if (notes.length) out.push('', ...notes);
    out.push('');
  }

  for (const c of cols) {
    const x = r.inspector[c];
    if (x?.ran && x.by_rule.length) {
      out.push(`- Inspector findings for ${head[c]}:`);
      for (const g of x.by_rule) out.push(`  - ${g.count} × ${g.severity} \`${g.rule}\` (e.g. ${g.examples.join('; ')})`);
    }
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}
