// @ts-check
// The console: every retained entry, separated by source (website, extension, browser,
// unknown), each with its level, kind, time, frame, text and source location; narrowed by
// level and by frame.

import { badge, h, marked } from './dom.js';
import { count, offset, timeOfDay } from './format.js';
import { frameBadge, frameChoices } from './frames.js';
import { frameSelect } from './requests.js';

/** The sources in the contract's order, with what each means. */
const SOURCES = /** @type {const} */ ([
  ['website', 'Website', "the site's own pages and scripts"],
  ['extension', 'Extension', 'browser extensions (chrome-extension:// URLs)'],
  ['browser', 'Browser', 'the browser itself: failed loads, violations, interventions'],
  ['unknown', 'Unknown', 'entries with no source URL'],
]);

/** @param {import('./record-view.js').Ctx} ctx */
export function consoleSection(ctx) {
  const all = ctx.doc.console ?? [];
  // A link to one entry shows it whatever the reader's narrowing was.
  const targeted = ctx.route.entry ? all.find((e) => e.id === ctx.route.entry) : undefined;
  if (targeted) {
    if (ctx.ui.consoleLevel !== null && levelOf(targeted) !== ctx.ui.consoleLevel) ctx.ui.consoleLevel = null;
    if (ctx.ui.consoleFrame !== null && (ctx.frameName(targeted)?.key ?? '') !== ctx.ui.consoleFrame) ctx.ui.consoleFrame = null;
  }
  const level = ctx.ui.consoleLevel;
  const frame = ctx.ui.consoleFrame;
  const entries = all.filter((e) => (level === null || levelOf(e) === level) && (frame === null || (ctx.frameName(e)?.key ?? '') === frame));
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
  const frames = frameChoices(all, ctx.frameName);
  const narrowing = all.length ? h('div', { class: 'console-narrowing' },
    // Narrowing lets go of a linked entry: the reader has moved on from it.
    levelSelect(all, level, (chosen) => { ctx.ui.consoleLevel = chosen; ctx.replaceRoute({ entry: null }); ctx.redraw(); }),
    frames.length > 1 ? frameSelect('console-frame', frames, frame, (chosen) => { ctx.ui.consoleFrame = chosen; ctx.replaceRoute({ entry: null }); ctx.redraw(); }) : null,
    level !== null || frame !== null ? h('span', { class: 'muted small', role: 'status' }, `${count(entries.length)} of ${count(all.length)} shown`) : null) : null;
  return h('div', { class: 'console-section' },
    h('h2', { class: 'visually-hidden' }, 'Console'),
    all.length ? [narrowing, chooser, groups] : h('p', { class: 'empty' }, 'No console entries were retained.'));
}

/** An entry's level as the level menu groups it: `warn` is a warning. */
function levelOf(/** @type {any} */ entry) {
  const level = String(entry.level ?? 'log');
  return level === 'warn' ? 'warning' : level;
}

/** The levels in the order DevTools lists them; others follow as they come. */
const LEVELS = ['error', 'warning', 'info', 'log', 'debug', 'verbose'];

/**
 * A menu of the levels the entries have, each with its count; `null` is every level.
 * @param {any[]} entries
 * @param {string | null} chosen
 * @param {(level: string | null) => void} onChange
 */
function levelSelect(entries, chosen, onChange) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const entry of entries) counts.set(levelOf(entry), (counts.get(levelOf(entry)) ?? 0) + 1);
  const levels = [...counts.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const select = h('select', { id: 'console-level', class: 'level-select' },
    h('option', { value: '*' }, 'Every level'),
    levels.map((level) => h('option', { value: level, selected: chosen === level }, `${level} (${count(counts.get(level) ?? 0)})`)));
  select.addEventListener('change', () => onChange(select.value === '*' ? null : select.value));
  return h('span', { class: 'level-filter' }, h('label', { for: 'console-level' }, 'Level'), ' ', select);
}

/** @param {string} level */
function rank(level) {
  const i = LEVELS.indexOf(level);
  return i < 0 ? LEVELS.length : i;
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
      frameBadge(ctx.frameName(entry)),
      inline ? h('span', { class: 'log-source' }, entry.source) : null,
      // `console` is the usual kind and `browser` repeats the source; the rest say something.
      entry.kind && entry.kind !== 'console' && entry.kind !== entry.source ? h('span', { class: 'log-kind' }, entry.kind) : null,
      h('span', { class: 'log-where' }, where)),
    h('pre', { class: 'log-text' }, targeted && ctx.route.q ? marked(entry.text, ctx.route.q) : entry.text));
}
