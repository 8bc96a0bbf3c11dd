// @ts-check
// Page context: each retained main-frame page load, when it committed and loaded, and what the
// page showed after load (text and fields).

import { BOUNDS } from '../lib/generated/words.js';
import { dl, h } from './dom.js';
import { count, duration, offset, plural, timeOfDay } from './format.js';
import { observationFacts, fieldsTable, pageText } from './observation.js';

/** @param {import('./record-view.js').Ctx} ctx */
export function pagesSection(ctx) {
  const pages = ctx.doc.pages ?? [];
  const evicted = Number(ctx.doc.run.counters?.pages_evicted ?? 0);
  return h('div', { class: 'pages-section' },
    h('h2', { class: 'visually-hidden' }, 'Page context'),
    h('p', { class: 'section-note' },
      `${plural(pages.length, 'page load')} retained (at most 20 per capture)`,
      evicted ? `; ${plural(evicted, 'older load')} evicted` : '',
      `. Visible text is bounded to ${BOUNDS.maxPageTextChars} characters and fields to ${count(BOUNDS.maxFields)} per observation; shadow DOM and iframes are not covered.`),
    pages.length === 0
      ? h('p', { class: 'empty' }, 'No main-frame page loads were recorded: the capture may have started after the page had loaded.')
      : h('ol', { class: 'page-loads' }, pages.map((page, i) => h('li', null, pageView(ctx, page, i)))));
}

/**
 * @param {import('./record-view.js').Ctx} ctx
 * @param {any} page
 * @param {number} index
 */
function pageView(ctx, page, index) {
  const obs = page.observation;
  return h('article', { class: 'page-load', id: `page-${page.id}`, 'aria-labelledby': `page-${page.id}-title` },
    h('h3', { id: `page-${page.id}-title` }, h('span', { class: 'muted' }, `Load ${index + 1} · `), h('span', { class: 'break' }, page.url)),
    dl([
      ['Committed', `${timeOfDay(page.at)} (${offset(page.at, ctx.start)})`],
      ['DOMContentLoaded', page.dom_content_loaded_at ? `after ${duration(page.dom_content_loaded_at - page.at)}` : 'not recorded'],
      ['Load', page.loaded_at ? `after ${duration(page.loaded_at - page.at)}` : 'not recorded'],
    ], 'facts compact'),
    obs
      ? h('div', { class: 'observation' },
        h('h4', null, 'After load'),
        observationFacts(obs, ctx.start),
        h('h4', null, `Fields (${obs.fields?.length ?? 0})`),
        fieldsTable(obs.fields),
        h('h4', null, 'Visible text'),
        pageText(obs))
      : h('p', { class: 'muted' }, 'The observer could not read this page after load.'));
}
