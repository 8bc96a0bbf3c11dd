// @ts-check
// The timeline: every operation, agent or manual, with the requests and console entries that
// started in its immediate window and those possibly related after it (by start time, not proof
// of causation), its observation of the page, follow-ups and field chain; with `--screenshots`,
// the filmstrip above it and each operation's picture beside it.

import { BOUNDS } from '../lib/generated/words.js';
import { consoleEntry } from './console.js';
import { badge, h } from './dom.js';
import { filmstripView, operationPicture } from './filmstrip.js';
import { duration, offset, plural, readableParams, timeOfDay } from './format.js';
import { EMULATION_NOTE, actedOnLabel, agentRefs, namedByActedOn, underEmulation } from './names.js';
import { excerpt, fieldChainView, followUpsView, observationView, pageAfterOf, pageText, remembered } from './observation.js';
import { operationCounts } from './problems.js';
import { requestLine } from './requests.js';
import { foldKind, isFolded } from './traffic.js';

/** @param {import('./record-view.js').Ctx} ctx */
export function timelineSection(ctx) {
  const ops = ctx.doc.operations ?? [];
  const placedRequests = new Set();
  const placedConsole = new Set();
  for (const placed of ctx.placed.values()) {
    for (const r of [...placed.requests.immediate, ...placed.requests.related]) placedRequests.add(r.id);
    for (const c of [...placed.console.immediate, ...placed.console.related]) placedConsole.add(c.id);
  }
  const outsideRequests = ctx.doc.requests.length - placedRequests.size;
  const outsideConsole = (ctx.doc.console ?? []).length - placedConsole.size;
  return h('div', { class: 'timeline' },
    h('h2', { class: 'visually-hidden' }, 'Timeline'),
    filmstripView(ctx),
    h('p', { class: 'section-note' },
      `Requests and console entries are grouped under an operation by when they started: immediately (from the operation's start until ${BOUNDS.immediateWindow} after it completed, or the next operation) and possibly related (up to ${BOUNDS.possiblyRelatedWindow} after it). This is not proof of causation.`,
      outsideRequests || outsideConsole
        ? [' ', h('a', { href: ctx.href({ view: 'requests' }) }, `${plural(outsideRequests, 'request')} and ${plural(outsideConsole, 'console entry', 'console entries')} fall outside every operation`), '; all are in Requests and Console.']
        : null),
    ops.length === 0
      ? h('p', { class: 'empty' }, 'No operations were recorded. Requests, console entries and page loads are in their own sections.')
      : h('ol', { class: 'operations' }, ops.map((op, i) => h('li', null, operationView(ctx, op, i)))));
}

/**
 * @param {import('./record-view.js').Ctx} ctx
 * @param {any} op
 * @param {number} index
 */
function operationView(ctx, op, index) {
  const placed = ctx.placed.get(op.id);
  const on = actedOnLabel(op);
  const refs = agentRefs(op);
  // What it acted on is said in its title; the refs the agent gave are kept beside it, small.
  const params = readableParams(op.params).filter(([key]) => !namedByActedOn(op, key));
  const under = underEmulation(op.emulation);
  const linkedChain = (op.field_chain ?? []).some((/** @type {any} */ f) => f.submitted?.request_id || f.response?.request_id);
  const open = ctx.ui.openDetails;
  const picture = operationPicture(ctx, op);
  return h('article', { class: `op op-${op.state}${picture ? ' op-has-picture' : ''}`, id: `op-${op.id}`, 'aria-labelledby': `op-${op.id}-title` },
    h('header', { class: 'op-head' },
      h('span', { class: 'op-index', 'aria-hidden': 'true' }, String(index + 1)),
      h('h3', { id: `op-${op.id}-title` }, h('span', { class: 'visually-hidden' }, `Operation ${index + 1}: `),
        h('span', { class: 'op-name' }, op.name),
        on === null ? null : [' ', h('span', { class: 'op-on' }, on)]),
      refs === null ? null : h('span', { class: 'op-refs', title: 'As the agent gave it: a ref from observe or a CSS selector' }, refs),
      badge(op.source, `source-${op.source}`),
      badge(op.state, `op-${op.state}`),
      countsView(operationCounts(op, placed)),
      h('span', { class: 'op-time', title: `${timeOfDay(op.started_at)} – ${timeOfDay(op.ended_at)}` },
        offset(op.started_at, ctx.start), ' · ',
        op.ended_at ? duration(op.ended_at - op.started_at) : op.state === 'running' ? 'still running' : 'no end recorded')),
    picture,
    h('div', { class: 'op-body' },
      under ? h('p', { class: 'op-under under', title: EMULATION_NOTE }, under) : null,
      params.length ? h('dl', { class: 'params' }, params.map(([key, value]) => h('div', null, h('dt', null, key), h('dd', null, value)))) : null,
      op.summary ? h('p', { class: 'op-summary' }, op.summary) : null,
      op.error ? h('p', { class: 'op-error' }, h('strong', null, 'Error: '), op.error) : null,
      op.text_change ? textChangeView(op.text_change) : null,
      placed ? evidence(ctx, placed, op.id) : null,
      pageAfterView(ctx, op),
      op.follow_ups?.length || op.follow_ups_evicted
        ? remembered(open, `${op.id}:follow`, [`Later page changes: ${op.follow_ups?.length ?? 0}`, op.follow_ups_evicted ? `, ${op.follow_ups_evicted} more not kept (limit 4)` : ''],
          () => followUpsView(op, ctx.start, open))
        : null,
      op.field_chain?.length
        ? remembered(open, `${op.id}:chain`, `Field chain (${plural(op.field_chain.length, 'field')})`, () => fieldChainView(op.field_chain, ctx), linkedChain)
        : null,
      op.suppressed_manual_events
        ? h('p', { class: 'muted small' }, `${plural(op.suppressed_manual_events, 'manual input event')} suppressed: produced by this agent operation.`)
        : null));
}

