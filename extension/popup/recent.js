// @ts-check
// History, reachable with or without a daemon or task: how many records this browser keeps,
// the newest few (each opens its record), and the whole list on the evidence page.

import { h, replace } from '../evidence/dom.js';
import { iso, plural, recordState } from '../evidence/format.js';
import { dateTime, shortTime } from '../lib/time.js';
import { evidencePath, opener } from './pages.js';

/** How many of the newest records the popup lists; the evidence page lists them all. */
const NEWEST_SHOWN = 3;

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

/**
 * One record: its whole name (wrapped) and its state; when it started (today's by the time,
 * older ones by the day), how many problems it lists and the first one's line where there is
 * room (in full on hover). The whole row opens it.
 */
function row(/** @type {RecordMeta} */ meta) {
  const path = evidencePath(meta.run_id);
  const state = recordState(meta);
  const name = meta.name || meta.run_id;
  return h('li', null,
    h('a', { class: 'recent-record', href: path, onclick: opener(path), 'data-run': meta.run_id, title: [name, meta.url].filter(Boolean).join('\n') },
      h('span', { class: 'recent-name' }, name),
      h('span', { class: `state state-${state.kind}`, title: meta.imported ? `Imported from ${meta.imported.file_name}` : null },
        meta.imported ? `${state.word}, imported` : state.word),
      h('span', { class: 'recent-facts' },
        h('time', { class: 'recent-time', datetime: iso(meta.started_at), title: `Started ${dateTime(meta.started_at)}` }, shortTime(meta.started_at)),
        problems(meta))));
}

/**
 * The record's problems: a count and the first one's line; nothing for a record saved before
 * problems were listed.
 * @param {RecordMeta} meta
 */
function problems(meta) {
  if (typeof meta.problems !== 'number') return null;
  if (meta.problems === 0) return h('span', { class: 'recent-problems recent-no-problems' }, 'no problems');
  return h('span', { class: 'recent-problems', title: meta.first_problem ?? null },
    h('strong', { class: 'recent-problem-count' }, plural(meta.problems, 'problem')),
    meta.first_problem ? [meta.problems === 1 ? ' — ' : ' — first: ', h('span', { class: 'recent-first-problem' }, meta.first_problem)] : null);
}
