// Phase 3: what `bsk debug start --screenshots` costs an agent's operations. One daemon; per run
// a new session at 1280×800 with a capture, then ten operations through the CLI over the form page
// and the fetch page. Runs alternate between a plain capture and one with --screenshots in the
// order A B B A A B …, so neither mode always runs first or on a warmer machine.
//
// Wall time is each CLI call as this side sees it (process start included). The daemon's CPU is
// read from just before the first operation to SETTLE_MS after the last one: an operation's
// picture is taken before its result returns but scaled and encoded after, and that work must be
// counted too. The same idle tail is in both modes.

import path from 'node:path';
import { bskHome } from './bsk-home.mjs';
import { cpuBetween, stats, round } from './measure.mjs';

/** After the last operation, how long the daemon is given to take and store its picture. */
const SETTLE_MS = 1500;

/** When a picture is missing after SETTLE_MS, how much longer to wait before looking again. */
const LATE_LOOK_MS = 5000;

/** The agent's ten operations; `{form}` and `{fetch}` are the pages' URLs. */
export const OPERATIONS = [
  ['navigate', '{form}'],
  ['fill', '#email', 'bob@example.com'],
  ['fill', '#password', 'hunter2-hunter2'],
  ['click', '#remember'],
  ['evaluate', 'document.querySelector("#email").value'],
  ['navigate', '{fetch}'],
  ['click', '#load'],
  ['fill', '#note', 'leave it at the door'],
  ['press', 'Enter'],
  ['evaluate', 'document.querySelectorAll("li").length'],
];

/** Run order of the two modes: A B B A, repeated. */
export function order(runsPerMode) {
  const modes = [];
  for (let i = 0; modes.length < 2 * runsPerMode; i++) modes.push(i % 4 === 0 || i % 4 === 3 ? 'plain' : 'screenshots');
  return modes;
}

/**
 * @param {{ bsk: string, chromium: string, site: { formUrl: string, fetchUrl: string }, out: string, runsPerMode: number, log: (s: string) => void }} o
 */
export async function screenshotsFlow({ bsk, chromium, site, out, runsPerMode, log }) {
  const b = bskHome({ bsk, chromium, label: 'flow' });
  try {
    const runs = [];
    // One run not counted: the daemon's and browser's first pages and first encoder.
    const modes = ['screenshots', ...order(runsPerMode)];
    for (const [i, mode] of modes.entries()) {
      const run = await oneRun(b, site, mode, out);
      if (i === 0) continue;
      runs.push(run);
      log(`  ${mode}: ${round(stats(run.ops.map((o) => o.ms)).median)} ms median per operation, ${round(run.daemon_cpu_ms / run.ops.length)} ms daemon CPU per operation, ${run.pictures.length} pictures\n`);
    }
    return { operations: OPERATIONS.map((o) => o.join(' ')), settle_ms: SETTLE_MS, runs, by_mode: summarize(runs) };
  } finally {
    await b.close();
  }
}

