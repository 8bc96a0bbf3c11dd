// @ts-check
// The Problems part that opens a record: the record's own list (`problems`, computed once by
// the daemon), each row in the failure's own words (the status, the server's error code and
// message, the failure text; an exception's text and where it was thrown), the operation it
// followed and the frame it came from. Facts, no verdicts; nothing is recomputed here: a record
// saved before the list existed says so.

import { h } from './dom.js';
import { offset, plural, splitUrl } from './format.js';

/**
 * @typedef {import('../types/generated/export-document').Problem} Problem
 */

/** How many problems the part lists before "Show all": it must leave the evidence in view. */
export const PROBLEMS_SHOWN = 6;

/** What an older record says where its list would be. */
export const NOT_LISTED = 'This record was saved by a version of bsk that did not list its problems.';

/**
 * Why a request counts as an error in an older record's operation counts: it failed, or its
 * status is 4xx/5xx.
 * @param {any} r
 * @returns {'failed' | 'status' | null}
 */
export function requestProblem(r) {
  if (r.state === 'failed') return 'failed';
  if (typeof r.status === 'number' && r.status >= 400 && r.status < 600) return 'status';
  return null;
}

/**
 * Why a console entry counts as an error in an older record's operation counts.
 * @param {any} c
 * @returns {'exception' | 'error' | null}
 */
export function consoleProblem(c) {
  if (c.kind === 'exception') return 'exception';
  if (c.level === 'error') return 'error';
  return null;
}

/**
 * An operation's errors and warnings: its `counts` as the daemon counted them (equal to the
 * Problems rows in its windows); for a record saved before counts existed, what its windows
 * hold (failed and 4xx/5xx requests and console errors as errors, console warnings as warnings).
 * @param {{ counts?: { errors: number, warnings: number, requests: number, folded: number } | null }} op
 * @param {{ requests: { immediate: any[], related: any[] }, console: { immediate: any[], related: any[] } } | undefined} placed
 * @returns {{ errors: number, warnings: number, requests: number | null, folded: number | null } | null}
 */
export function operationCounts(op, placed) {
  if (op.counts) return { errors: op.counts.errors, warnings: op.counts.warnings, requests: op.counts.requests, folded: op.counts.folded };
  if (!placed) return null;
  const entries = [...placed.console.immediate, ...placed.console.related];
  const requests = [...placed.requests.immediate, ...placed.requests.related];
  return {
    errors: requests.filter((r) => requestProblem(r)).length + entries.filter((c) => consoleProblem(c)).length,
    warnings: entries.filter((c) => !consoleProblem(c) && (c.level === 'warning' || c.level === 'warn')).length,
    requests: null,
    folded: null,
  };
}

/**
 * The heading's tally: "1 failed request, 2 error responses, 1 uncaught exception".
 * @param {Problem[]} problems
 */
export function problemTally(problems) {
  const n = (/** @type {string} */ kind) => problems.filter((p) => p.kind === kind).length;
  return [
    [n('failed'), 'failed request'],
    [n('status'), 'error response'],
    [n('exception'), 'uncaught exception'],
    [n('console_error'), 'console error'],
  ].filter(([k]) => k).map(([k, word]) => plural(/** @type {number} */ (k), /** @type {string} */ (word))).join(', ');
}

/**
 * What a problem followed, as its row says it: `after click button "Place order"`, or
 * `possibly related to …` beyond the operation's immediate window; null when it followed none.
 * @param {Problem} p
 */
export function afterWords(p) {
  if (!p.after) return null;
  return `${p.after.immediate ? 'after' : 'possibly related to'} ${p.after.label}`;
}

/**
 * The first line of a text, whole: rows wrap rather than cut.
 * @param {string | null | undefined} text
 */
export function firstLine(text) {
  return String(text ?? '').split('\n', 1)[0].trim();
}

/**
 * A problem's own words, as parts its row lays out: what it concerns (a request's method and
 * path, or nothing for a console entry), the outcome (status, failure), the server's code and
 * message, and where an exception was thrown. Taken from the record's fields; when the request
 * is no longer in the record, its summary says it all.
 * @param {Problem} p
 * @param {any} [request] the request it names, when the record still has it
 */
export function problemWords(p, request) {
  if (p.kind === 'failed' || p.kind === 'status') {
    if (!request) return { subject: null, outcome: p.summary, code: null, message: null, source: null };
    const outcome = p.kind === 'failed'
      ? (p.message ? 'failed:' : 'failed')
      : `${request.status}${request.status_text ? ` ${request.status_text}` : ''}`;
    return {
      subject: `${request.method} ${splitUrl(request.url).path || request.url}`,
      outcome,
      code: p.code ?? null,
      message: p.message ?? null,
      source: null,
    };
  }
  // A console entry: its first line is the problem; the summary names an uncaught exception.
  const text = firstLine(p.message) || p.summary;
  return {
    subject: null,
    outcome: p.kind === 'exception' ? 'uncaught' : null,
    code: null,
    message: text.replace(/^Uncaught\s+/, ''),
    source: p.source ?? null,
  };
}

