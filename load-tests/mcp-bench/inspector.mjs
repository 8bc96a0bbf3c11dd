// The MCP Inspector's strict schema-portability check (`--cli --method tools/list --strict`) of
// an MCP server on stdio. Inspector 2.x needs Node 22.19 or later; this runs it under the Node 22
// that the `node` npm package installs here, and says why when it cannot.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const NODE22 = path.join(here, 'node_modules/node/bin/node');
const LAUNCHER = path.join(here, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');

/**
 * Runs the check against `command args…`.
 * @param {{ command: string, args: string[], env?: Record<string, string> }} server
 */
export async function inspectorCheck(server) {
  const inspectorVersion = readVersion('node_modules/@modelcontextprotocol/inspector/package.json');
  if (!fs.existsSync(NODE22)) return { ran: false, inspector_version: inspectorVersion, reason: `no Node 22 at ${path.relative(here, NODE22)} (npm ci installs it from the \`node\` package)` };
  if (!fs.existsSync(LAUNCHER)) return { ran: false, inspector_version: inspectorVersion, reason: 'the Inspector package is not installed (npm ci)' };
  const version = await run(NODE22, ['--version'], {});
  if (version.code !== 0) return { ran: false, inspector_version: inspectorVersion, reason: `the npm Node 22 does not run here: ${version.stderr.trim() || `exit ${version.code}`}` };
  const nodeVersion = version.stdout.trim();
  const [major, minor] = nodeVersion.replace(/^v/, '').split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 19)) return { ran: false, inspector_version: inspectorVersion, node_version: nodeVersion, reason: `Inspector 2.x needs Node 22.19 or later, the npm package gave ${nodeVersion}` };

  // The Inspector keeps a catalog and secrets under HOME: give it a scratch one.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bsk-mcp-bench-inspector-'));
  try {
    const out = await run(NODE22, [LAUNCHER, '--cli', '--method', 'tools/list', '--strict', '--format', 'json', '--', server.command, ...server.args], {
      ...process.env, ...server.env, HOME: home,
    });
    /** @type {any} */
    let envelope = null;
    try { envelope = JSON.parse(out.stdout); } catch { /* reported below */ }
    if (!envelope?.result) {
      return { ran: false, inspector_version: inspectorVersion, node_version: nodeVersion, exit_code: out.code, reason: `the Inspector printed no tools/list result: ${(out.stderr || out.stdout).trim().slice(0, 600)}` };
    }
    const findings = (envelope.schemaFindings ?? []).flatMap((/** @type {any} */ t) => t.findings.map((/** @type {any} */ f) => ({ tool: t.toolName, ...f })));
    return {
      ran: true,
      inspector_version: inspectorVersion,
      node_version: nodeVersion,
      exit_code: out.code,
      tools: envelope.result.tools?.length ?? 0,
      errors: findings.filter((f) => f.severity === 'error').length,
      warnings: findings.filter((f) => f.severity !== 'error').length,
      by_rule: group(findings),
      findings,
    };
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** Findings grouped by severity and rule, with a count, the first issue's text and three places. */
function group(findings) {
  /** @type {Map<string, { severity: string, rule: string, count: number, issue: string, examples: string[] }>} */
  const groups = new Map();
  for (const f of findings) {
    const key = `${f.severity}\u0000${f.rule}`;
    const g = groups.get(key) ?? { severity: f.severity, rule: f.rule, count: 0, issue: f.issue, examples: [] };
    g.count += 1;
    if (g.examples.length < 3) g.examples.push(`${f.tool} ${f.schema ?? ''} ${Array.isArray(f.path) ? f.path.join('.') : f.path ?? ''}`.trim());
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => (a.severity === b.severity ? b.count - a.count : a.severity === 'error' ? -1 : 1));
}

function readVersion(rel) {
  try { return JSON.parse(fs.readFileSync(path.join(here, rel), 'utf8')).version; } catch { return undefined; }
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: Object.keys(env).length ? env : process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => child.kill('SIGTERM'), 120_000);
    child.on('error', (e) => { clearTimeout(timer); resolve({ code: -1, stdout, stderr: `${stderr}${e.message}` }); });
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}
