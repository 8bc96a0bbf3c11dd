// @ts-check
// The cards beside the evidence: pending or interrupted work, bodies not retained in full,
// fields not recorded, late capture, capacity limits and history status. They state what the
// record says happened to its evidence; they never judge the website (no verdict, no score).

import { BOUNDS } from '../lib/generated/words.js';
import { h } from './dom.js';
import { picturesDropped } from './filmstrip.js';
import { count, dateTime, plural, stopReason, storedSize, units } from './format.js';

/**
 * What one capture retains at most: the record's own `run.limits` (a load-profile capture keeps
 * more), or the spec's bounds for a record saved before it carried them.
 * @typedef {{ maxRequests: number, maxConsole: number, textBudget: string }} Limits
 */

/**
 * @param {{ limits?: { max_requests?: number, max_console?: number, text_budget?: number } | null }} run
 * @returns {Limits}
 */
function limitsOf(run) {
  const limits = run.limits ?? {};
  return {
    maxRequests: limits.max_requests ?? BOUNDS.maxRequests,
    maxConsole: limits.max_console ?? BOUNDS.maxConsole,
    textBudget: limits.text_budget ? units(limits.text_budget) : BOUNDS.textBudget,
  };
}

/**
 * Every counter of `run.counters` that marks a limit, in the contract's words. A counter a newer
 * daemon adds still shows (by its name), so no drop is silent.
 * @type {Record<string, (n: number, counters: Record<string, number>, limits: Limits) => string>}
 */
const COUNTERS = {
  requests_evicted: (n, c, l) => `${plural(n, 'oldest finished request')} evicted to keep ${count(l.maxRequests)}${c.requests_seen ? ` (${count(c.requests_seen)} seen)` : ''}`,
  console_evicted: (n, c, l) => `${plural(n, 'oldest console entry', 'oldest console entries')} evicted to keep ${count(l.maxConsole)}${c.console_seen ? ` (${count(c.console_seen)} seen)` : ''}`,
  operations_evicted: (n) => `${plural(n, 'oldest operation')} evicted to keep 64`,
  pages_evicted: (n) => `${plural(n, 'oldest page load')} evicted to keep 20`,
  bodies_evicted: (n, _c, l) => `${plural(n, 'body', 'bodies')} dropped to stay within ${l.textBudget} characters of text per capture`,
  bodies_truncated: (n) => `${plural(n, 'body', 'bodies')} truncated at a text limit`,
  bodies_saturated: (n) => `${plural(n, 'body', 'bodies')} lost to a full fetch queue (${count(BOUNDS.bodyQueue)} reads already queued)`,
  bodies_deadline: (n) => `${plural(n, 'body read')} missed the ${BOUNDS.bodyDeadline} deadline`,
  bodies_read_failed: (n) => `${plural(n, 'body read')} failed inside bsk (an internal error, in the daemon log)`,
  events_dropped: (n) => `${plural(n, 'browser event')} lost because a capture queue was full`,
  extra_info_dropped: (n) => `${plural(n, 'set of raw headers', 'sets of raw headers')} (as sent on the network) dropped while waiting for their request`,
  pictures_dropped: (n) => picturesDropped(n),
};

/**
 * Counters that count what was seen, work saved (a body not fetched for a request already
 * evicted) or evidence recovered (a body read on a second try), not what was lost.
 */
const SEEN = new Set(['requests_seen', 'console_seen', 'body_fetches_skipped', 'bodies_refetched']);

/** @type {Record<string, (n: number) => string>} */
const COVERAGE = {
  iframe_targets_over_limit: (n) => `${plural(n, 'iframe')} not captured: ${count(BOUNDS.maxIframeTargets)} were already attached`,
  iframe_setup_failed: (n) => `${plural(n, 'iframe')} whose capture set-up failed: ${n === 1 ? 'its' : 'their'} requests are missing`,
};

/** @type {Record<string, string>} */
const BODY_WORDS = {
  pending: 'pending',
  truncated: 'truncated',
  unavailable: 'unavailable',
  omitted: 'omitted',
  evicted: 'evicted',
  not_in_event: 'not in the request event',
};

/** @param {import('./record-view.js').Ctx} ctx */
export function cardsView(ctx) {
  return h('div', { class: 'card-list' },
    work(ctx), bodies(ctx), fields(ctx), lateStart(ctx), capacity(ctx), historyStatus(ctx));
}

