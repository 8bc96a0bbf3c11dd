// @ts-check
// A page observation (visible text and conventional form fields at one moment) and an
// operation's field chain: shared by the timeline and the page context.

import { BOUNDS } from '../lib/generated/words.js';
import { dl, h, lazyDetails } from './dom.js';
import { count, offset, plural, timeOfDay, unlinked } from './format.js';

/**
 * The fields of one observation as a table: name, form, kind, value, and whether the value was
 * omitted or truncated.
 * @param {any[]} fields
 */
export function fieldsTable(fields) {
  if (!fields?.length) return h('p', { class: 'muted' }, 'No conventional form fields recorded.');
  return h('div', { class: 'table-wrap' }, h('table', { class: 'fields' },
    h('thead', null, h('tr', null, ['Field', 'Form', 'Kind', 'Value'].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', null, fields.map((f) => h('tr', null,
      h('th', { scope: 'row' }, f.name),
      h('td', null, f.form ?? h('span', { class: 'muted' }, 'no form')),
      h('td', null, f.kind),
      h('td', null, fieldValue(f)))))));
}

/** @param {any} field */
function fieldValue(field) {
  if (field.omitted) return h('span', { class: 'flag' }, 'omitted (credential, payment or file field)');
  if (field.value === undefined || field.value === null) return h('span', { class: 'muted' }, 'not recorded');
  return h('span', null,
    field.value === '' ? h('span', { class: 'muted' }, '(empty)') : h('span', { class: 'value' }, field.value),
    field.truncated ? h('span', { class: 'flag' }, ' truncated at 256 characters') : null);
}

/**
 * Facts about an observation's coverage: text source, truncation, controls scanned, fields left
 * out.
 * @param {any} obs
 * @param {number} start the capture's start, for offsets
 */
export function observationFacts(obs, start) {
  return dl([
    ['Observed', `${timeOfDay(obs.at)} (${offset(obs.at, start)})`],
    ['URL', obs.url],
    ['Text', `${obs.text_source === 'accessibility' ? 'accessible names (the page had no rendered text)' : 'rendered page text'}${obs.text_truncated ? `, truncated at ${BOUNDS.maxPageTextChars} characters` : ''}`],
    ['Controls scanned', `${obs.candidates_scanned ?? 0}${obs.candidates_over_limit ? ' — more existed than the 80 scanned' : ''}`],
    ['Fields left out', [
      obs.unidentified ? `${plural(obs.unidentified, 'field')} without a usable identity` : '',
      obs.fields_over_limit ? `${plural(obs.fields_over_limit, 'field')} past the ${count(BOUNDS.maxFields)} kept` : '',
    ].filter(Boolean).join('; ')],
  ], 'facts compact');
}

/**
 * An observation in full: facts, fields, and its text (in a scrollable block).
 * @param {any} obs
 * @param {number} start
 */
export function observationView(obs, start) {
  return h('div', { class: 'observation' },
    observationFacts(obs, start),
    fieldsTable(obs.fields),
    pageText(obs));
}

/** The visible text, in a block that scrolls (and can be scrolled by keyboard). */
export function pageText(/** @type {any} */ obs) {
  if (!obs.text) return h('p', { class: 'muted' }, 'No visible text recorded.');
  return h('pre', { class: 'page-text', tabindex: '0', 'aria-label': 'Visible page text' }, obs.text);
}

