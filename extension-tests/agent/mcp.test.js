// @ts-check
// `bsk mcp` end to end, with the official MCP TypeScript SDK as the client: the real `bsk`
// binary serves MCP on stdio, launches its own Chromium through its daemon, and an agent's whole
// debugging workflow runs through the five tools against a small site served here (a page whose
// button POSTs JSON and gets back HTTP 200 with a business error). Every client lists the tools
// first, so the SDK validates each result's `structuredContent` against the tool's (small)
// outputSchema: a result that does not match it fails the call. Each result is also checked
// here against the full shape its action promises, from the schema files in `schema/json/` that
// the output schemas name.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BSK, bsk, stateDir, waitFor } from '../e2e/daemon-harness.js';

const TOOLS = ['browser_session', 'browser_tabs', 'browser_navigate', 'browser_act', 'browser_inspect'];

/** What an agent pays for the tool list at most (compact JSON of `tools`). */
const MAX_TOOL_LIST_BYTES = 18_000;

/** The full result shapes of each tool, as `schema/json/` has them. */
const RESULT_SCHEMAS = Object.fromEntries(
  [
    ['browser_session', 'mcp-session-result'],
    ['browser_tabs', 'mcp-tabs-result'],
    ['browser_navigate', 'operation-result'],
    ['browser_act', 'operation-result'],
    ['browser_inspect', 'mcp-inspect-result'],
  ].map(([tool, file]) => [
    tool,
    JSON.parse(readFileSync(new URL(`../../schema/json/${file}.schema.json`, import.meta.url), 'utf8')),
  ]),
);

/** @type {Map<string, any>} the tools as `bsk mcp` lists them, by name (set by `connect`) */
const listed = new Map();

/** What /api/save answers: HTTP 200 with a business error, well over 100 characters, no secrets. */
const SAVE_RESPONSE = JSON.stringify({
  ok: false,
  error: {
    code: 'E_TAKEN',
    detail: 'That address is already registered to another account. Sign in with it instead, or choose a different address and save again.',
  },
});

