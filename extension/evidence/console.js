// @ts-check
// The console: every retained entry, separated by source (website, extension, browser,
// unknown), each with its level, kind, time, text and source location.

import { badge, h, marked } from './dom.js';
import { count, offset, timeOfDay } from './format.js';
import { workerLabel } from './worker.js';

/** The sources in the contract's order, with what each means. */
const SOURCES = /** @type {const} */ ([
  ['website', 'Website', "the site's own pages and scripts"],
  ['extension', 'Extension', 'browser extensions (chrome-extension:// URLs)'],
  ['browser', 'Browser', 'the browser itself: failed loads, violations, interventions'],
  ['unknown', 'Unknown', 'entries with no source URL'],
]);

/** @param {import('./record-view.js').Ctx} ctx */
export function consoleSection(ctx) {
  const entries = ctx.doc.console ?? [];
  /** @type {Map<string, any[]>} */
  const bySource = new Map(SOURCES.map(([key]) => [key, []]));
  for (const entry of entries) {
    const key = bySource.has(entry.source) ? entry.source : 'unknown';
    /** @type {any[]} */ (bySource.get(key)).push(entry);
  }
  const only = ctx.route.source && bySource.has(ctx.route.source) ? ctx.route.source : null;
  const chooser = h('nav', { class: 'segmented source-chooser', 'aria-label': 'Console sources' },
    h('a', { href: ctx.href({ view: 'console' }), 'aria-current': only ? null : 'true' }, `All sources ${count(entries.length)}`),
    SOURCES.map(([key, label]) => h('a', {
      href: ctx.href({ view: 'console', source: key }), 'aria-current': only === key ? 'true' : null,
    }, `${label} ${count(/** @type {any[]} */ (bySource.get(key)).length)}`)));
  const groups = SOURCES.filter(([key]) => !only || key === only).map(([key, label, meaning]) => {
    const list = /** @type {any[]} */ (bySource.get(key));
    return h('section', { class: `console-group source-${key}`, 'aria-labelledby': `console-${key}` },
      h('h3', { id: `console-${key}` }, `${label} (${count(list.length)})`, h('span', { class: 'muted group-meaning' }, ` — ${meaning}`)),
      list.length
        ? h('ul', { class: 'console-list' }, list.map((entry) => consoleEntry(ctx, entry, false)))
        : h('p', { class: 'muted small' }, `No ${label.toLowerCase()} entries.`));
  });
  return h('div', { class: 'console-section' },
    h('h2', { class: 'visually-hidden' }, 'Console'),
    entries.length ? [chooser, groups] : h('p', { class: 'empty' }, 'No console entries were retained.'));
}

/**
 * One console entry. In the timeline (`inline`) it also says its source.
 * @param {import('./record-view.js').Ctx} ctx
 * @param {any} entry
 * @param {boolean} inline
 */
// Lines and columns are stored 0-based, as Chrome reports them, and shown 1-based, as
// `bsk debug console` and DevTools show them.
export function consoleEntry(ctx, entry, inline) {
  const where = entry.url
    ? `${entry.url}${entry.line !== undefined ? `:${entry.line + 1}` : ''}${entry.column !== undefined ? `:${entry.column + 1}` : ''}`
    : entry.line !== undefined ? `no source URL, line ${entry.line + 1}${entry.column !== undefined ? `:${entry.column + 1}` : ''}` : 'no source URL';
  const level = String(entry.level ?? 'log');
  // In the console section each entry is a place a link can open (`&entry=`), with a search's
  // matches marked.
  const targeted = !inline && ctx.route.entry === entry.id;
  return h('li', { class: `log level-${level.replace(/[^a-z]/gi, '')}`, id: inline ? null : `entry-${entry.id}`, 'data-entry': entry.id },
    h('div', { class: 'log-head' },
      h('span', { class: 'log-time', title: timeOfDay(entry.at) }, offset(entry.at, ctx.start)),
      badge(level, `level-${level}`),
      workerLabel(entry),
      inline ? h('span', { class: 'log-source' }, entry.source) : null,
      // `console` is the usual kind and `browser` repeats the source; the rest say something.
      entry.kind && entry.kind !== 'console' && entry.kind !== entry.source ? h('span', { class: 'log-kind' }, entry.kind) : null,
      h('span', { class: 'log-where' }, where)),
    h('pre', { class: 'log-text' }, targeted && ctx.route.q ? marked(entry.text, ctx.route.q) : entry.text));
}
