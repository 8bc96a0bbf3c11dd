// The flows through Playwright's MCP server (`@playwright/mcp` from npm) on Debian's Chromium,
// headless, with a profile in memory (`--isolated`) and its output files in a scratch directory.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, findRef } from './lib.mjs';
import { holdsOrderError } from './flow.mjs';
import { isCorsError } from './portal-flow.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * @param {{ chromium: string }} options
 * @returns {Promise<import('./flow.mjs').Adapter & { tools: any[], close: () => Promise<void>, version: string }>}
 */
export async function playwrightAdapter({ chromium }) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bsk-mcp-bench-pw-'));
  const cli = path.join(here, 'node_modules/@playwright/mcp/cli.js');
  const version = JSON.parse(fs.readFileSync(path.join(path.dirname(cli), 'package.json'), 'utf8')).version;
  const args = [cli, '--headless', '--browser', 'chromium', '--executable-path', chromium, '--isolated', '--output-dir', path.join(scratch, 'out')];
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  const session = await connect({ command: process.execPath, args, cwd: scratch, name: 'bsk-mcp-bench' });

  const call = session.call;
  return {
    name: 'playwright',
    version,
    session,
    tools: session.tools,
    async setup() {},
    navigate: (step, url) => call('action', step, 'browser_navigate', { url }),
    click: (step, ref, label, kind = 'action') => call(kind, step, 'browser_click', { element: label, target: ref }),
    fill: (step, ref, value, label) => call('action', step, 'browser_type', { element: label, target: ref, text: value }),
    async look(step, kind) {
      return (await call(kind, step, 'browser_snapshot', {})).text;
    },
    async wait(step, text) {
      await call('retry', step, 'browser_wait_for', { text, time: 5 });
    },
    ref: (tree, query) => findRef(tree, query, parseLine),
    async evidence({ executeOrder }) {
      const how = [];
      const clickText = executeOrder.text;
      // The failing request: the list of the page's requests, then that request's response body.
      const list = (await call('evidence', 'find failing request', 'browser_network_requests', { static: false })).text;
      const line = list.split('\n').find((l) => /POST\b.*\/orders\b/.test(l) && /\b5\d\d\b/.test(l));
      const index = line ? Number(/^\s*(?:-\s*)?\[?(\d+)\]?[.:)]?\s/.exec(line)?.[1] ?? NaN) : NaN;
      how.push('browser_network_requests lists the page\'s requests; the POST /orders line shows its status');
      let body = '';
      if (Number.isInteger(index)) {
        body = (await call('evidence', 'read response body', 'browser_network_request', { index, part: 'response-body' })).text;
        how.push(`browser_network_request index ${index} part response-body`);
      }
      const consoleText = (await call('evidence', 'read console errors', 'browser_console_messages', { level: 'error' })).text;
      const inAction = /\/orders\b/.test(clickText) && /\b500\b/.test(clickText);
      return {
        request_found: !!line,
        body_found: holdsOrderError(body),
        console_error_found: /\b500\b/.test(consoleText) && /orders/.test(consoleText),
        console_in_action_result: /\b500\b/.test(clickText) && /error/i.test(clickText),
        link: inAction ? 'in the click\'s result' : 'none (the request list does not say which action sent what)',
        preflight: /OPTIONS\b.*\/orders/.test(clickText) ? 'in the click\'s result' : /OPTIONS\b.*\/orders/.test(list) ? 'in the request list, unlinked' : 'not shown',
        how,
      };
    },
    async corsEvidence({ cancel, orderId }) {
      const how = [];
      // The failing request: the page's requests (the iframe's among them) with their outcome.
      const list = (await call('evidence', 'find failing request', 'browser_network_requests', { static: false })).text;
      const line = list.split('\n').find((l) => /\bDELETE\b/.test(l) && l.includes(`/orders/${orderId}`) && /FAILED|\b[45]\d\d\b/.test(l));
      how.push('browser_network_requests lists the page\'s requests; the DELETE line shows it failed');
      // The console error: what CORS refused.
      const consoleText = (await call('evidence', 'read console errors', 'browser_console_messages', { level: 'error' })).text;
      how.push('browser_console_messages level error');
      const preflightLine = (text) => text.split('\n').some((l) => /\bOPTIONS\b/.test(l) && l.includes(`/orders/${orderId}`));
      return {
        request_found: !!line,
        request_error: line ? (/=>\s*(.*)$/.exec(line)?.[1] ?? line).trim() : '',
        console_error_found: consoleText.split('\n').some(isCorsError),
        console_in_action_result: isCorsError(cancel.text),
        link: cancel.text.includes(`/orders/${orderId}`) ? "in the click's result" : 'none (the request list does not say which action sent what)',
        preflight: preflightLine(cancel.text) ? "in the click's result" : preflightLine(list) ? 'in the request list, unlinked' : 'not shown',
        preflight_status: null,
        how,
      };
    },
    async close() {
      await session.close().catch(() => {});
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * One line of a Playwright aria snapshot: `- role "name" [attrs] [ref=eN]: value`.
 * @param {string} line
 * @returns {import('./lib.mjs').Element | null}
 */
export function parseLine(line) {
  const m = /^\s*- '?([a-z]+)(?: "((?:[^"\\]|\\.)*)")?(.*)$/.exec(line);
  const ref = m && /\[ref=((?:f\d+)?e\d+)\]/.exec(m[3])?.[1];
  if (!m || !ref) return null;
  return { role: m[1], name: (m[2] ?? '').replace(/\\"/g, '"'), value: (/\]: (.*)$/.exec(m[3])?.[1] ?? '').replace(/\\"/g, '"'), ref };
}
