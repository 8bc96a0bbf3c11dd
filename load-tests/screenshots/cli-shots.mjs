// Phase 1: `bsk screenshot` from the CLI. One session on the form page at 1280×800; N calls of
// each variant, interleaved (PNG masked, JPEG masked, PNG unmasked, so the machine's drift
// spreads over all three), each timed from this side, with the daemon's and the browser's CPU
// read just before and just after it; then one --full-page of each format.

import fs from 'node:fs';
import path from 'node:path';
import { bskHome } from './bsk-home.mjs';
import { cpuBetween, imageInfo, stats, round } from './measure.mjs';

/** Calls before the measured ones, so the first encoder and page paint are not counted. */
const WARM_UP = 2;

/** What is timed, in turn; `evaluate 1` is the baseline: a CLI call and a round trip, no picture. */
export const VARIANTS = [
  { name: 'png', label: 'PNG (default), masked', args: [], ext: 'png' },
  { name: 'jpeg', label: 'JPEG (quality 80), masked', args: ['--format', 'jpeg'], ext: 'jpg' },
  { name: 'png-unmasked', label: 'PNG, --unmasked', args: ['--unmasked'], ext: 'png' },
  { name: 'baseline', label: 'baseline: `bsk evaluate 1 --json`, no picture', command: ['evaluate', '1'] },
];

/**
 * @param {{ bsk: string, chromium: string, site: { formUrl: string }, out: string, shots: number, log: (s: string) => void }} o
 */
export async function cliShots({ bsk, chromium, site, out, shots, log }) {
  const b = bskHome({ bsk, chromium, label: 'cli' });
  try {
    const session = (await b.run(['session', 'start', '-q'])).out;
    const s = ['--session', session];
    await b.run(['emulate', '--viewport', '1280x800', ...s, '-q']);
    await b.run(['navigate', site.formUrl, ...s, '-q']);
    await b.run(['wait', '--network-idle', ...s, '-q']).catch(() => {});
    const pid = await b.daemonPid();

    /** @type {Record<string, { ms: number[], daemon_ms: number, browser_ms: number, bytes: number[], last: any }>} */
    const by = Object.fromEntries(VARIANTS.map((v) => [v.name, { ms: [], daemon_ms: 0, browser_ms: 0, bytes: [], last: null }]));
    for (let i = 0; i < WARM_UP + shots; i++) {
      for (const v of VARIANTS) {
        const argv = v.command ? [...v.command, ...s, '--json'] : ['screenshot', ...s, ...v.args, '-o', path.join(out, `bsk-cli-${v.name}.${v.ext}`), '--json'];
        const cpu0 = b.daemonCpu();
        const browser0 = b.browserCpu();
        const { out: result, ms } = await b.run(argv);
        const cpu1 = b.daemonCpu();
        const browser1 = b.browserCpu();
        if (i < WARM_UP) continue;
        const m = by[v.name];
        m.ms.push(ms);
        m.daemon_ms += cpu1 - cpu0;
        m.browser_ms += cpuBetween(browser0, browser1);
        m.bytes.push(result.bytes ?? 0);
        m.last = result;
      }
    }
    const variants = VARIANTS.map((v) => {
      const m = by[v.name];
      const file = m.last.path;
      const info = file ? imageInfo(fs.readFileSync(file)) : null;
      return {
        variant: v.name,
        label: v.label,
        calls: m.ms.length,
        wall_ms: roundStats(stats(m.ms)),
        daemon_cpu_ms_per_shot: round(m.daemon_ms / m.ms.length),
        browser_cpu_ms_per_shot: round(m.browser_ms / m.ms.length),
        bytes: stats(m.bytes),
        format: m.last.format,
        width: m.last.width,
        height: m.last.height,
        header: info,
        masked_fields: m.last.masked_fields,
        masked_frames: m.last.masked_frames,
        file: file ? path.basename(file) : null,
      };
    });
    log(`  ${variants.map((v) => `${v.variant} ${round(v.wall_ms.median)} ms, ${v.daemon_cpu_ms_per_shot} ms daemon CPU, ${v.bytes.median} B`).join('; ')}\n`);

    // One full page of each format (the page is about one viewport tall, so this is mostly the
    // cost of the full-page path).
    const fullPage = [];
    for (const v of VARIANTS.filter((x) => x.name === 'png' || x.name === 'jpeg')) {
      const file = path.join(out, `bsk-cli-full-page.${v.ext}`);
      const cpu0 = b.daemonCpu();
      const { out: result, ms } = await b.run(['screenshot', ...s, ...v.args, '--full-page', '-o', file, '--json']);
      fullPage.push({
        variant: `${v.name} --full-page`,
        wall_ms: round(ms),
        daemon_cpu_ms: round(b.daemonCpu() - cpu0),
        bytes: result.bytes,
        format: result.format,
        width: result.width,
        height: result.height,
        masked_fields: result.masked_fields,
        masked_frames: result.masked_frames,
        file: path.basename(file),
      });
    }
    await b.run(['session', 'stop', session, '-q']).catch(() => {});
    return { daemon_pid: pid, variants, full_page: fullPage };
  } finally {
    await b.close();
  }
}

function roundStats(s) {
  return { n: s.n, median: round(s.median), p95: round(s.p95), min: round(s.min), max: round(s.max) };
}
