// @ts-check
// Search inside one record: across request URLs, headers and bodies, console text and page text
// (lib/search.js decides what matches). Each hit says which part matched and opens its place
// with the match highlighted.

import { searchRecord } from '../lib/search.js';
import { h, marked } from './dom.js';
import { plural } from './format.js';

/** The parts of a record a hit can be in, as a person names them. */
export const PART_WORDS = /** @type {Record<string, string>} */ ({
  url: 'URL',
  request_headers: 'request headers',
  response_headers: 'response headers',
  request_body: 'request body',
  response_body: 'response body',
  console_text: 'console text',
  console_url: 'console source URL',
  page_url: 'page URL',
  page_text: 'page text',
});

/** Most hits listed per item: the request itself shows every match. */
const HITS_PER_ITEM = 3;

/**
 * The search box above a record's sections. Enter opens what it found (`#…&q=`).
 * @param {import('./record-view.js').Ctx} ctx
 */
export function searchBox(ctx) {
  const input = h('input', {
    type: 'search', id: 'record-search', value: ctx.route.q, autocomplete: 'off', spellcheck: 'false',
    placeholder: 'Text in bodies, headers, URLs, console or page text', 'aria-describedby': 'record-search-help',
  });
  const form = h('form', { class: 'record-search', role: 'search' },
    h('label', { for: 'record-search', class: 'search-label' }, 'Search this record'),
    h('div', { class: 'search-line' }, input, h('button', { type: 'submit' }, 'Search')),
    h('p', { class: 'visually-hidden', id: 'record-search-help' }, 'Finds text anywhere the capture holds it; a hit opens the request or entry at the match.'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const q = input.value.trim();
    location.hash = q ? ctx.href({ view: 'search', q }) : ctx.href({ view: 'timeline' });
  });
  return form;
}

/** @param {import('./record-view.js').Ctx} ctx */
export function searchSection(ctx) {
  const q = ctx.route.q;
  if (!q) {
    return h('div', { class: 'search-section' }, h('h2', null, 'Search'),
      h('p', { class: 'empty' }, 'Type text in “Search this record” above: it is looked for in every request’s URL, headers and bodies, the console and the page text.'));
  }
  /** @type {ReturnType<typeof searchRecord>} */
  let found;
  try {
    found = searchRecord(ctx.doc, q);
  } catch (e) {
    return h('div', { class: 'search-section' }, h('h2', null, `Search for “${q}”`),
      h('p', { class: 'notice', role: 'alert' }, `The search could not run: ${e instanceof Error ? e.message : String(e)}`));
  }
  const hits = found.items.reduce((n, item) => n + (/** @type {any} */ (item).matches ?? item.hits.length), 0);
  return h('div', { class: 'search-section' },
    h('h2', { id: 'search-title', tabindex: '-1' }, `Search for “${q}”`),
    h('p', { class: 'muted', id: 'search-count', role: 'status' }, found.items.length
      ? `${plural(hits, 'match', 'matches')} in ${plural(found.items.length, 'place')}.`
      : 'Nothing in this record matches. Bodies that were not retained (truncated parts, omitted or unavailable bodies) cannot be searched.'),
    found.items.length ? h('ul', { class: 'search-results' }, found.items.map((item) => h('li', null, resultItem(ctx, item, q)))) : null);
}

/**
 * One place with hits: what it is, then each hit's part and the text around it.
 * @param {import('./record-view.js').Ctx} ctx
 * @param {ReturnType<typeof searchRecord>['items'][number]} item
 * @param {string} q
 */
function resultItem(ctx, item, q) {
  const kindWord = { request: 'Request', console: 'Console', page: 'Page', operation: 'Operation' }[item.kind] ?? item.kind;
  const hits = item.hits.slice(0, HITS_PER_ITEM);
  return h('article', { class: `search-item search-${item.kind}`, 'data-item': item.id },
    h('p', { class: 'search-item-head' },
      h('span', { class: 'search-kind' }, kindWord),
      h('a', { href: placeOf(ctx, item, item.hits[0]?.part ?? null, q), class: 'search-label-link' }, item.label || item.id)),
    h('ul', { class: 'search-hits' }, hits.map((hit) => h('li', null,
      h('a', { href: placeOf(ctx, item, hit.part, q), class: 'search-hit', 'data-part': hit.part },
        h('span', { class: 'search-part' }, `in ${PART_WORDS[hit.part] ?? hit.part}`),
        h('span', { class: 'search-snippet' }, marked(hit.snippet, q)))))),
    item.hits.length > HITS_PER_ITEM ? h('p', { class: 'muted small' }, `and matches in ${plural(item.hits.length - HITS_PER_ITEM, 'more part')}`) : null);
}

/**
 * Where a hit opens.
 * @param {import('./record-view.js').Ctx} ctx
 * @param {{ kind: string, id: string }} item
 * @param {string | null} part
 * @param {string} q
 */
function placeOf(ctx, item, part, q) {
  if (item.kind === 'request') return ctx.href({ view: 'requests', request: item.id, q, part });
  if (item.kind === 'console') return ctx.href({ view: 'console', entry: item.id, q });
  if (item.kind === 'operation') return ctx.href({ view: 'timeline', op: item.id });
  return ctx.href({ view: 'pages', entry: item.id, q });
}