/**
 * @param {string} title
 * @param {string} kind `attention` or `info`
 * @param {(Node | string | null)[]} items
 * @param {Node | string | null} [lead]
 */
function card(title, kind, items, lead = null) {
  const shown = items.filter(Boolean);
  return h('section', { class: `card card-${kind}`, 'aria-label': title },
    h('h2', null, title),
    typeof lead === 'string' ? h('p', null, lead) : lead,
    shown.length ? h('ul', null, shown.map((item) => h('li', null, item))) : null);
}

/**
 * @param {import('./record-view.js').Ctx} ctx
 * @param {string} filter
 * @param {string} text
 */
function filterLink(ctx, filter, text) {
  return h('a', { href: ctx.href({ view: 'requests', filter }) }, text);
}

/** Running, interrupted and unfinished work. */
function work(/** @type {import('./record-view.js').Ctx} */ ctx) {
  const { doc } = ctx;
  const ops = doc.operations ?? [];
  const running = ops.filter((o) => o.state === 'running').length;
  const interrupted = ops.filter((o) => o.state === 'interrupted').length;
  const pending = doc.requests.filter((r) => r.state === 'pending').length;
  const unfinished = doc.requests.filter((r) => r.state === 'unfinished').length;
  const stoppedBodies = doc.requests.filter((r) => r.response_body?.reason === 'capture_stopped' || r.request_body?.reason === 'capture_stopped').length;
  const isInterrupted = doc.run.state === 'interrupted';
  if (!isInterrupted && !running && !interrupted && !pending && !unfinished) return null;
  const lead = isInterrupted
    ? h('p', null,
      `This capture was interrupted: ${stopReason(doc.run.stop_reason)}. Pending work is not claimed done.`,
      doc.run.stop_reason?.kind === 'recovered'
        ? ` What is shown is the last checkpoint, saved ${dateTime(doc.saved_at)}; anything after it was lost.` : '')
    : null;
  return card(isInterrupted ? 'Interrupted work' : 'Pending work', 'attention', [
    running ? h('a', { href: ctx.href({ view: 'timeline' }) }, `${plural(running, 'operation')} still running`) : null,
    interrupted ? h('a', { href: ctx.href({ view: 'timeline' }) }, `${plural(interrupted, 'operation')} interrupted before finishing`) : null,
    pending ? filterLink(ctx, 'state:pending', `${plural(pending, 'request')} pending`) : null,
    unfinished ? filterLink(ctx, 'state:unfinished', `${plural(unfinished, 'request')} unfinished: capture ended first`) : null,
    stoppedBodies ? filterLink(ctx, 'body:capture_stopped', `${plural(stoppedBodies, 'request')} whose body never arrived before the capture stopped`) : null,
  ], lead);
}

/** Bodies that are not all here, by state. */
function bodies(/** @type {import('./record-view.js').Ctx} */ ctx) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const request of ctx.doc.requests) {
    const states = new Set([request.request_body?.state, request.response_body?.state]);
    for (const state of states) {
      if (state && state in BODY_WORDS) counts.set(state, (counts.get(state) ?? 0) + 1);
    }
  }
  if (counts.size === 0) return null;
  return card('Bodies not retained in full', 'attention',
    [...counts].map(([state, n]) => filterLink(ctx, `body:${state}`, `${plural(n, 'request')} with a body ${BODY_WORDS[state]}`)),
    'Open a request to see why, in words.');
}