describe('bsk mcp (official TypeScript SDK client)', () => {
  /** @type {Awaited<ReturnType<typeof serveSite>>} */
  let site;
  /** BSK_HOME shared by every client, so they all talk to one daemon. */
  let home = '';
  /** @type {Client} */
  let client;
  /** @type {Client[]} */
  const clients = [];

  before(async () => {
    site = await serveSite();
    home = stateDir();
    client = await connect(home, 'bsk-mcp-test', clients);
  });

  after(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await bsk(home, 'daemon', 'stop').catch(() => {});
    await site?.close();
  });

  test('lists the five tools, each with an input and an output schema', async () => {
    assert.equal(client.getServerVersion()?.name, 'bsk');
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of TOOLS) assert.ok(names.includes(name), `${name} is listed: ${names.join(', ')}`);
    assert.ok(tools.length <= 6, `at most six tools: ${names.join(', ')}`);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', `${tool.name}: inputSchema.type`);
      assert.equal(typeof tool.outputSchema, 'object', `${tool.name} declares an outputSchema`);
      assert.equal(tool.outputSchema?.type, 'object', `${tool.name}: outputSchema.type`);
      assert.match(tool.outputSchema?.description ?? '', /schema\.json/, `${tool.name} names its full result shape`);
    }
    const bytes = JSON.stringify(tools).length;
    assert.ok(bytes <= MAX_TOOL_LIST_BYTES, `tools/list is ${bytes} bytes`);
    assert.doesNotMatch(JSON.stringify(tools), /"fault"|test-only/i, 'no test hook in the public surface');
  });

  test('arguments are checked in JSON words; numbers may come as strings; hints name tools', async () => {
    const session = await ok(client, 'browser_session', { action: 'start', name: 'arguments' });
    const sessionId = session.structuredContent.id;
    await ok(client, 'browser_inspect', { sessionId, action: 'debug', debugAction: 'start' });
    // A string holding a number is taken where the schema says integer.
    const page = await ok(client, 'browser_inspect', { sessionId, action: 'debug', debugAction: 'requests', limit: '5' });
    assert.ok(Array.isArray(page.structuredContent.items));
    // A wrong value names the argument and the JSON type, never a Rust type.
    const wrong = await call(client, 'browser_inspect', { sessionId, action: 'debug', debugAction: 'requests', limit: 'five' });
    assert.equal(wrong.isError, true);
    assert.match(text(wrong), /`limit` must be a whole number/);
    assert.doesNotMatch(text(wrong), /usize|u64|internally tagged|WaitFor/);
    const unknown = await call(client, 'browser_inspect', { sessionId, action: 'wait', until: { for: 'network_idle' } });
    assert.match(text(unknown), /unknown argument `until`/);
    // Hints name the tool call, not the CLI.
    await ok(client, 'browser_inspect', { sessionId, action: 'debug', debugAction: 'stop' });
    const other = await ok(client, 'browser_session', { action: 'start', name: 'no capture' });
    const missing = await call(client, 'browser_inspect', { sessionId: other.structuredContent.id, action: 'debug', debugAction: 'requests' });
    assert.equal(missing.isError, true);
    assert.match(text(missing), /browser_inspect \{"action":"debug","debugAction":"start"/, text(missing));
    assert.doesNotMatch(text(missing), /`bsk debug/);
    await ok(client, 'browser_session', { action: 'stop', sessionId: other.structuredContent.id });
    await ok(client, 'browser_session', { action: 'stop', sessionId });
  });

  test('an agent captures, reproduces and reads the evidence of a 200 that failed', async () => {
    // 1. A session, and a capture on its tab before anything happens.
    const session = await ok(client, 'browser_session', { action: 'start', name: 'MCP workflow' });
    const sessionId = session.structuredContent.id;
    assert.equal(typeof sessionId, 'string');
    assert.ok(session.structuredContent.tabs.length >= 1 && session.structuredContent.tabs[0].tab_id, 'the session has its own tab');
    const debug = (/** @type {Record<string, unknown>} */ args) =>
      ok(client, 'browser_inspect', { sessionId, action: 'debug', ...args });
    const started = await debug({ debugAction: 'start', name: 'MCP run' });
    const runId = started.structuredContent.run_id;
    assert.match(runId, /^run-/);
    assert.equal(started.structuredContent.name, 'MCP run');

    // 2. Reproduce: open the page and see it in the same call (observe: true), click the button.
    const navigated = await ok(client, 'browser_navigate', { sessionId, url: `${site.url}/signup`, observe: true });
    assert.equal(navigated.structuredContent.url, `${site.url}/signup`);
    assert.equal(navigated.structuredContent.value, undefined, 'the tree is in the text only');
    const ref = /button "Save" \[(@e\d+)\]/.exec(text(navigated))?.[1];
    assert.ok(ref, `the navigation's text holds the tree with a ref for the Save button:\n${text(navigated)}`);
    const observed = await ok(client, 'browser_inspect', { sessionId, action: 'observe' });
    assert.match(text(observed), new RegExp(`button "Save" \\[${ref}\\]`), 'observe afterwards gives the same ref');
    // The click returns once the page settled, naming its operation and what it caused.
    const clicked = await ok(client, 'browser_act', { sessionId, action: 'click', target: ref });
    assert.equal(clicked.structuredContent.settle?.settled, true, text(clicked));
    assert.match(clicked.structuredContent.operation?.id ?? '', /^o\d+$/);
    const caused = clicked.structuredContent.caused?.requests ?? [];
    assert.ok(caused.some((/** @type {any} */ r) => r.method === 'POST' && r.url === '/api/save' && r.status === 200), text(clicked));
    assert.match(text(clicked), new RegExp(`operation ${clicked.structuredContent.operation.id} .*settled`));
    assert.match(text(clicked), /POST \/api\/save → 200/);
    // Waiting needs no polling either (not an operation).
    const idle = await ok(client, 'browser_inspect', { sessionId, action: 'wait', networkIdle: true, timeoutMs: 10_000 });
    assert.match(text(idle), /the network is idle/);

    // 3. The POST is recorded complete.
    const saveUrl = `${site.url}/api/save`;
    const post = await waitFor('the POST to /api/save to be recorded complete', async () => {
      const page = await debug({ debugAction: 'requests', limit: 100 });
      return page.structuredContent.items.find((/** @type {any} */ r) =>
        r.method === 'POST' && r.url === saveUrl && r.state === 'complete') ?? null;
    }, 20_000);
    assert.equal(post.status, 200);

    // 4. Page through the requests two at a time until an empty page: merged by id, the pages
    // hold exactly the requests one big page holds.
    /** @type {Map<string, any>} */
    const paged = new Map();
    let since;
    for (let pages = 0; ; pages++) {
      assert.ok(pages < 20, 'pagination ends');
      const page = await debug({ debugAction: 'requests', limit: 2, ...(since === undefined ? {} : { since }) });
      const { items, next_since: next } = page.structuredContent;
      assert.equal(page.structuredContent.run_id, runId);
      assert.ok(items.length <= 2, `a page holds at most its limit: ${items.length}`);
      if (items.length === 0) break;
      for (const item of items) paged.set(item.id, item);
      assert.equal(typeof next, 'number', 'a non-empty page says where the next one starts');
      since = next;
    }
    const everything = (await debug({ debugAction: 'requests', limit: 100 })).structuredContent.items;
    assert.deepEqual([...paged.keys()].sort(), everything.map((/** @type {any} */ r) => r.id).sort());
    assert.ok(everything.length >= 3, `the page, its config fetch and the POST: ${everything.map((/** @type {any} */ r) => r.url).join(', ')}`);
    assert.ok(paged.has(post.id), 'the pages include the POST');

    // 5. The response body in 20-character slices is exactly what the server sent.
    let body = '';
    let offset = 0;
    for (let slices = 0; ; slices++) {
      assert.ok(slices < 50, 'the body read ends');
      const read = await debug({ debugAction: 'request', id: post.id, part: 'response', maxChars: 20, offset });
      const slice = read.structuredContent;
      assert.equal(slice.part, 'response');
      assert.equal(slice.body.state, 'available');
      assert.equal(typeof slice.text, 'string');
      assert.ok(slice.text.length <= 20, `a slice holds at most maxChars: ${JSON.stringify(slice.text)}`);
      body += slice.text;
      if (slice.next_offset === undefined || slice.next_offset === null) break;
      assert.equal(slice.next_offset, offset + slice.text.length, 'next_offset follows the slice');
      offset = slice.next_offset;
    }
    assert.equal(body, SAVE_RESPONSE);

    // 6. A JSON pointer into the body.
    const code = await debug({ debugAction: 'request', id: post.id, part: 'response', pointer: '/error/code' });
    assert.equal(code.structuredContent.pointer, '/error/code');
    assert.equal(code.structuredContent.value, 'E_TAKEN');

    // 6b. Search finds the code where it occurs: only in that response body.
    const found = await debug({ debugAction: 'search', query: 'e_taken' });
    assert.deepEqual(
      found.structuredContent.items.map((/** @type {any} */ i) => [i.id, i.hits.map((/** @type {any} */ h) => h.part)]),
      [[post.id, ['response_body']]],
    );
    assert.match(text(found), /response_body@\d+ .*E_TAKEN/);

    // 7. The click is an agent operation whose window holds the POST; the observe is not one.
    const operations = (await debug({ debugAction: 'operations', limit: 100 })).structuredContent.items;
    const names = operations.map((/** @type {any} */ o) => o.name);
    const click = operations.find((/** @type {any} */ o) => o.name === 'click');
    assert.ok(click, `a click operation: ${names.join(', ')}`);
    assert.equal(click.source, 'agent');
    assert.equal(click.state, 'completed');
    assert.ok(click.immediate_requests >= 1, `the click's immediate window holds the POST: ${JSON.stringify(click)}`);
    assert.ok(!names.includes('observe'), `observe is not an operation: ${names.join(', ')}`);
    assert.deepEqual(names, ['navigate', 'click']);

    // 8. Both exports hold the POST; the document is sent once (the text says what it holds).
    const exportResult = await debug({ debugAction: 'export', format: 'json' });
    const exported = exportResult.structuredContent;
    assert.ok(text(exportResult).length < 300, `the export's text is a short rendering: ${text(exportResult).slice(0, 300)}`);
    assert.equal(exported.version, 1);
    assert.equal(exported.run.run_id, runId);
    assert.ok(exported.requests.some((/** @type {any} */ r) => r.method === 'POST' && r.url === saveUrl), 'the JSON export holds the POST');
    const har = (await debug({ debugAction: 'export', format: 'har' })).structuredContent;
    assert.equal(har.log.version, '1.2');
    assert.ok(har.log.entries.some((/** @type {any} */ e) => e.request.method === 'POST' && e.request.url === saveUrl), 'the HAR holds the POST');

    // 9. Stop the capture, then the session.
    const stopped = await debug({ debugAction: 'stop' });
    assert.equal(stopped.structuredContent.run_id, runId);
    assert.notEqual(stopped.structuredContent.state, 'active');
    const ended = await ok(client, 'browser_session', { action: 'stop', sessionId });
    assert.deepEqual(ended.structuredContent.stopped, [sessionId]);
  });

  test('an agent sees the page as a picture, puts it on a phone, and every action is named', async () => {
    const session = await ok(client, 'browser_session', { action: 'start', name: 'seeing' });
    const sessionId = session.structuredContent.id;
    await ok(client, 'browser_inspect', { sessionId, action: 'debug', debugAction: 'start' });
    await ok(client, 'browser_navigate', { sessionId, url: `${site.url}/signup` });

    // A picture: one text line and one JPEG image block; never base64 in structuredContent.
    const shot = /** @type {any} */ (await client.callTool({ name: 'browser_inspect', arguments: { sessionId, action: 'screenshot' } }));
    assert.ok(!shot.isError, JSON.stringify(shot.content?.[0]));
    assert.deepEqual(shot.content.map((/** @type {any} */ c) => c.type), ['text', 'image']);
    assert.equal(shot.content[1].mimeType, 'image/jpeg');
    const jpeg = Buffer.from(shot.content[1].data, 'base64');
    assert.deepEqual([...jpeg.subarray(0, 2)], [0xff, 0xd8], 'a JPEG');
    assert.match(shot.content[0].text, /screenshot of .*signup.*sensitive field/);
    assert.ok(shot.structuredContent.width <= 1280, JSON.stringify(shot.structuredContent));
    assert.equal(shot.structuredContent.bytes, jpeg.length);
    assert.doesNotMatch(JSON.stringify(shot.structuredContent), /data_base64|\/9j\//, 'no picture bytes in structuredContent');
    conforms('browser_inspect', 'ScreenshotResult', shot.structuredContent);

    // A phone-sized viewport with touch, through browser_act.
    const phone = await ok(client, 'browser_act', {
      sessionId, action: 'emulate', emulate: { viewport: { width: 390, height: 844 }, mobile: true, touch: true },
    });
    assert.equal(phone.structuredContent.emulation.viewport.width, 390, JSON.stringify(phone.structuredContent));
    const width = await ok(client, 'browser_inspect', { sessionId, action: 'evaluate', expression: 'matchMedia("(pointer: coarse)").matches' });
    assert.equal(width.structuredContent.value, true);

    // The click names its button, in the text and the structured result.
    const clicked = await ok(client, 'browser_act', { sessionId, action: 'click', target: '#save' });
    assert.match(text(clicked), /clicked button "Save"/);
    assert.equal(clicked.structuredContent.acted_on[0].name, 'Save');
    const missing = await call(client, 'browser_act', { sessionId, action: 'drag', target: '#save' });
    assert.equal(missing.isError, true);
    assert.match(text(missing), /`to`/);
    await ok(client, 'browser_session', { action: 'stop', sessionId });
  });

  test("a second client's session cannot read the first session's capture", async () => {
    const first = await ok(client, 'browser_session', { action: 'start', name: 'first client' });
    const firstId = first.structuredContent.id;
    const firstRun = (await ok(client, 'browser_inspect', { sessionId: firstId, action: 'debug', debugAction: 'start' })).structuredContent.run_id;

    const other = await connect(home, 'bsk-mcp-test-2', clients);
    const second = await ok(other, 'browser_session', { action: 'start', name: 'second client' });
    const secondId = second.structuredContent.id;
    assert.notEqual(secondId, firstId);
    // Both clients reach the same daemon: the second lists the first's session too.
    const listed = await ok(other, 'browser_session', { action: 'list' });
    assert.ok(listed.structuredContent.sessions.some((/** @type {any} */ s) => s.id === firstId), 'one daemon serves both clients');

    const denied = await call(other, 'browser_inspect', { sessionId: secondId, action: 'debug', debugAction: 'requests', runId: firstRun });
    assert.equal(denied.isError, true, `reading another session's run fails: ${text(denied)}`);
    assert.equal(denied.structuredContent?.code, 'not_found');
    assert.match(text(denied), /^error: /);

    // Its own capture it reads.
    const ownRun = (await ok(other, 'browser_inspect', { sessionId: secondId, action: 'debug', debugAction: 'start' })).structuredContent.run_id;
    const own = await ok(other, 'browser_inspect', { sessionId: secondId, action: 'debug', debugAction: 'requests', runId: ownRun });
    assert.equal(own.structuredContent.run_id, ownRun);

    await ok(other, 'browser_session', { action: 'stop', sessionId: secondId });
    await ok(client, 'browser_session', { action: 'stop', sessionId: firstId });
  });

  test('tabId takes every tool to a second tab of the session: capture, act, observe, evaluate and reads', async () => {
    const session = await ok(client, 'browser_session', { action: 'start', name: 'two tabs' });
    const sessionId = session.structuredContent.id;
    const first = session.structuredContent.tabs[0].tab_id;
    await ok(client, 'browser_navigate', { sessionId, url: `${site.url}/signup?tab=first` });
    // The page opens a popup: the session's second tab.
    await ok(client, 'browser_inspect', { sessionId, action: 'evaluate', expression: `window.open('${site.url}/signup?tab=second'), true` });
    const tabId = await waitFor('the popup among the session\'s tabs', async () => {
      const { tabs } = (await ok(client, 'browser_tabs', { action: 'list', sessionId })).structuredContent;
      return tabs.find((/** @type {any} */ t) => t.tab_id !== first && t.url.endsWith('?tab=second'))?.tab_id ?? null;
    }, 20_000);
    const inSecond = { sessionId, tabId };

    // A capture of the second tab, then the agent's workflow there, every call by tabId.
    const started = await ok(client, 'browser_inspect', { ...inSecond, action: 'debug', debugAction: 'start', name: 'second tab' });
    assert.equal(started.structuredContent.tab_id, tabId);
    const secondRun = started.structuredContent.run_id;
    const navigated = await ok(client, 'browser_navigate', { ...inSecond, url: `${site.url}/signup?tab=second&again` });
    assert.equal(navigated.structuredContent.url, `${site.url}/signup?tab=second&again`);
    const observed = await ok(client, 'browser_inspect', { ...inSecond, action: 'observe' });
    const ref = /button "Save" \[(@e\d+)\]/.exec(text(observed))?.[1];
    assert.ok(ref, `the second tab's observation has the Save button:\n${text(observed)}`);
    await ok(client, 'browser_act', { ...inSecond, action: 'click', target: ref });
    const where = async (/** @type {Record<string, unknown>} */ tab) =>
      (await ok(client, 'browser_inspect', { sessionId, ...tab, action: 'evaluate', expression: "location.search + ' ' + document.querySelector('#status').textContent" })).structuredContent.value;
    assert.equal(await waitFor('the save answered in the second tab', async () => {
      const value = await where({ tabId });
      return value.endsWith('E_TAKEN') ? value : null;
    }, 10_000), '?tab=second&again Could not save: E_TAKEN');
    assert.equal(await where({}), '?tab=first ', 'the session\'s own tab was not touched');

    // Stopped by tabId; then a capture of the first tab is the latest, and reads by tabId still
    // read the second tab's.
    const stopped = await ok(client, 'browser_inspect', { ...inSecond, action: 'debug', debugAction: 'stop' });
    assert.equal(stopped.structuredContent.run_id, secondRun);
    const firstRun = (await ok(client, 'browser_inspect', { sessionId, action: 'debug', debugAction: 'start', name: 'first tab' })).structuredContent;
    assert.equal(firstRun.tab_id, first);
    const debug = (/** @type {Record<string, unknown>} */ args) => ok(client, 'browser_inspect', { ...inSecond, action: 'debug', ...args });
    const post = await waitFor('the second tab\'s POST recorded complete', async () => {
      const page = (await debug({ debugAction: 'requests', limit: 100 })).structuredContent;
      assert.equal(page.run_id, secondRun);
      return page.items.find((/** @type {any} */ r) => r.method === 'POST' && r.state === 'complete') ?? null;
    }, 20_000);
    const code = await debug({ debugAction: 'request', id: post.id, part: 'response', pointer: '/error/code' });
    assert.equal(code.structuredContent.value, 'E_TAKEN');
    const operations = (await debug({ debugAction: 'operations', limit: 100 })).structuredContent;
    assert.equal(operations.run_id, secondRun);
    // The evaluates by tabId are the second tab's operations too; the one on the first tab is not.
    const names = operations.items.map((/** @type {any} */ o) => o.name);
    assert.deepEqual(names.slice(0, 2), ['navigate', 'click']);
    assert.ok(names.length > 2 && names.slice(2).every((/** @type {string} */ n) => n === 'evaluate'), names.join(', '));
    assert.ok(operations.items.every((/** @type {any} */ o) => o.name !== 'evaluate' || /second/.test(o.summary)), JSON.stringify(operations.items));
    const latest = (await ok(client, 'browser_inspect', { sessionId, action: 'debug', debugAction: 'requests', limit: 100 })).structuredContent;
    assert.equal(latest.run_id, firstRun.run_id, 'without tabId, reads take the latest capture');
    assert.ok(!latest.items.some((/** @type {any} */ r) => r.method === 'POST'), 'the first tab saved nothing');
    await ok(client, 'browser_session', { action: 'stop', sessionId });
  });

  test('cancelling a call cancels its operation and frees the session', async () => {
    const session = await ok(client, 'browser_session', { action: 'start', name: 'cancel' });
    const sessionId = session.structuredContent.id;
    await ok(client, 'browser_inspect', { sessionId, action: 'debug', debugAction: 'start', name: 'cancel run' });
    const hangUrl = `${site.url}/hang`;

    const abort = new AbortController();
    const navigation = client.callTool(
      { name: 'browser_navigate', arguments: { sessionId, url: hangUrl } },
      undefined,
      { signal: abort.signal, timeout: 60_000 },
    );
    const settled = navigation.then(() => 'answered', (e) => e);
    await waitFor('the browser to request /hang', () => site.hanging() > 0, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    abort.abort();
    const outcome = await settled;
    assert.ok(outcome instanceof Error, `the call rejects, not ${JSON.stringify(outcome)}`);
    assert.match(`${outcome.name} ${outcome.message}`, /abort|cancel/i);

    // The navigate is recorded as failed, cancelled (read from the capture, not the tab).
    const navigate = await waitFor('the cancelled navigate to be recorded as failed', async () => {
      const { items } = (await ok(client, 'browser_inspect', { sessionId, action: 'debug', debugAction: 'operations', limit: 100 })).structuredContent;
      const op = items.find((/** @type {any} */ o) => o.name === 'navigate' && o.params?.url === hangUrl);
      return op?.state === 'failed' ? op : null;
    }, 10_000);
    assert.match(navigate.error ?? '', /cancelled/i, `the navigate's error: ${JSON.stringify(navigate)}`);

    // The session's queue was released, and its tab answers: the next call on it runs.
    const evaluated = await ok(client, 'browser_inspect', { sessionId, action: 'evaluate', expression: '1+1' });
    assert.equal(evaluated.structuredContent.value, 2);

    await ok(client, 'browser_session', { action: 'stop', sessionId });
  });

  test('errors are tool results with the CLI error body', async () => {
    const unknown = await call(client, 'browser_act', { sessionId: 'no-such-session', action: 'click', target: '#save' });
    assert.equal(unknown.isError, true);
    assert.equal(unknown.structuredContent?.code, 'not_found');
    assert.equal(typeof unknown.structuredContent?.message, 'string');
    assert.equal(typeof unknown.structuredContent?.exit_code, 'number');
    assert.match(text(unknown), /^error: /);

    const session = await ok(client, 'browser_session', { action: 'start', name: 'errors' });
    const sessionId = session.structuredContent.id;
    const usage = await call(client, 'browser_inspect', { sessionId, action: 'debug' });
    assert.equal(usage.isError, true);
    assert.equal(usage.structuredContent?.code, 'usage');
    assert.match(text(usage), /^error: .*\nhint: /);
    await ok(client, 'browser_session', { action: 'stop', sessionId });
  });
});

/**
 * A client connected to `bsk mcp` on stdio, with the tools listed so the SDK validates every
 * result's structuredContent against its tool's outputSchema.
 * @param {string} home BSK_HOME
 * @param {string} name the client's name
 * @param {Client[]} clients where to keep it, to close it after
 */
async function connect(home, name, clients) {
  const transport = new StdioClientTransport({
    command: BSK,
    args: ['mcp'],
    env: { ...process.env, BSK_HOME: home, BSK_DAEMON_IDLE_SECS: '120' },
    stderr: 'inherit',
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  const { tools } = await client.listTools();
  for (const tool of tools) listed.set(tool.name, tool);
  return client;
}

/**
 * Calls a tool; resolves with its result, error results included.
 * @param {Client} client
 * @param {string} name
 * @param {Record<string, unknown>} args
 * @returns {Promise<{ isError?: boolean, structuredContent?: any, content: any[] }>}
 */
async function call(client, name, args) {
  const result = /** @type {any} */ (await client.callTool({ name, arguments: args }));
  assert.equal(result.content?.length, 1, `${name} answers one text block: ${JSON.stringify(result.content)}`);
  assert.equal(result.content[0].type, 'text');
  if (result.isError) conforms(name, 'ErrorBody', result.structuredContent);
  else if (name === 'browser_navigate' || name === 'browser_act') conforms(name, 'OperationResult', result.structuredContent);
  return result;
}

/**
 * Calls a tool that must succeed.
 * @param {Client} client
 * @param {string} name
 * @param {Record<string, unknown>} args
 */
async function ok(client, name, args) {
  const result = await call(client, name, args);
  assert.ok(!result.isError, `${name} ${JSON.stringify(args)} failed: ${text(result)}`);
  assert.equal(typeof result.structuredContent, 'object', `${name} has structuredContent`);
  if (name === 'browser_inspect') conforms(name, inspectVariant(args), result.structuredContent);
  return /** @type {{ structuredContent: any, content: any[] }} */ (result);
}

/**
 * Which variant of `browser_inspect`'s output schema a call promises: a `$defs` name, or
 * `items:X` for the list page whose items are X.
 * @param {Record<string, any>} args
 */
function inspectVariant(args) {
  if (args.action !== 'debug') return 'OperationResult';
  const parts = { metadata: 'RequestMetadata', headers: 'RequestHeaders', timing: 'RequestTiming', request: 'BodyRead', response: 'BodyRead' };
  return {
    start: 'RunInfo', stop: 'RunInfo', status: 'StatusResult', pages: 'PagesResult', operation: 'OperationDetail',
    requests: 'items:RequestSummary', console: 'items:ConsoleEntry', operations: 'items:OperationSummary',
    request: args.chain ? 'RequestChain' : parts[/** @type {keyof typeof parts} */ (args.part ?? 'metadata')],
    export: args.format === 'har' ? 'Har' : 'ExportDocument',
    search: 'items:SearchItem',
  }[/** @type {string} */ (args.debugAction)] ?? 'Done';
}

/** Ajv as the SDK configures it, plus the integer and number formats schemars writes. */
const ajv = (() => {
  const instance = new Ajv({ strict: false, validateFormats: true, validateSchema: false, allErrors: true });
  addFormats(instance);
  const integer = (/** @type {number} */ min, /** @type {number} */ max) =>
    ({ type: 'number', validate: (/** @type {number} */ n) => Number.isInteger(n) && n >= min && n <= max });
  instance.addFormat('uint', integer(0, Number.MAX_SAFE_INTEGER));
  instance.addFormat('uint16', integer(0, 0xffff));
  instance.addFormat('uint32', integer(0, 0xffffffff));
  instance.addFormat('uint64', integer(0, Number.MAX_SAFE_INTEGER));
  instance.addFormat('int32', integer(-0x80000000, 0x7fffffff));
  instance.addFormat('int64', integer(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER));
  instance.addFormat('double', { type: 'number', validate: () => true });
  return instance;
})();

/**
 * Asserts that `value` matches one named variant of a tool's full result schema.
 * @param {string} tool
 * @param {string} variant a `$defs` name, or `items:X` for the list page of X
 * @param {unknown} value
 */
function conforms(tool, variant, value) {
  const defs = RESULT_SCHEMAS[tool]?.$defs ?? {};
  const name = variant.startsWith('items:')
    ? Object.keys(defs).find((d) => defs[d].properties?.items?.items?.$ref === `#/$defs/${variant.slice(6)}`)
    : variant;
  assert.ok(name && defs[name], `${tool}'s output schema has the variant ${variant}`);
  const validate = ajv.compile({ $ref: `#/$defs/${name}`, $defs: defs });
  assert.ok(validate(value), `${tool} answered a ${variant} that does not match its schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 2000)}`);
}

/**
 * A result's text block.
 * @param {{ content: any[] }} result
 * @returns {string}
 */
function text(result) {
  return result.content?.[0]?.text ?? '';
}

/**
 * The site on 127.0.0.1: /signup fetches its config on load and has a Save button that POSTs
 * JSON to /api/save, which answers 200 with a business error; /hang never answers.
 */
async function serveSite() {
  /** @type {http.ServerResponse[]} */
  const held = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    switch (`${req.method} ${url.pathname}`) {
      case 'GET /signup':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(`<!doctype html><title>Sign up</title>
<h1>Sign up</h1>
<button id="save" type="button">Save</button><p id="status"></p>
<script>
fetch('/api/config').then((r) => r.json()).then((c) => { document.title = c.title; });
document.querySelector('#save').addEventListener('click', async () => {
  const r = await fetch('/api/save', { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'pro' }) });
  const data = await r.json();
  document.querySelector('#status').textContent = data.ok ? 'Saved' : 'Could not save: ' + data.error.code;
});
</script>`);
      case 'GET /api/config':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ title: 'Sign up' }));
      case 'POST /api/save':
        for await (const _chunk of req);
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(SAVE_RESPONSE);
      case 'GET /hang':
        held.push(res);
        return undefined;
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    /** How many requests for /hang are being held. */
    hanging: () => held.length,
    close: () => new Promise((resolve) => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      server.close(resolve);
    }),
  };
}