/** The first line of an observation's text worth showing, for summaries. */
export function excerpt(/** @type {any} */ obs, max = 140) {
  const text = String(obs?.text ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

const CHAIN_STEPS = /** @type {const} */ ([
  ['original', 'Original'],
  ['operation_time', 'At the operation'],
  ['submitted', 'Submitted'],
  ['response', 'Response'],
  ['later', 'Later page'],
]);

/**
 * The field chain: original → operation-time → submitted → response → later values of each
 * field, with the request or page load each came from, or why it is not linked.
 * @param {any[]} chain
 * @param {import('./record-view.js').Ctx} ctx
 */
export function fieldChainView(chain, ctx) {
  return h('div', { class: 'table-wrap' }, h('table', { class: 'chain' },
    h('caption', { class: 'muted' }, 'Joined only by exact, unambiguous field names in complete bodies; not a causal claim.'),
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Field'), CHAIN_STEPS.map(([, label]) => h('th', { scope: 'col' }, label)))),
    h('tbody', null, chain.map((field) => h('tr', null,
      h('th', { scope: 'row' }, field.name),
      CHAIN_STEPS.map(([key]) => h('td', null, chainValue(field[key], ctx))))))));
}

/**
 * @param {any} value
 * @param {import('./record-view.js').Ctx} ctx
 */
function chainValue(value, ctx) {
  if (!value) return h('span', { class: 'muted' }, '—');
  /** @type {Node[]} */
  const parts = [];
  if (value.value !== undefined && value.value !== null) {
    parts.push(value.value === '' ? h('span', { class: 'muted' }, '(empty)') : h('span', { class: 'value' }, value.value));
  }
  // A value not found or not recorded at a step is nothing to say; why one is not linked is.
  if (value.unlinked && !SILENT_UNLINKED.has(value.unlinked)) parts.push(h('span', { class: 'unlinked' }, `not linked: ${unlinked(value.unlinked)}`));
  if (value.request_id) {
    parts.push(h('a', { class: 'chain-source', href: ctx.href({ view: 'requests', request: value.request_id }) }, `request ${value.request_id}`));
  }
  if (value.page_id) parts.push(h('span', { class: 'chain-source' }, `page load ${value.page_id}`));
  if (value.intervening_operations?.length) {
    parts.push(h('span', { class: 'flag' }, `${plural(value.intervening_operations.length, 'operation')} in between: ${value.intervening_operations.join(', ')}`));
  }
  if (parts.length === 0) return h('span', { class: 'muted', title: value.unlinked ? unlinked(value.unlinked) : null }, '—');
  return h('span', { class: 'chain-value' }, parts);
}

/** Reasons a field-chain step has no value that need no words: the cell just has none. */
const SILENT_UNLINKED = new Set(['not_found', 'not_recorded']);

/**
 * @typedef {{ at: number, text: string, observation: any | null, words: string }} PageAfterView
 *   `observation`: the full snapshot (fields and coverage) when the record has one there;
 *   `words`: which snapshot it is, in words
 */

/**
 * The page as an operation's window closed, as the record names it (`page_after`): the next
 * operation's before-state, one of its follow-ups, or its own observation. A record saved
 * before it named one shows the operation's observation, as such records always did.
 * @param {any} op
 * @param {any[]} operations the record's operations, to find the next one
 * @returns {PageAfterView | null}
 */
export function pageAfterOf(op, operations) {
  const from = op.page_after?.from;
  if (from?.kind === 'next_operation') {
    const next = operations.find((o) => o.id === from.operation_id);
    if (typeof next?.before_text === 'string') {
      return { at: op.page_after.at, text: next.before_text, observation: null, words: 'the page as the next operation started' };
    }
  } else if (from?.kind === 'follow_up') {
    const obs = op.follow_ups?.[from.index];
    if (obs) return { at: obs.at, text: obs.text, observation: obs, words: `the page’s last change before the next operation, within ${BOUNDS.possiblyRelatedWindow}` };
  } else if (from?.kind === 'observation' && op.observation) {
    return { at: op.observation.at, text: op.observation.text, observation: op.observation, words: 'the page right after the operation completed' };
  }
  if (!op.observation) return null;
  return { at: op.observation.at, text: op.observation.text, observation: op.observation, words: 'the page right after the operation completed' };
}

/**
 * Follow-up observations of an operation, each in a closed section.
 * @param {any} op
 * @param {number} start
 * @param {Set<string>} openDetails keys of sections the reader opened
 */
export function followUpsView(op, start, openDetails) {
  return h('ol', { class: 'follow-ups' }, (op.follow_ups ?? []).map((/** @type {any} */ obs, /** @type {number} */ i) => h('li', null,
    remembered(openDetails, `${op.id}:follow:${i}`, [`${timeOfDay(obs.at)} (${offset(obs.at, start)}) — `, h('span', { class: 'excerpt' }, excerpt(obs, 100))],
      () => observationView(obs, start)))));
}

/**
 * A lazily built `<details>` that stays open across live updates.
 * @param {Set<string>} openDetails
 * @param {string} key
 * @param {import('./dom.js').Child} summary
 * @param {() => import('./dom.js').Child} build
 * @param {boolean} [openByDefault]
 */
export function remembered(openDetails, key, summary, build, openByDefault = false) {
  const open = openDetails.has(key) || (openByDefault && !openDetails.has(`closed:${key}`));
  const details = lazyDetails(summary, build, { open });
  details.addEventListener('toggle', () => {
    if (details.open) {
      openDetails.add(key);
      openDetails.delete(`closed:${key}`);
    } else {
      openDetails.delete(key);
      openDetails.add(`closed:${key}`);
    }
  });
  return details;
}
