// @ts-check
// The Problems part that opens a record: facts a person looks for first, each linking to its
// place. Failed requests, 4xx/5xx responses, console errors and uncaught exceptions; no body
// heuristics and no verdicts (a 200 that carries an error shows through the body previews).

import { h } from './dom.js';
import { offset, plural, splitUrl } from './format.js';

/** How many problems the part lists before "Show all": it must leave the evidence in view. */
export const PROBLEMS_SHOWN = 6;

/**
 * Why a request is listed as a problem: it failed, or its status is 4xx/5xx.
 * @param {any} r
 * @returns {'failed' | 'status' | null}
 */
export function requestProblem(r) {
  if (r.state === 'failed') return 'failed';
  if (typeof r.status === 'number' && r.status >= 400 && r.status < 600) return 'status';
  return null;
}

/**
 * Why a console entry is listed: an uncaught exception, or an error-level entry.
 * @param {any} c
 * @returns {'exception' | 'error' | null}
 */
export function consoleProblem(c) {
  if (c.kind === 'exception') return 'exception';
  if (c.level === 'error') return 'error';
  return null;
}

/**
 * @typedef {{ kind: 'failed' | 'status' | 'exception' | 'error', at: number, item: any, echoes: any[] }} Problem
 *   `echoes`: the browser's own console errors about this request ("Failed to load resource"
 *   with its URL), listed with it rather than again on their own
 */

/**
 * Every problem of a record, in time order.
 * @param {import('../lib/record.js').ExportDocument} doc
 * @returns {Problem[]}
 */
export function problemsOf(doc) {
  /** @type {Problem[]} */
  const out = [];
  /** @type {Map<string, Problem>} the request problems by URL, the browser's errors name it */
  const byUrl = new Map();
  for (const r of doc.requests ?? []) {
    const kind = requestProblem(r);
    if (!kind) continue;
    const problem = { kind, at: r.started_at, item: r, echoes: [] };
    out.push(problem);
    if (typeof r.url === 'string') byUrl.set(r.url, problem);
  }
  for (const c of doc.console ?? []) {
    const kind = consoleProblem(c);
    if (!kind) continue;
    const about = c.source === 'browser' && c.kind !== 'exception' && typeof c.url === 'string' ? byUrl.get(c.url) : undefined;
    if (about) about.echoes.push(c);
    else out.push({ kind, at: c.at, item: c, echoes: [] });
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * Errors and warnings among an operation's evidence: console errors and exceptions, failed and
 * 4xx/5xx requests count as errors; console warnings as warnings.
 * @param {{ requests: { immediate: any[], related: any[] }, console: { immediate: any[], related: any[] } }} placed
 */
export function operationCounts(placed) {
  const requests = [...placed.requests.immediate, ...placed.requests.related];
  const entries = [...placed.console.immediate, ...placed.console.related];
  return {
    errors: requests.filter((r) => requestProblem(r)).length + entries.filter((c) => consoleProblem(c)).length,
    warnings: entries.filter((c) => !consoleProblem(c) && (c.level === 'warning' || c.level === 'warn')).length,
  };
}

/** @param {import('./record-view.js').Ctx} ctx */
export function problemsView(ctx) {
  const problems = problemsOf(ctx.doc);
  const failed = problems.filter((p) => p.kind === 'failed').length;
  const status = problems.filter((p) => p.kind === 'status').length;
  const errors = problems.filter((p) => p.kind === 'error').length;
  const exceptions = problems.filter((p) => p.kind === 'exception').length;
  const counts = [
    failed ? plural(failed, 'failed request') : null,
    status ? plural(status, '4xx/5xx response') : null,
    errors ? plural(errors, 'console error') : null,
    exceptions ? plural(exceptions, 'uncaught exception') : null,
  ].filter(Boolean);
  const head = h('h2', { id: 'problems-title' }, 'Problems',
    h('span', { class: 'problems-count' }, problems.length ? ` — ${counts.join(', ')}` : ''));
  if (problems.length === 0) {
    return h('section', { class: 'problems problems-none', 'aria-labelledby': 'problems-title' }, head,
      h('p', { class: 'muted small' }, 'No failed request, 4xx/5xx response, console error or uncaught exception was retained. A response can still describe a failure in its body: see the previews beside requests.'));
  }
  const row = (/** @type {Problem} */ p) => h('li', null, problemLink(ctx, p));
  const first = problems.slice(0, PROBLEMS_SHOWN);
  const rest = problems.slice(PROBLEMS_SHOWN);
  return h('section', { class: 'problems', 'aria-labelledby': 'problems-title' }, head,
    h('ul', { class: 'problem-list' }, first.map(row)),
    rest.length ? h('details', { class: 'problems-more' },
      h('summary', null, `Show ${plural(rest.length, 'more problem')}`),
      h('ul', { class: 'problem-list' }, rest.map(row))) : null);
}

/**
 * One problem: what it is in a word, what it concerns, when; the row opens its place.
 * @param {import('./record-view.js').Ctx} ctx
 * @param {Problem} p
 */
function problemLink(ctx, p) {
  const when = h('span', { class: 'problem-time' }, offset(p.at, ctx.start));
  if (p.kind === 'failed' || p.kind === 'status') {
    const r = p.item;
    const { path } = splitUrl(r.url);
    const what = p.kind === 'failed' ? `failed${r.failure ? `: ${r.failure}` : ''}` : `${r.status}${r.status_text ? ` ${r.status_text}` : ''}`;
    return h('a', { class: 'problem row-link', href: ctx.href({ view: 'requests', request: r.id }), 'data-problem': r.id, title: r.url },
      h('span', { class: `problem-kind problem-${p.kind}` }, p.kind === 'failed' ? 'Failed' : 'HTTP'),
      h('span', { class: 'problem-what' }, h('code', null, `${r.method} ${path || r.url}`), ' ', h('span', { class: 'problem-detail' }, what),
        p.echoes.length ? h('span', { class: 'problem-echo', title: p.echoes.map((c) => c.text).join('\n') }, ` · and ${p.echoes.length === 1 ? 'a browser console error' : `${p.echoes.length} browser console errors`}`) : null),
      when);
  }
  const c = p.item;
  return h('a', { class: 'problem row-link', href: ctx.href({ view: 'console', entry: c.id }), 'data-problem': c.id },
    h('span', { class: `problem-kind problem-${p.kind}` }, p.kind === 'exception' ? 'Exception' : 'Console'),
    h('span', { class: 'problem-what' }, h('span', { class: 'problem-text' }, firstLine(c.text)), ' ',
      h('span', { class: 'problem-detail' }, `· ${SOURCE_WORDS[c.source] ?? c.source}`)),
    when);
}

/** Who wrote a console entry, as the Problems part says it. */
const SOURCE_WORDS = /** @type {Record<string, string>} */ ({
  website: 'from the website', extension: 'from an extension', browser: 'from the browser', unknown: 'no source URL',
});

/** The first line of a text, for one-line lists. */
export function firstLine(/** @type {string} */ text) {
  const line = String(text ?? '').split('\n', 1)[0];
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

/**
 * A one-line preview of a fetch/XHR response body: its first characters, whitespace folded.
 * Null for other requests and for bodies with no text.
 * @param {any} r
 */
export function bodyPreview(r) {
  if (r.resource_type !== 'Fetch' && r.resource_type !== 'XHR') return null;
  const text = r.response_body?.text;
  if (typeof text !== 'string' || !text.trim()) return null;
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}