/** Fields the observer saw but did not record. */
function fields(/** @type {import('./record-view.js').Ctx} */ ctx) {
  const observations = [
    ...(ctx.doc.pages ?? []).map((p) => p.observation),
    ...(ctx.doc.operations ?? []).flatMap((o) => [o.observation, ...(o.follow_ups ?? [])]),
  ].filter((o) => o !== null && o !== undefined);
  let unidentified = 0;
  let overLimit = 0;
  let candidates = 0;
  let omitted = 0;
  for (const o of observations) {
    unidentified += o.unidentified ?? 0;
    overLimit += o.fields_over_limit ?? 0;
    if (o.candidates_over_limit) candidates += 1;
    omitted += (o.fields ?? []).filter((/** @type {any} */ f) => f.omitted).length;
  }
  if (!unidentified && !overLimit && !candidates && !omitted) return null;
  return card('Fields not recorded', 'info', [
    unidentified ? `${plural(unidentified, 'field')} with no usable name or id (or a duplicate, overly long or custom identity): not guessed` : null,
    overLimit ? `${plural(overLimit, 'field')} past the ${count(BOUNDS.maxFields)} kept per observation` : null,
    candidates ? `${plural(candidates, 'observation')} had more than the 80 controls scanned` : null,
    omitted ? `${plural(omitted, 'field value')} omitted: credential, payment or file fields` : null,
  ], `Counted over ${plural(observations.length, 'page observation')}. Shadow DOM and iframe fields are not covered.`);
}

/** Evidence from before the capture began. */
function lateStart(/** @type {import('./record-view.js').Ctx} */ ctx) {
  const coverage = ctx.doc.run.coverage ?? {};
  const late = Number(coverage.iframe_targets_late ?? 0);
  if (!coverage.late_start && !late) return null;
  return card('Capture started late', 'attention', [
    coverage.late_start ? 'The page had already loaded when capture started: its load and earlier traffic are not in this record.' : null,
    late ? `${plural(late, 'iframe')} existed before capture started: ${late === 1 ? 'its' : 'their'} earliest requests may be missing.` : null,
  ]);
}

/** Every non-zero limit counter and coverage gap. */
function capacity(/** @type {import('./record-view.js').Ctx} */ ctx) {
  // By name: the table of words above covers the counters that have any.
  const counters = Object.fromEntries(Object.entries(ctx.doc.run.counters ?? {}));
  const coverage = Object.fromEntries(Object.entries(ctx.doc.run.coverage ?? {}));
  const limits = limitsOf(ctx.doc.run);
  const items = [];
  for (const [name, value] of Object.entries(counters)) {
    if (SEEN.has(name) || !value) continue;
    items.push((COUNTERS[name] ?? ((n) => `${name.replaceAll('_', ' ')}: ${count(n)}`))(Number(value), counters, limits));
  }
  for (const [name, words] of Object.entries(COVERAGE)) {
    const value = Number(coverage[name] ?? 0);
    if (value) items.push(words(value));
  }
  const followUps = (ctx.doc.operations ?? []).reduce((sum, o) => sum + (o.follow_ups_evicted ?? 0), 0);
  if (followUps) items.push(`${plural(followUps, 'follow-up observation')} beyond the 4 kept per operation`);
  return card('Capacity limits', items.length ? 'attention' : 'info', items,
    items.length ? null : 'No counter in this record shows a drop or eviction.');
}

/** Where the record is kept, and for how long. */
function historyStatus(/** @type {import('./record-view.js').Ctx} */ ctx) {
  const { meta, doc } = ctx;
  if (meta.imported) {
    return card('History', 'info', [
      `Imported into this browser from ${meta.imported.file_name} on ${dateTime(meta.imported.at)}, ${storedSize(meta)}. Read-only: checkpoints of this run are not stored over it.`,
      'Kept for 30 days from its import, within 50 records and 50 MiB in total (the oldest go first). The imported file itself is not affected.',
    ]);
  }
  return card('History', 'info', [
    `Saved in this browser: ${plural(meta.checkpoints ?? 0, 'checkpoint')}, the latest ${dateTime(doc.saved_at)}, ${storedSize(meta)}.`,
    doc.run.state === 'active'
      ? activeCheckpoints(doc.run.history?.spacing_ms ?? undefined)
      : 'Kept for 30 days, within 50 records and 50 MiB in total (oldest stopped records go first). Export it to keep it longer.',
  ]);
}

/** How often an active record's checkpoints arrive: every 2 s, or further apart while the
 * browser is busy (the daemon spaces them by how long the last one took, up to 10 s). */
function activeCheckpoints(/** @type {number | undefined} */ spacingMs) {
  const loses = 'a crash loses changes since the last one.';
  return spacingMs
    ? `While active, checkpoints arrive every ${(spacingMs / 1000).toFixed(1)} seconds for now, spaced out because the browser is busy; ${loses}`
    : `While active, checkpoints arrive at most every 2 seconds; ${loses}`;
}