async function oneRun(b, site, mode, out) {
  const session = (await b.run(['session', 'start', '-q'])).out;
  const s = ['--session', session];
  await b.run(['emulate', '--viewport', '1280x800', ...s, '-q']);
  await b.run(['debug', 'start', ...s, ...(mode === 'screenshots' ? ['--screenshots'] : []), '-q']);
  const pid = await b.daemonPid();
  const cpu0 = b.daemonCpu();
  const browser0 = b.browserCpu();
  const ops = [];
  for (const [name, ...rest] of OPERATIONS) {
    const args = rest.map((a) => a.replace('{form}', site.formUrl).replace('{fetch}', site.fetchUrl));
    const { out: result, ms } = await b.run([name, ...args, ...s, '--json']);
    ops.push({ op: name, ms: round(ms), operation: result.operation?.id ?? null, not_recorded: result.operation_not_recorded ?? null, settled: result.settle?.settled ?? null });
  }
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const daemonCpuMs = b.daemonCpu() - cpu0;
  const browserCpuMs = cpuBetween(browser0, b.browserCpu());
  const status = (await b.run(['debug', 'status', ...s, '--json'])).out;
  const capture = Array.isArray(status) ? status[0] : status.runs?.[0] ?? status;
  // In operation order (the list comes by revision).
  const operations = async () => (await b.run(['debug', 'operations', ...s, '--limit', '100', '--json'])).out.items
    .sort((x, y) => Number(x.id.slice(1)) - Number(y.id.slice(1)));
  let items = await operations();
  // A picture missing now may only be late (it is encoded after the result): look once more.
  let lateLook = false;
  if (mode === 'screenshots' && items.some((o) => !o.picture)) {
    await new Promise((resolve) => setTimeout(resolve, LATE_LOOK_MS));
    items = await operations();
    lateLook = true;
  }
  const pictures = items.filter((o) => o.picture).map((o) => ({ op: o.id, name: o.name, bytes: o.picture.bytes, width: o.picture.width, height: o.picture.height }));
  // Keep two of the pictures to look at: after filling the password, and after the fetch.
  for (const op of ['o3', 'o7']) {
    if (pictures.some((p) => p.op === op)) await b.run(['debug', 'operation', op, ...s, '--screenshot', path.join(out, `debug-picture-${op}.jpg`), '-q']).catch(() => {});
  }
  await b.run(['session', 'stop', session, '-q']).catch(() => {});
  return {
    mode,
    daemon_pid: pid,
    ops,
    recorded_operations: items.length,
    // The card iframe is another site: the capture attaches to it as its own target.
    iframe_targets: capture?.coverage?.iframe_targets ?? null,
    // A picture not kept (over 48 KiB at 320 px, past the 40th, or the page did not answer).
    pictures_dropped: capture?.counters?.pictures_dropped ?? 0,
    operations_without_picture: mode === 'screenshots' ? items.filter((o) => !o.picture).map((o) => `${o.id} ${o.name}`) : [],
    looked_again_after_ms: lateLook ? LATE_LOOK_MS : 0,
    // Actions whose result named no operation (the capture did not answer its registration in
    // time): they are not filmed.
    not_named: ops.filter((o) => !o.operation).map((o) => `${o.op}: ${o.not_recorded}`),
    failed_operations: items.filter((o) => o.state !== 'completed').map((o) => `${o.id} ${o.name} ${o.state}`),
    daemon_cpu_ms: daemonCpuMs,
    browser_cpu_ms: browserCpuMs,
    pictures,
  };
}

function summarize(runs) {
  const out = {};
  for (const mode of ['plain', 'screenshots']) {
    const these = runs.filter((r) => r.mode === mode);
    if (these.length === 0) continue;
    const opMs = these.flatMap((r) => r.ops.map((o) => o.ms));
    const perRunMedian = these.map((r) => stats(r.ops.map((o) => o.ms)).median);
    const cpuPerOp = these.map((r) => r.daemon_cpu_ms / r.ops.length);
    const browserPerOp = these.map((r) => r.browser_cpu_ms / r.ops.length);
    const pictures = these.flatMap((r) => r.pictures);
    out[mode] = {
      runs: these.length,
      wall_ms_per_op: { ...stats(opMs), by_run_median: perRunMedian.map((v) => round(v)) },
      daemon_cpu_ms_per_op: { median: round(stats(cpuPerOp).median), by_run: cpuPerOp.map((v) => round(v)) },
      browser_cpu_ms_per_op: { median: round(stats(browserPerOp).median), by_run: browserPerOp.map((v) => round(v)) },
      wall_ms_by_op: OPERATIONS.map((o, i) => ({ op: o[0], median: round(stats(these.map((r) => r.ops[i].ms)).median) })),
      pictures_per_run: these.map((r) => r.pictures.length),
      picture_bytes: pictures.length ? stats(pictures.map((p) => p.bytes)) : null,
      picture_sizes: [...new Set(pictures.map((p) => `${p.width}×${p.height}`))],
      failed_operations: these.flatMap((r) => r.failed_operations),
      iframe_targets: these.map((r) => r.iframe_targets),
      pictures_dropped: these.map((r) => r.pictures_dropped),
      operations_without_picture: these.map((r) => r.operations_without_picture),
      actions_not_named: these.map((r) => r.not_named),
    };
  }
  return out;
}
