// @ts-check
// A record's header: its name and state, export buttons, every page it visited, the emulation in
// force, and the facts of its run (times, stop reason in words, session, run id, what history
// stores).

import { h } from './dom.js';
import { dateTime, duration, plural, recordState, stopReason, storedSize } from './format.js';
import { timeZoneWords } from '../lib/time.js';
import { emulationLabel } from './names.js';

/**
 * @param {import('./record-view.js').Ctx} ctx
 * @param {() => void} exportRecord
 * @param {() => void} exportHar
 */
export function headerContent(ctx, exportRecord, exportHar) {
  const run = ctx.doc.run;
  const imported = ctx.meta.imported;
  // An imported record was exported at some point in time: it is never live here.
  const live = run.state === 'active' && !imported;
  const snapshot = run.state === 'active' && !!imported;
  const end = run.stopped_at ?? ctx.doc.saved_at;
  const state = recordState(ctx.meta);
  return [
    h('div', { class: 'title-line' },
      h('h1', null, run.name || run.run_id),
      h('span', { class: `state state-${state.kind}` }, state.word),
      imported ? h('span', { class: 'badge badge-imported', title: `Imported from ${imported.file_name}` }, 'imported') : null,
      live ? h('span', { class: 'live' }, h('span', { class: 'live-dot', 'aria-hidden': 'true' }), 'Live — updates as the capture saves') : null,
      h('span', { class: 'export' },
        h('button', { type: 'button', class: 'export-json', onclick: exportRecord, title: 'The record as bsk’s export document (version 1)' }, 'Export JSON'),
        h('button', { type: 'button', class: 'export-har', onclick: exportHar, title: 'The requests as HAR 1.2, for DevTools and other network viewers' }, 'Export HAR'))),
    imported ? h('p', { class: 'imported-note' },
      `Imported from ${imported.file_name} on ${dateTime(imported.at)}; a point-in-time snapshot, read-only.`,
      snapshot ? ' The capture was still active when it was exported: what was pending then is shown as pending.' : '') : null,
    pagesLine(ctx),
    emulationLine(run, live, snapshot),
    h('dl', { class: 'run-facts' },
      fact('Started', dateTime(run.started_at)),
      run.stopped_at ? fact('Stopped', dateTime(run.stopped_at)) : null,
      fact(live ? 'Running for' : 'Duration',
        `${duration(end - run.started_at)}${live ? ' so far' : snapshot ? ' until the snapshot' : ''}`),
      run.stop_reason ? fact('Stop reason', stopReason(run.stop_reason)) : null,
      fact('Checkpoint saved', dateTime(ctx.doc.saved_at)),
      fact('Session', run.session),
      fact('Run', run.run_id),
      fact('Stored', `${storedSize(ctx.meta)}, ${imported ? 'imported' : plural(ctx.meta.checkpoints ?? 0, 'checkpoint')}`)),
    // Said once: every time on the page is in this zone, on a 24-hour clock.
    h('p', { class: 'zone-words muted small' }, `${timeZoneWords()}, 24-hour; +1.234 s is 1.234 s after the capture started.`),
  ];
}

/**
 * The emulation in force for the capture (`bsk emulate`): now while it runs, else when it
 * stopped or was exported. Nothing when none was set.
 * @param {import('../lib/record.js').ExportDocument['run']} run
 * @param {boolean} live
 * @param {boolean} snapshot
 */
function emulationLine(run, live, snapshot) {
  const label = run.emulation ? emulationLabel(run.emulation) : 'none';
  if (label === 'none') return null;
  const when = live ? 'in force now' : snapshot ? 'in force when it was exported' : 'in force when the capture stopped';
  return h('p', { class: 'emulation-line' },
    h('span', { class: 'emulation-label' }, `Emulating ${label}`),
    h('span', { class: 'muted' }, ` — ${when} (bsk emulate)`));
}

/** How many visited pages the header lists before "more pages". */
const HEADER_PAGES_SHOWN = 5;

/**
 * Every page the capture visited, in the order first loaded (the record's `pages`), or the
 * page it is about when it has no page load.
 * @param {import('./record-view.js').Ctx} ctx
 */
function pagesLine(ctx) {
  const urls = visitedUrls(ctx.doc);
  if (urls.length === 0) return ctx.meta.url ? h('p', { class: 'page-url' }, ctx.meta.url) : null;
  if (urls.length === 1) return h('p', { class: 'page-url' }, urls[0]);
  const item = (/** @type {string} */ url) => h('li', { class: 'page-url' }, url);
  const first = urls.slice(0, HEADER_PAGES_SHOWN);
  const rest = urls.slice(HEADER_PAGES_SHOWN);
  return h('div', { class: 'pages-visited' },
    h('p', { class: 'pages-visited-title' }, `${urls.length} pages visited`),
    h('ol', { class: 'page-urls' }, first.map(item)),
    rest.length ? h('details', { class: 'pages-more' }, h('summary', null, `${plural(rest.length, 'more page')}`),
      h('ol', { class: 'page-urls', start: HEADER_PAGES_SHOWN + 1 }, rest.map(item))) : null);
}

/**
 * The URLs of the record's page loads in order, first visit first.
 * @param {import('../lib/record.js').ExportDocument} doc
 */
export function visitedUrls(doc) {
  /** @type {string[]} */
  const urls = [];
  // A reload (the same URL right after itself) is one visit, as history's digest counts it.
  for (const page of doc.pages ?? []) {
    if (typeof page.url === 'string' && page.url && urls[urls.length - 1] !== page.url) urls.push(page.url);
  }
  return urls;
}

/**
 * @param {string} term
 * @param {string} value
 */
function fact(term, value) {
  return h('div', null, h('dt', null, term), h('dd', null, value));
}

