// The flows through `bsk mcp`: a session whose capture starts before anything loads, then the
// same actions. To find the failing request the agent uses what the action's result names (its
// `operation` and `caused` requests and console) when the build reports them, and otherwise reads
// the capture's operations (`debug operations`, then `debug operation`), as an agent must today.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { connect, findRef } from './lib.mjs';
import { holdsOrderError } from './flow.mjs';
import { isCancel, isCancelPreflight, isCorsError } from './portal-flow.mjs';

/**
 * @param {{ bsk: string, chromium: string }} options
 * @returns {Promise<import('./flow.mjs').Adapter & { tools: any[], close: () => Promise<void>, version: string }>}
 */
export async function bskAdapter({ bsk, chromium }) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bsk-mcp-bench-home-'));
  // Headless, whatever display this machine has.
  fs.writeFileSync(path.join(home, 'config.json'), JSON.stringify({ headless: true }));
  const env = { ...process.env, BSK_HOME: home, BSK_CHROMIUM: chromium, BSK_DAEMON_IDLE_SECS: '120' };
  const session = await connect({ command: bsk, args: ['mcp'], env, name: 'bsk-mcp-bench' });
  const version = session.client.getServerVersion()?.version ?? '';
  const call = session.call;
  const inspect = session.tools.find((t) => t.name === 'browser_inspect');
  const inspectProps = inspect?.inputSchema?.properties ?? {};
  /** Whether `wait` takes its condition as `until: {for, …}` (older builds) or as flat arguments. */
  const waitsWithUntil = 'until' in inspectProps;
  /** Whether `wait` takes `new: true` (text that is new since the last action). */
  const waitsForNew = 'new' in inspectProps || /"new":\{/.test(JSON.stringify(inspectProps.until ?? {}));
  /** Whether an action can return the page's tree once it settled (`observe: true`): the agent
   * asks for it where it means to look at the page next (after navigating and clicking). */
  const actProps = session.tools.find((t) => t.name === 'browser_act')?.inputSchema?.properties ?? {};
  const look = 'observe' in actProps ? { observe: true } : {};
  let sessionId = '';
  /** The ref of the last click, to find its operation in `debug operations`. */
  const clicked = new Map();

  /**
   * The requests and console entries of the step's (last) click, read from the capture: `debug
   * operations` to find it by its target, then `debug operation`. Notes what it did in `how`.
   * @param {string} step
   * @param {string[]} how
   */
  async function readClick(step, how) {
    const listed = await call('evidence', 'find failing request', 'browser_inspect', { sessionId, action: 'debug', debugAction: 'operations' });
    const ops = listed.structured?.items ?? [];
    const ref = clicked.get(step);
    const op = [...ops].reverse().find((o) => o.name === 'click' && (!ref || JSON.stringify(o.params ?? {}).includes(ref))) ?? [...ops].reverse().find((o) => o.name === 'click');
    how.push('debug operations (the click\'s result names no operation), matched by its target');
    if (!op) return { requests: [], consoleEntries: [] };
    const detail = await call('evidence', 'find failing request', 'browser_inspect', { sessionId, action: 'debug', debugAction: 'operation', id: op.id });
    how.push(`debug operation ${op.id} (its windows' requests)`);
    return {
      requests: collect(detail.structured, (o) => typeof o.method === 'string' && typeof o.id === 'string'),
      consoleEntries: collect(detail.structured, (o) => typeof o.level === 'string' && typeof o.text === 'string'),
    };
  }

  return {
    name: 'bsk',
    version,
    session,
    tools: session.tools,
    async setup() {
      const started = await call('setup', 'setup', 'browser_session', { action: 'start', name: 'mcp bench', capture: 'mcp bench' });
      sessionId = started.structured?.id;
      if (!sessionId) throw new Error(`bsk: session start answered no id: ${started.text}`);
    },
    navigate: (step, url) => call('action', step, 'browser_navigate', { sessionId, url, ...look }),
    async click(step, ref, _label, kind = 'action') {
      clicked.set(step, ref);
      return call(kind, step, 'browser_act', { sessionId, action: 'click', target: ref, ...look });
    },
    fill: (step, ref, value) => call('action', step, 'browser_act', { sessionId, action: 'fill', target: ref, value }),
    async look(step, kind) {
      return (await call(kind, step, 'browser_inspect', { sessionId, action: 'observe' })).text;
    },
    async wait(step, text, attempt) {
      // First what the agent means (the text to appear, new since the action where the build
      // can tell); when that held at once yet the page still lacks it, the network going idle.
      const fresh = waitsForNew ? { new: true } : {};
      const condition = waitsWithUntil
        ? { until: attempt === 1 ? { for: 'text', text, ...fresh } : { for: 'network_idle' } }
        : attempt === 1 ? { text, ...fresh } : { networkIdle: true };
      await call('retry', step, 'browser_inspect', { sessionId, action: 'wait', ...condition, timeoutMs: 10_000 });
    },
    ref: (tree, query) => findRef(tree, query, parseLine),
    async evidence({ executeOrder }) {
      const how = [];
      const s = executeOrder.structured ?? {};
      /** @type {any[]} */
      let requests = [];
      /** @type {any[]} */
      let consoleEntries = [];
      let link = 'none';
      let linkedPreflight = 'not shown';
      if (s.caused && Array.isArray(s.caused.requests)) {
        // The click's result names its operation and what it caused.
        requests = s.caused.requests;
        consoleEntries = s.caused.console ?? [];
        how.push(`the click's result (operation ${s.operation?.qualified ?? s.operation?.id ?? '?'}: its caused requests and console)`);
        if (requests.some(isOrderPost)) link = "in the click's result";
        if (requests.some(isPreflight)) linkedPreflight = "in the click's result";
      } else {
        // Today: find the click among the capture's operations, then read that operation.
        ({ requests, consoleEntries } = await readClick('execute order', how));
        if (requests.some(isOrderPost)) link = 'via debug operations + debug operation';
        if (requests.some(isPreflight)) linkedPreflight = 'via debug operation';
      }
      // The failed POST; one still unanswered when the action returned is read all the same.
      const failing = requests.find(isFailingOrder) ?? requests.find(isOrderPost);
      let body = '';
      if (failing) {
        const read = await call('evidence', 'read response body', 'browser_inspect', { sessionId, action: 'debug', debugAction: 'request', id: failing.qualified ?? failing.id, part: 'response' });
        body = read.text + JSON.stringify(read.structured ?? {});
        if (!isFailingOrder(failing)) failing.status = read.structured?.status ?? (holdsOrderError(body) ? 500 : undefined);
        how.push(`debug request ${failing.id} part response`);
      }
      let consoleFound = consoleEntries.some(isOrderConsoleError);
      const consoleInAction = consoleFound && link === "in the click's result";
      if (!consoleFound) {
        const read = await call('evidence', 'read console errors', 'browser_inspect', { sessionId, action: 'debug', debugAction: 'console', limit: 100 });
        consoleFound = (read.structured?.items ?? []).some(isOrderConsoleError) || /\b500\b.*orders|orders.*\b500\b/.test(read.text);
        how.push('debug console');
      }
      return {
        request_found: !!failing && isFailingOrder(failing),
        body_found: holdsOrderError(body),
        console_error_found: consoleFound,
        console_in_action_result: consoleInAction,
        link,
        preflight: linkedPreflight,
        how,
      };
    },
    async corsEvidence({ cancel, orderId }) {
      const how = [];
      const s = cancel.structured ?? {};
      /** @type {any[]} */
      let requests = [];
      /** @type {any[]} */
      let consoleEntries = [];
      let link = 'none';
      let preflight = 'not shown';
      if (s.caused && Array.isArray(s.caused.requests)) {
        requests = s.caused.requests;
        consoleEntries = s.caused.console ?? [];
        how.push(`the click's result (operation ${s.operation?.qualified ?? s.operation?.id ?? '?'}: its caused requests and console)`);
        if (requests.some((r) => isCancel(r, orderId))) link = "in the click's result";
        if (requests.some((r) => isCancelPreflight(r, orderId))) preflight = "in the click's result";
      }
      if (!requests.some((r) => isCancel(r, orderId))) {
        // The click's result did not name it: find the click among the capture's operations.
        ({ requests, consoleEntries } = await readClick('cancel order', how));
        if (requests.some((r) => isCancel(r, orderId))) link = 'via debug operations + debug operation';
        if (requests.some((r) => isCancelPreflight(r, orderId))) preflight = 'via debug operation';
      }
      const failing = requests.find((r) => isCancel(r, orderId) && ((r.status ?? 0) >= 400 || !!r.failure));
      const pre = requests.find((r) => isCancelPreflight(r, orderId));
      let consoleFound = consoleEntries.some((c) => /error/i.test(c.level ?? '') && isCorsError(c.text ?? ''));
      const consoleInAction = consoleFound && link === "in the click's result";
      if (!consoleFound) {
        const read = await call('evidence', 'read console errors', 'browser_inspect', { sessionId, action: 'debug', debugAction: 'console', limit: 100 });
        consoleFound = (read.structured?.items ?? []).some((c) => isCorsError(c.text ?? '')) || isCorsError(read.text);
        how.push('debug console');
      }
      return {
        request_found: !!failing,
        request_error: failing ? String(failing.failure ?? failing.status) : '',
        console_error_found: consoleFound,
        console_in_action_result: consoleInAction,
        link,
        preflight,
        preflight_status: pre?.status ?? null,
        how,
      };
    },
    async close() {
      // Not part of the flow: not recorded.
      if (sessionId) await session.client.callTool({ name: 'browser_session', arguments: { action: 'stop', sessionId } }).catch(() => {});
      await session.close().catch(() => {});
      await new Promise((resolve) => execFile(bsk, ['daemon', 'stop'], { env, timeout: 20_000 }, () => resolve(null)));
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The order POST. */
function isOrderPost(r) {
  return r.method === 'POST' && /\/orders\b/.test(`${r.path ?? ''} ${r.url ?? ''}`);
}

/** The order POST that failed. */
function isFailingOrder(r) {
  return isOrderPost(r) && ((r.status ?? 0) >= 400 || !!r.failure);
}

/** The CORS preflight of the order POST. */
function isPreflight(r) {
  return r.method === 'OPTIONS' && /\/orders\b/.test(`${r.path ?? ''} ${r.url ?? ''}`);
}

/** A console error about the order's failed load. */
function isOrderConsoleError(c) {
  return /error/i.test(c.level ?? '') && /\b500\b/.test(c.text ?? '');
}

/** Every object in `value` (deeply) for which `test` holds, each id once. */
function collect(value, test, out = [], seen = new Set()) {
  if (Array.isArray(value)) for (const v of value) collect(v, test, out, seen);
  else if (value && typeof value === 'object') {
    if (test(value) && !seen.has(value.id ?? value)) {
      seen.add(value.id ?? value);
      out.push(value);
    }
    for (const v of Object.values(value)) collect(v, test, out, seen);
  }
  return out;
}

/**
 * One line of `observe`'s tree: `- role "name" [@eN] value="…" …`.
 * @param {string} line
 * @returns {import('./lib.mjs').Element | null}
 */
export function parseLine(line) {
  const m = /^\s*- ([A-Za-z]+)(?: "((?:[^"\\]|\\.)*)")?(.*)$/.exec(line);
  const ref = m && /\[(@e\d+)\]/.exec(m[3])?.[1];
  if (!m || !ref) return null;
  return { role: m[1], name: (m[2] ?? '').replace(/\\"/g, '"'), value: (/value="((?:[^"\\]|\\.)*)"/.exec(m[3])?.[1] ?? '').replace(/\\"/g, '"'), ref };
}