/** The kind of a problem in a word, for the row's first column. */
const KIND_WORDS = /** @type {Record<string, string>} */ ({
  failed: 'Failed', status: 'HTTP', exception: 'Exception', console_error: 'Console',
});

/** @param {import('./record-view.js').Ctx} ctx */
export function problemsView(ctx) {
  const list = ctx.doc.problems;
  const title = (/** @type {string} */ tally) => h('h2', { id: 'problems-title' }, 'Problems',
    h('span', { class: 'problems-count' }, tally ? ` — ${tally}` : ''));
  if (list === undefined || list === null) {
    return h('section', { class: 'problems problems-unlisted', 'aria-labelledby': 'problems-title' }, title(''),
      h('p', { class: 'problems-note' }, NOT_LISTED, ' Its requests and console entries are all here: ',
        h('a', { href: ctx.href({ view: 'requests', filter: 'state:failed' }) }, 'failed requests'), ', ',
        h('a', { href: ctx.href({ view: 'requests', filter: 'status:4xx' }) }, '4xx'), ' and ',
        h('a', { href: ctx.href({ view: 'requests', filter: 'status:5xx' }) }, '5xx responses'), ', ',
        h('a', { href: ctx.href({ view: 'console' }) }, 'the console'), '.'));
  }
  if (list.length === 0) {
    return h('section', { class: 'problems problems-none', 'aria-labelledby': 'problems-title' }, title(''),
      h('p', { class: 'muted small' }, 'No failed request, error response (4xx or 5xx), console error or uncaught exception. A response can still describe a failure in its body: see the previews beside requests.'));
  }
  const row = (/** @type {Problem} */ p) => h('li', null, problemLink(ctx, p));
  const first = list.slice(0, PROBLEMS_SHOWN);
  const rest = list.slice(PROBLEMS_SHOWN);
  return h('section', { class: 'problems', 'aria-labelledby': 'problems-title' }, title(problemTally(list)),
    h('ul', { class: 'problem-list' }, first.map(row)),
    rest.length ? h('details', { class: 'problems-more' },
      h('summary', null, `Show ${plural(rest.length, 'more problem')}`),
      h('ul', { class: 'problem-list' }, rest.map(row))) : null);
}

/**
 * One problem; the row opens its answer: a request at its response body, a console entry
 * highlighted.
 * @param {import('./record-view.js').Ctx} ctx
 * @param {Problem} p
 */
function problemLink(ctx, p) {
  const request = p.request_id ? ctx.requestById.get(p.request_id) : undefined;
  const words = problemWords(p, request);
  const isRequest = p.kind === 'failed' || p.kind === 'status';
  const href = isRequest && p.request_id
    ? ctx.href({ view: 'requests', request: p.request_id, part: p.kind === 'status' ? 'response_body' : null })
    : p.console_id ? ctx.href({ view: 'console', entry: p.console_id }) : ctx.href({});
  const origin = request ? splitUrl(request.url).origin : '';
  const foreign = origin && ctx.pageOrigin && origin !== ctx.pageOrigin ? origin : '';
  const after = afterWords(p);
  const echoes = p.echoes?.length ?? 0;
  return h('a', {
    class: `problem row-link problem-is-${p.kind}`, href, title: request?.url ?? null,
    'data-problem': p.request_id ?? p.console_id ?? '',
  },
  h('span', { class: `problem-kind problem-kind-${p.kind}` }, KIND_WORDS[p.kind] ?? p.kind),
  h('span', { class: 'problem-what' },
    h('span', { class: 'problem-line' },
      words.subject ? [h('code', { class: 'problem-subject' }, words.subject), ' '] : null,
      foreign ? [h('span', { class: 'problem-origin' }, `on ${foreign}`), ' '] : null,
      isRequest && words.outcome ? [h('span', { class: 'problem-outcome' }, words.outcome), ' '] : null,
      p.kind === 'failed' && words.message ? h('span', { class: 'problem-message' }, words.message) : null),
    p.kind !== 'failed' && (words.code || words.message) ? h('span', { class: 'problem-said' },
      !isRequest && words.outcome ? [h('span', { class: 'problem-outcome' }, words.outcome), ' '] : null,
      words.code ? [h('strong', { class: 'problem-code' }, words.code), ' '] : null,
      words.message ? h('span', { class: 'problem-message' }, words.message) : null) : null,
    words.source ? h('span', { class: 'problem-source' }, `at ${words.source}`) : null,
    after || p.frame || echoes ? h('span', { class: 'problem-context' },
      after ? h('span', { class: p.after?.immediate ? 'problem-after' : 'problem-after related' }, after) : null,
      p.frame ? h('span', { class: 'problem-frame' }, `from ${p.frame}`) : null,
      echoes ? h('span', { class: 'problem-echo' }, echoes === 1 ? 'also logged by the browser' : `also logged ${echoes} times by the browser`) : null) : null),
  h('span', { class: 'problem-time' }, offset(p.at, ctx.start)));
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
