// Phase 2: the picture an agent receives. The same page at the same 1280×800 viewport through
// three MCP servers, each with its screenshot tool at its default settings: `bsk mcp`
// (`browser_inspect` `screenshot`), Playwright's MCP server (`browser_take_screenshot`) and
// chrome-devtools-mcp (`take_screenshot`). For each: the image block's format, pixel size and
// bytes, the whole CallToolResult's bytes (compact JSON, as the TypeScript SDK returns it), the
// call's time, and the CPU of the server and its browser per call.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { bskHome } from './bsk-home.mjs';
import { cpuBetween, cpuOfTree, imageInfo, stats, round } from './measure.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const mcpBench = path.join(here, '../mcp-bench/node_modules');
const playwrightDir = path.join(here, '../playwright/node_modules');
export const PLAYWRIGHT_MCP = path.join(mcpBench, '@playwright/mcp/cli.js');
export const DEVTOOLS_MCP = path.join(playwrightDir, 'chrome-devtools-mcp/build/src/bin/chrome-devtools-mcp.js');

/** Screenshot calls per tool after one that is not counted. */
const CALLS = 5;
/** How long one MCP call may take. */
const CALL_TIMEOUT_MS = 120_000;

/** The MCP TypeScript SDK the MCP bench pins (load-tests/mcp-bench/package.json). */
async function sdk() {
  const at = (p) => pathToFileURL(path.join(mcpBench, '@modelcontextprotocol/sdk/dist/esm', p)).href;
  const { Client } = await import(at('client/index.js'));
  const { StdioClientTransport } = await import(at('client/stdio.js'));
  return { Client, StdioClientTransport };
}

