// @ts-check
// Opens the load pages through chrome-devtools-mcp (the MCP server an agent would otherwise use
// to look at network traffic), for bsk's load driver (load-tests/src/driver/compare.rs).
//
//   node devtools-mcp.mjs job.json
//
// job.json: { chromium, runs: [{ tag, url, deadlineMs }] }
// stdout:   { version, results: [{ tag, pageMs, error, entries: [{ method, url, body }] }] }
//
// The server launches its own headless Chromium and always records the selected page's
// requests (there is no off switch), keeping up to 1,000 per navigation; bodies are read from
// the browser on demand. After each page finishes, every listed request is read back with
// get_network_request to see whether its response body is still available.

import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const pkg = require.resolve('chrome-devtools-mcp/package.json');
const { version } = require(pkg);
const bin = path.join(path.dirname(pkg), 'build/src/bin/chrome-devtools-mcp.js');

const job = JSON.parse(await readFile(process.argv[2], 'utf8'));
const args = [bin, '--headless', '--isolated', '--executablePath', job.chromium,
  '--no-usage-statistics', '--no-performance-crux'];
if (process.getuid && process.getuid() === 0) args.push('--chromeArg=--no-sandbox');
const server = spawn(process.execPath, args, {
  stdio: ['pipe', 'pipe', 'ignore'],
  env: { ...process.env, CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1' },
});

// A minimal MCP client: JSON-RPC 2.0, one message per line.
let buffer = '';
let nextId = 0;
/** @type {Map<number, (message: any) => void>} */
const waiting = new Map();
server.stdout.on('data', (chunk) => {
  buffer += chunk;
  let end;
  while ((end = buffer.indexOf('\n')) >= 0) {
    const line = buffer.slice(0, end).trim();
    buffer = buffer.slice(end + 1);
    if (!line) continue;
    const message = JSON.parse(line);
    const resolve = waiting.get(message.id);
    if (resolve) {
      waiting.delete(message.id);
      resolve(message);
    }
  }
});
/** @param {string} method @param {any} params @returns {Promise<any>} */
const request = (method, params) => new Promise((resolve) => {
  const id = ++nextId;
  waiting.set(id, resolve);
  server.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
});
/** The text a tool answered; throws on a tool error. @param {string} name @param {any} args */
async function tool(name, args) {
  const answer = await request('tools/call', { name, arguments: { pageId: 1, ...args } });
  const text = (answer.result?.content ?? []).map((/** @type {any} */ c) => c.text ?? '').join('\n');
  if (answer.error || answer.result?.isError) {
    throw new Error(`${name}: ${answer.error?.message ?? text}`.split('\n')[0]);
  }
  return text;
}

await request('initialize', {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'bsk-load', version: '1' },
});
server.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');

const waitDone = `() => new Promise((resolve) => {
  const check = () => window.__done ? resolve(window.__result) : setTimeout(check, 20);
  check();
})`;

/** @param {any} run */
async function one(run) {
  const result = { tag: run.tag, pageMs: null, error: null, entries: [] };
  try {
    await tool('navigate_page', { type: 'url', url: 'about:blank' });
    await tool('navigate_page', { type: 'url', url: run.url, timeout: run.deadlineMs });
    const done = await tool('evaluate_script', { function: waitDone, waitForStableDom: false });
    const json = done.match(/```json\n([\s\S]*?)\n```/);
    result.pageMs = json ? JSON.parse(json[1]).ms : null;
    const list = await tool('list_network_requests', {});
    for (const line of list.split('\n')) {
      const m = line.match(/^reqid=(\d+) (\S+) (\S+)/);
      if (!m) continue;
      const detail = await tool('get_network_request', { reqid: Number(m[1]) });
      const body = detail.split('### Response Body\n')[1];
      const kept = body !== undefined && body.trim().length > 0 && !/^<[^>]+>\s*$/.test(body.trim());
      result.entries.push({ method: m[2], url: m[3], body: kept });
    }
  } catch (e) {
    result.error = String(e instanceof Error ? e.message : e);
  }
  return result;
}

const results = [];
for (const run of job.runs) results.push(await one(run));
server.kill();
process.stdout.write(JSON.stringify({ version, results }) + '\n');
