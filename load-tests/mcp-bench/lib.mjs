// What both drivers share: an MCP client that records every call (its kind, bytes and time), and
// the text helpers a careful agent uses to read what a tool returned.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { PASSWORD } from './app.mjs';

/**
 * Kinds of call, as the report counts them:
 * - `setup`: what the tool needs before the flow (a session, a capture);
 * - `action`: one of the flow's actions (navigate, click, fill);
 * - `look`: the one read of the page an action's result did not show (its tree, for the next
 *   ref or the expected change);
 * - `retry`: anything past that because the expected thing was not there yet: a wait, another
 *   look;
 * - `evidence`: a read of the recorded evidence (operations, requests, a body, console).
 */
export const KINDS = ['setup', 'action', 'look', 'retry', 'evidence'];

/** Zero-width and bidi control characters, which a person reading the page does not see. */
const INVISIBLE = /[\u200b-\u200f\u2060-\u2064\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Text as a person reads it: invisible characters removed. */
export function visible(text) {
  return text.replace(INVISIBLE, '');
}

/** The concatenated text blocks of a CallToolResult. */
export function textOf(result) {
  return (result?.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
}

/**
 * An MCP client over stdio that records each call.
 * @param {{ command: string, args: string[], env?: Record<string, string>, cwd?: string, name: string }} spec
 */
export async function connect(spec) {
  const transport = new StdioClientTransport({
    command: spec.command,
    args: spec.args,
    env: spec.env ?? /** @type {Record<string, string>} */ (process.env),
    cwd: spec.cwd,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => { stderr = (stderr + chunk).slice(-8000); });
  const client = new Client({ name: spec.name, version: '1.0.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  /** @type {{ tool: string, kind: string, step: string, args: any, bytes: number, ms: number, isError: boolean, password: boolean }[]} */
  const calls = [];
  return {
    client,
    tools,
    calls,
    stderr: () => stderr,
    /**
     * Calls a tool and records it; resolves with the result and its text.
     * @param {string} kind one of KINDS
     * @param {string} step which step of the flow this call serves
     * @param {string} tool
     * @param {Record<string, unknown>} args
     */
    async call(kind, step, tool, args) {
      if (!KINDS.includes(kind)) throw new Error(`unknown kind ${kind}`);
      const started = performance.now();
      const result = /** @type {any} */ (await client.callTool({ name: tool, arguments: args }, undefined, { timeout: 120_000 }));
      const ms = performance.now() - started;
      const json = JSON.stringify(result);
      const bytes = Buffer.byteLength(json);
      // BENCH_MCP_DUMP=DIR keeps each result, to see where the bytes go.
      if (process.env.BENCH_MCP_DUMP) {
        const { mkdirSync, writeFileSync } = await import('node:fs');
        mkdirSync(process.env.BENCH_MCP_DUMP, { recursive: true });
        writeFileSync(`${process.env.BENCH_MCP_DUMP}/${String(calls.length + 1).padStart(2, '0')}-${tool}-${step.replaceAll(' ', '-')}.json`, json);
      }
      calls.push({ tool, kind, step, args, bytes, ms: Math.round(ms), isError: !!result.isError, password: json.includes(PASSWORD) });
      return { result, text: textOf(result), structured: result.structuredContent };
    },
    close: () => client.close(),
  };
}

/** Compact JSON bytes of a tools/list answer's `tools` array. */
export function toolsBytes(tools) {
  return Buffer.byteLength(JSON.stringify(tools));
}

/**
 * The lines of `text` from the first line holding `from` (as a person reads it) on; empty when
 * none does.
 * @param {string} text
 * @param {string | undefined} from
 */
export function after(text, from) {
  if (!from) return text;
  const lines = text.split('\n');
  const i = lines.findIndex((l) => squash(l).includes(squash(from)));
  return i < 0 ? '' : lines.slice(i).join('\n');
}

/** Text with invisible characters and all whitespace removed: how two renderings are compared. */
export function squash(text) {
  return visible(text).replace(/\s+/g, '');
}

/**
 * An element as one line of a tool's tree shows it.
 * @typedef {{ role: string, name: string, value: string, ref: string }} Element
 * @typedef {{ role: string, name?: string, value?: string, from?: string }} Query
 */

/**
 * The first element of `query.role` whose name starts with `query.name` and whose value holds
 * `query.value`, at or after the first line holding `query.from`. Text is compared as a person
 * reads it (whitespace and invisible characters aside); `exact` says whether it also matched as
 * written.
 * @param {string} tree
 * @param {Query} query
 * @param {(line: string) => Element | null} parse
 * @returns {{ ref: string, exact: boolean } | null}
 */
export function findRef(tree, query, parse) {
  const lines = tree.split('\n');
  let start = 0;
  let exact = true;
  if (query.from) {
    const from = squash(query.from);
    start = lines.findIndex((l) => squash(l).includes(from));
    if (start < 0) return null;
    exact &&= lines[start].includes(query.from);
  }
  for (const line of lines.slice(start)) {
    const e = parse(line);
    if (!e || e.role !== query.role) continue;
    if (query.name !== undefined && !squash(e.name).startsWith(squash(query.name))) continue;
    if (query.value !== undefined && !squash(e.value).includes(squash(query.value))) continue;
    exact &&= (query.name === undefined || e.name.startsWith(query.name)) && (query.value === undefined || e.value.includes(query.value));
    return { ref: e.ref, exact };
  }
  return null;
}

/** Totals of a recorded call list. */
export function totals(calls) {
  const by = Object.fromEntries(KINDS.map((k) => [k, 0]));
  const bytes = Object.fromEntries(KINDS.map((k) => [k, 0]));
  for (const c of calls) {
    by[c.kind] += 1;
    bytes[c.kind] += c.bytes;
  }
  return {
    calls: calls.length,
    by_kind: by,
    bytes_by_kind: bytes,
    retries: by.retry,
    result_bytes: calls.reduce((n, c) => n + c.bytes, 0),
    errors: calls.filter((c) => c.isError).length,
    password_results: calls.filter((c) => c.password).length,
    password_evidence_results: calls.filter((c) => c.password && c.kind === 'evidence').length,
  };
}
