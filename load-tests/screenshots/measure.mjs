// What the benchmark reads besides the tools' answers: CPU time from /proc, an image's format and
// pixel size from its header, and the statistics of a list of samples.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Clock ticks per second, the unit of utime and stime in /proc/PID/stat. */
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * A process's user + system CPU time so far, in milliseconds (at the kernel's tick resolution,
 * 10 ms on this machine): fields 14 and 15 of /proc/PID/stat, counted past the command name,
 * which may itself hold spaces and parentheses.
 * @param {number} pid
 * @returns {number}
 */
export function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); utime is field 14, stime field 15.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

/**
 * The CPU time so far of every live process whose command line holds `marker` (a browser's
 * profile directory names all its processes), in milliseconds, by pid. A process that exits
 * between two readings takes its time with it, so a difference of two readings is a lower
 * bound.
 * @param {string} marker
 * @returns {Map<number, number>}
 */
export function cpuOfProcesses(marker) {
  const found = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes(marker)) found.set(Number(entry), cpuMs(Number(entry)));
    } catch {
      // It exited while we looked.
    }
  }
  return found;
}

/**
 * The CPU time so far of `root` and every live process below it (a browser's zygote and
 * renderers are its grandchildren), in milliseconds, by pid.
 * @param {number} root
 * @returns {Map<number, number>}
 */
export function cpuOfTree(root) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // It exited while we looked.
    }
  }
  const found = new Map();
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop();
    try {
      found.set(pid, cpuMs(pid));
    } catch {
      continue;
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/**
 * CPU spent between two readings of `cpuOfProcesses` or `cpuOfTree`, over the processes alive at the second
 * (a process started in between counts from zero).
 * @param {Map<number, number>} before
 * @param {Map<number, number>} after
 */
export function cpuBetween(before, after) {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/**
 * An image's format and pixel size, read from its header.
 * @param {Buffer} bytes
 * @returns {{ format: string, width: number, height: number }}
 */
export function imageInfo(bytes) {
  if (bytes.length > 24 && bytes.readUInt32BE(0) === 0x89504e47) {
    return { format: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    // Walk the JPEG segments to the first start-of-frame marker (C0–CF but C4, C8, CC).
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) { at += 1; continue; }
      const marker = bytes[at + 1];
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { format: 'jpeg', width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
      }
      at += 2 + bytes.readUInt16BE(at + 2);
    }
    return { format: 'jpeg', width: 0, height: 0 };
  }
  if (bytes.length > 30 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') {
    return { format: 'webp', width: 0, height: 0 };
  }
  return { format: 'unknown', width: 0, height: 0 };
}

/**
 * Median and 95th percentile (nearest rank) of a list of numbers.
 * @param {number[]} values
 */
export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  const mid = sorted.length / 2;
  const median = sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { n: sorted.length, median, p95: rank(0.95), min: sorted[0], max: sorted[sorted.length - 1] };
}

/** A number rounded to `digits` decimals. */
export function round(value, digits = 1) {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