async function connect({ command, args, env, cwd }) {
  const { Client, StdioClientTransport } = await sdk();
  const transport = new StdioClientTransport({ command, args, env, cwd, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => { stderr = (stderr + chunk).slice(-4000); });
  const client = new Client({ name: 'bsk-screenshot-bench', version: '1.0.0' });
  await client.connect(transport);
  const version = client.getServerVersion()?.version ?? '';
  /** @param {string} name @param {Record<string, unknown>} args */
  const call = async (name, args) => {
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS });
    if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content).slice(0, 600)}`);
    return result;
  };
  return { client, call, pid: transport.pid, version, stderr: () => stderr };
}

/**
 * Takes one uncounted and CALLS counted screenshots through `shot`, reading CPU around each.
 * @param {{ name: string, shot: () => Promise<any>, cpu: () => Map<number, number>, out: string }} o
 */
async function measure({ name, shot, cpu, out }) {
  await shot();
  const ms = [];
  let cpuMs = 0;
  let last = null;
  const sizes = new Set();
  for (let i = 0; i < CALLS; i++) {
    const before = cpu();
    const started = performance.now();
    last = await shot();
    ms.push(performance.now() - started);
    cpuMs += cpuBetween(before, cpu());
    sizes.add(Buffer.byteLength(JSON.stringify(last)));
  }
  const images = last.content.filter((c) => c.type === 'image');
  const text = last.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');
  const image = images[0];
  const bytes = image ? Buffer.from(image.data, 'base64') : Buffer.alloc(0);
  const info = imageInfo(bytes);
  const ext = info.format === 'jpeg' ? 'jpg' : info.format;
  const file = `agent-${name}.${ext}`;
  if (image) fs.writeFileSync(path.join(out, file), bytes);
  fs.writeFileSync(path.join(out, `agent-${name}.result.txt`), `${text}\n\nstructuredContent: ${JSON.stringify(last.structuredContent ?? null, null, 2)}\n`);
  return {
    tool: name,
    calls: CALLS,
    content: last.content.map((c) => c.type),
    image_blocks: images.length,
    mime_type: image?.mimeType ?? null,
    format: info.format,
    width: info.width,
    height: info.height,
    image_bytes: bytes.length,
    image_base64_chars: image?.data.length ?? 0,
    result_bytes: Buffer.byteLength(JSON.stringify(last)),
    result_bytes_varied: sizes.size > 1,
    text_bytes: Buffer.byteLength(text),
    wall_ms: stats(ms.map((v) => round(v))),
    cpu_ms_per_call: round(cpuMs / CALLS),
    structured: last.structuredContent ?? null,
    text: text.slice(0, 1500),
    file: image ? file : null,
  };
}

/** `bsk mcp`: a session, 1280×800 by `browser_act` `emulate`, the form page, its screenshot. */
export async function bskMcp({ bsk, chromium, site, out }) {
  const b = bskHome({ bsk, chromium, label: 'mcp' });
  let server = null;
  try {
    server = await connect({ command: bsk, args: ['mcp'], env: b.env });
    const started = await server.call('browser_session', { action: 'start', name: 'screenshot bench' });
    const sessionId = started.structuredContent.id;
    await server.call('browser_act', { sessionId, action: 'emulate', emulate: { viewport: { width: 1280, height: 800 } } });
    await server.call('browser_navigate', { sessionId, url: site.formUrl });
    await server.call('browser_inspect', { sessionId, action: 'wait', networkIdle: true });
    const daemon = await b.daemonPid();
    const cpu = () => new Map([...cpuOfTree(server.pid), ...cpuOfTree(daemon)]);
    const r = await measure({ name: 'bsk', out, cpu, shot: () => server.call('browser_inspect', { sessionId, action: 'screenshot' }) });
    // The same call asking for PNG, not counted: a picture this bench (and a person's image
    // viewer without JPEG) can compare pixel by pixel with the others.
    const png = await server.call('browser_inspect', { sessionId, action: 'screenshot', imageFormat: 'png' });
    const pngImage = png.content.find((c) => c.type === 'image');
    if (pngImage) fs.writeFileSync(path.join(out, 'agent-bsk-png-variant.png'), Buffer.from(pngImage.data, 'base64'));
    await server.call('browser_session', { action: 'stop', sessionId }).catch(() => {});
    return {
      ...r,
      png_variant: pngImage ? { file: 'agent-bsk-png-variant.png', bytes: Buffer.from(pngImage.data, 'base64').length, masked_fields: png.structuredContent?.masked_fields } : null,
      server: `bsk mcp ${server.version}`,
      call: 'browser_inspect {action: "screenshot"}',
      masked: { by_tool: true, masked_fields: r.structured?.masked_fields, masked_frames: r.structured?.masked_frames },
    };
  } finally {
    await server?.client.close().catch(() => {});
    await b.close();
  }
}

/** Playwright's MCP server, headless on Debian's Chromium, a profile in memory, 1280×800. */
export async function playwrightMcp({ chromium, site, out }) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bsk-shots-pw-'));
  const args = [PLAYWRIGHT_MCP, '--headless', '--browser', 'chromium', '--executable-path', chromium, '--isolated',
    '--viewport-size', '1280x800', '--output-dir', path.join(scratch, 'out')];
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  let server = null;
  try {
    server = await connect({ command: process.execPath, args, env: process.env, cwd: scratch });
    await server.call('browser_navigate', { url: site.formUrl });
    const cpu = () => cpuOfTree(server.pid);
    // `scale` is required by its schema; "css" is its documented default.
    const r = await measure({ name: 'playwright', out, cpu, shot: () => server.call('browser_take_screenshot', { scale: 'css' }) });
    const version = JSON.parse(fs.readFileSync(path.join(path.dirname(PLAYWRIGHT_MCP), 'package.json'), 'utf8')).version;
    return { ...r, server: `@playwright/mcp ${version}`, server_reports: server.version, call: 'browser_take_screenshot {scale: "css"}', masked: { by_tool: false } };
  } finally {
    await server?.client.close().catch(() => {});
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** chrome-devtools-mcp, headless on Debian's Chromium, a temporary profile, 1280×800. */
export async function devtoolsMcp({ chromium, site, out }) {
  const args = [DEVTOOLS_MCP, '--headless', '--isolated', '--executablePath', chromium, '--viewport', '1280x800',
    '--no-usage-statistics', '--no-performance-crux'];
  if (process.getuid?.() === 0) args.push('--chromeArg=--no-sandbox');
  const server = await connect({ command: process.execPath, args, env: { ...process.env, CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1' } });
  try {
    await server.call('navigate_page', { pageId: 1, type: 'url', url: site.formUrl });
    const cpu = () => cpuOfTree(server.pid);
    const r = await measure({ name: 'devtools', out, cpu, shot: () => server.call('take_screenshot', { pageId: 1 }) });
    return { ...r, server: `chrome-devtools-mcp ${server.version}`, call: 'take_screenshot {pageId: 1}', masked: { by_tool: false } };
  } finally {
    await server.client.close().catch(() => {});
  }
}
