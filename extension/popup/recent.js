// @ts-check
// History, reachable with or without a daemon or task: how many records this browser keeps,
// the newest few (each opens its record), and the whole list on the evidence page.

import { h, replace } from '../evidence/dom.js';
import { iso, plural, recordState } from '../evidence/format.js';
import { evidencePath, opener } from './pages.js';

/** How many of the newest records the popup lists; the evidence page lists them all. */
const NEWEST_SHOWN = 3;

/** A start time short enough for one line beside the name: the evidence page has the rest. */
const clockTime = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayTime = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** Today's records by their time, older ones by their day. */
function shortTime(/** @type {number} */ at) {
  return new Date(at).toDateString() === new Date().toDateString() ? clockTime.format(at) : dayTime.format(at);
}

/** @typedef {import('../lib/record.js').RecordMeta} RecordMeta */

/**
 * @param {HTMLElement} section
 * @param {RecordMeta[] | Error} records newest first, or why they could not be read
 */
export function renderRecent(section, records) {
  const open = h('a', { class: 'button', id: 'open-history', href: evidencePath(), onclick: opener(evidencePath()) }, 'Open history');
  let body;
  let countWords = '';
  if (records instanceof Error) {
    body = h('p', { class: 'notice', role: 'alert' }, `History could not be read: ${records.message}`);
  } else if (records.length === 0) {
    body = h('p', { class: 'muted small', id: 'history-count' }, 'No records yet. A capture is saved here as soon as it starts, and stays after its task ends.');
  } else {
    countWords = plural(records.length, 'record');
    body = h('ul', { class: 'recent', 'aria-label': 'Newest records' }, records.slice(0, NEWEST_SHOWN).map(row));
  }
  replace(section,
    h('div', { class: 'section-head' },
      h('h4', { id: 'history-title' }, 'History', countWords ? h('span', { class: 'history-count', id: 'history-count', title: 'kept in this browser' }, ` · ${countWords}`) : null),
      open),
    body);
}

/** One record: its name, its state in a word, when it started; the whole row opens it. */
function row(/** @type {RecordMeta} */ meta) {
  const path = evidencePath(meta.run_id);
  const state = recordState(meta);
  return h('li', null,
    h('a', { class: 'recent-record', href: path, onclick: opener(path), 'data-run': meta.run_id, title: meta.url || null },
      h('span', { class: 'recent-name' }, meta.name || meta.run_id),
      h('time', { class: 'recent-time', datetime: iso(meta.started_at), title: new Date(meta.started_at).toLocaleString() }, shortTime(meta.started_at)),
      h('span', { class: `state state-${state.kind}`, title: meta.imported ? `Imported from ${meta.imported.file_name}` : null },
        meta.imported ? `${state.word}, imported` : state.word)));
}