/**
 * An operation's errors, warnings and requests in its windows, in words, as the Problems list
 * and `bsk debug operations` count them.
 * @param {ReturnType<typeof operationCounts>} counts
 */
function countsView(counts) {
  if (!counts) return null;
  const folded = counts.folded ?? 0;
  const requests = counts.requests === null ? null : counts.requests - folded;
  return h('span', {
    class: 'op-counts', title: 'In this operation’s windows: errors are its rows in Problems (failed requests, error responses, console errors and uncaught exceptions); warnings are console warnings',
  },
  h('span', { class: counts.errors ? 'op-count count-error' : 'op-count zero' }, plural(counts.errors, 'error')),
  h('span', { class: counts.warnings ? 'op-count count-warning' : 'op-count zero' }, plural(counts.warnings, 'warning')),
  requests === null ? null : h('span', {
    class: 'op-count op-count-requests',
    title: folded ? `and ${plural(folded, 'static, data: or extension request')} folded, as bsk debug operations counts them` : 'as bsk debug operations counts them',
  }, plural(requests, 'request')));
}

/**
 * The page text an operation added and removed, as `bsk debug operation` lists it.
 * @param {{ added: string[], removed: string[], truncated: boolean }} change
 */
function textChangeView(change) {
  const added = change.added ?? [];
  const removed = change.removed ?? [];
  if (!added.length && !removed.length) {
    return h('p', { class: 'text-change text-change-none muted small' }, 'The page text did not change.');
  }
  return h('section', { class: 'text-change', 'aria-label': 'Page text it changed' },
    h('h4', null, 'Page text it changed'),
    h('ul', { class: 'text-change-lines' },
      added.map((line) => h('li', { class: 'line-added' }, h('span', { class: 'line-sign', 'aria-label': 'added' }, '+'), ' ', line)),
      removed.map((line) => h('li', { class: 'line-removed' }, h('span', { class: 'line-sign', 'aria-label': 'removed' }, '−'), ' ', line))),
    change.truncated ? h('p', { class: 'muted small' }, 'More lines changed than the 10 added and 10 removed listed.') : null);
}

/**
 * "Page after the operation": the page as its window closed, the same snapshot the CLI reads
 * its text change from.
 * @param {import('./record-view.js').Ctx} ctx
 * @param {any} op
 */
function pageAfterView(ctx, op) {
  const after = pageAfterOf(op, ctx.doc.operations ?? []);
  if (!after) return null;
  const fields = after.observation ? ` (${plural(after.observation.fields?.length ?? 0, 'field')})` : '';
  return remembered(ctx.ui.openDetails, `${op.id}:obs`,
    ['Page after the operation — ', h('span', { class: 'excerpt' }, excerpt(after)), fields],
    () => (after.observation
      ? h('div', null, h('p', { class: 'muted small page-after-words' }, `Shown: ${after.words}.`), observationView(after.observation, ctx.start))
      : h('div', { class: 'observation' },
        h('p', { class: 'muted small page-after-words' }, `Shown: ${after.words}, at ${timeOfDay(after.at)} (${offset(after.at, ctx.start)}).`),
        pageText(after))));
}

/**
 * The operation's two windows, static, `data:` and extension requests folded as the CLI folds
 * them (shown with the reader's toggle).
 * @param {import('./record-view.js').Ctx} ctx
 * @param {any} placed
 * @param {string} opId
 */
function evidence(ctx, placed, opId) {
  const groups = [
    ['Immediate', placed.requests.immediate, placed.console.immediate, 'immediate'],
    ['Possibly related (by start time, not proof of causation)', placed.requests.related, placed.console.related, 'related'],
  ];
  return h('div', { class: 'op-evidence' }, groups.map(([label, requests, entries, kind]) => {
    if (!requests.length && !entries.length) {
      return kind === 'immediate' ? h('p', { class: 'muted small' }, 'No requests or console entries started in the immediate window.') : null;
    }
    const folded = requests.filter(isFolded);
    const listed = ctx.ui.showFolded ? requests : requests.filter((/** @type {any} */ r) => !isFolded(r));
    const unfolded = requests.length - folded.length;
    return h('section', { class: `window window-${kind}` },
      h('h4', null, label, h('span', { class: 'muted' }, ` — ${plural(unfolded, 'request')}, ${plural(entries.length, 'console entry', 'console entries')}`)),
      listed.length ? h('ul', { class: 'mini-requests' }, listed.map((/** @type {any} */ r) => h('li', null, requestLine(ctx, r)))) : null,
      folded.length ? h('p', { class: 'window-folded muted small' },
        `${plural(folded.length, `${foldedKind(folded)} request`)} folded${ctx.ui.showFolded ? ', shown' : ''}. `,
        h('button', {
          type: 'button', class: 'link-button', 'data-focus-key': `fold:${opId}:${kind}`,
          onclick: () => { ctx.ui.showFolded = !ctx.ui.showFolded; ctx.redraw(); },
        }, ctx.ui.showFolded ? 'Hide folded requests' : 'Show them')) : null,
      entries.length ? h('ul', { class: 'mini-console' }, entries.map((/** @type {any} */ c) => consoleEntry(ctx, c, true))) : null);
  }));
}

/** "static", "extension" or "static/extension", for a list of folded requests. */
function foldedKind(/** @type {any[]} */ folded) {
  const kinds = new Set(folded.map(foldKind));
  return kinds.size > 1 ? 'static/extension' : [...kinds][0];
}
