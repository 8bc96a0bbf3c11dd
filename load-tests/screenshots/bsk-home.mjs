// One bsk state dir for one phase: a private BSK_HOME (mode 0700) whose browser is headless, the
// CLI run against it with each call timed from this side, and the daemon's and its browser's CPU.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMs, cpuOfProcesses } from './measure.mjs';

/** How long one CLI call may take before the bench gives up on it. */
const CALL_TIMEOUT_MS = 60_000;

/**
 * @param {{ bsk: string, chromium: string, label: string }} options
 */
export function bskHome({ bsk, chromium, label }) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), `bsk-shots-${label}-`));
  fs.chmodSync(home, 0o700);
  // Headless, whatever display this machine has.
  fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify({ headless: true }));
  const env = { ...process.env, BSK_HOME: home, BSK_CHROMIUM: chromium };
  delete env.BSK_SESSION;

  /**
   * Runs `bsk ARGS`; resolves with its stdout (parsed when `--json` is among the arguments) and
   * the call's wall time as this side saw it.
   * @param {string[]} args
   * @returns {Promise<{ out: any, ms: number }>}
   */
  function run(args) {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      execFile(bsk, args, { env, timeout: CALL_TIMEOUT_MS, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
        const ms = performance.now() - started;
        if (error) {
          reject(new Error(`bsk ${args.join(' ')} failed: ${(stdout || stderr || error.message).trim().slice(0, 600)}`));
          return;
        }
        resolve({ out: args.includes('--json') ? JSON.parse(stdout) : stdout.trim(), ms });
      });
    });
  }

  let daemonPid = 0;
  return {
    home,
    env,
    run,
    /** The daemon's pid, from `bsk status --json` (the first call starts the daemon). */
    async daemonPid() {
      if (!daemonPid) daemonPid = (await run(['status', '--json'])).out.pid;
      return daemonPid;
    },
    /** The daemon's user + system CPU so far, in ms. */
    daemonCpu: () => cpuMs(daemonPid),
    /** CPU so far of each process of the browser bsk launched here (its profile is in HOME). */
    browserCpu: () => cpuOfProcesses(path.join(home, 'chromium-profile')),
    /** Stops the daemon (ending its sessions) and removes the state dir. */
    async close() {
      await run(['daemon', 'stop']).catch(() => {});
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}
