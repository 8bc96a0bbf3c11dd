// @ts-check
// A request or response body: its state and reason in words, and its retained text, pretty-
// printed when it is complete JSON, in pages of 16384 UTF-16 code units (the unit of the CLI's
// --offset; a JS string index is one). Built only when a request is opened.

import { h, replace } from './dom.js';
import { bodyState, count } from './format.js';

/** "--max-chars (default 4096, maximum 16384)": one page is the CLI's largest read. */
export const BODY_PAGE_UNITS = 16384;

/**
 * @param {import('./record-view.js').Ctx} ctx
 * @param {any} request
 * @param {'request' | 'response'} part
 */
export function bodyView(ctx, request, part) {
  const body = request[`${part}_body`];
  const key = `${request.id}:${part}`;
  const box = h('div', { class: 'body' });
  if (!body) {
    box.append(h('p', { class: 'muted' }, 'No body was recorded.'));
    return box;
  }
  const stateClass = body.state === 'available' || body.state === 'empty' ? 'info' : 'attention';
  box.append(h('p', { class: 'body-state' },
    h('span', { class: `body-words body-${stateClass}` }, bodyState(body)),
    sizeWords(body),
    body.mime_type ? h('span', { class: 'muted' }, body.mime_type) : null));
  if (typeof body.text !== 'string') return box;

  const pretty = body.state === 'available' ? prettyJson(body.text) : null;
  const content = h('div', { class: 'body-content' });
  const draw = (/** @type {HTMLElement | null} */ keepFocusOn) => {
    const raw = !pretty || ctx.ui.bodyRaw.has(key);
    const text = raw ? body.text : /** @type {string} */ (pretty);
    const total = text.length;
    const lastPage = Math.max(0, Math.floor((total - 1) / BODY_PAGE_UNITS) * BODY_PAGE_UNITS);
    const at = Math.min(ctx.ui.bodyOffsets.get(`${key}:${raw ? 'raw' : 'pretty'}`) ?? 0, lastPage);
    const end = Math.min(total, at + BODY_PAGE_UNITS);
    /** @param {number} to */
    const go = (to) => (/** @type {Event} */ event) => {
      ctx.ui.bodyOffsets.set(`${key}:${raw ? 'raw' : 'pretty'}`, to);
      draw(/** @type {HTMLElement} */ (event.currentTarget));
    };
    const modes = pretty ? h('div', { class: 'segmented', role: 'group', 'aria-label': `${part} body view` },
      h('button', { type: 'button', 'aria-pressed': String(!raw), 'data-focus-key': `${key}:pretty`, onclick: () => { ctx.ui.bodyRaw.delete(key); draw(null); } }, 'Formatted JSON'),
      h('button', { type: 'button', 'aria-pressed': String(raw), 'data-focus-key': `${key}:raw`, onclick: () => { ctx.ui.bodyRaw.add(key); draw(null); } }, 'As retained')) : null;
    const paged = total > BODY_PAGE_UNITS;
    const prev = h('button', { type: 'button', 'data-focus-key': `${key}:prev`, disabled: at === 0, onclick: go(Math.max(0, at - BODY_PAGE_UNITS)) }, '← Previous');
    const next = h('button', { type: 'button', 'data-focus-key': `${key}:next`, disabled: end >= total, onclick: go(at + BODY_PAGE_UNITS) }, 'Next →');
    const position = h('span', { class: 'pager-position', 'aria-live': 'polite' },
      total === 0 ? 'no text' : `units ${count(at + 1)}–${count(end)} of ${count(total)}`);
    replace(content,
      modes || paged ? h('div', { class: 'body-tools' }, modes, paged ? h('div', { class: 'pager' }, prev, position, next) : null) : null,
      paged && !raw ? h('p', { class: 'muted small' }, 'Formatted for reading: units count the formatted text. “As retained” counts units as bsk debug request --offset does.') : null,
      h('pre', { class: 'body-text', tabindex: '0', 'aria-label': `${part} body text` }, text.slice(at, end)));
    if (keepFocusOn) {
      const same = /** @type {HTMLButtonElement | null} */ (content.querySelector(`[data-focus-key="${CSS.escape(keepFocusOn.dataset.focusKey ?? '')}"]`));
      (same && !same.disabled ? same : /** @type {HTMLElement} */ (same === next ? prev : next))?.focus();
    }
  };
  draw(null);
  box.append(content);
  return box;
}

/** @param {any} body */
function sizeWords(body) {
  const parts = [];
  if (body.units) parts.push(`${count(body.units)} code units retained`);
  if (body.original_units && body.original_units !== body.units) parts.push(`of ${count(body.original_units)} reported`);
  return parts.length ? h('span', { class: 'muted' }, parts.join(' ')) : null;
}

/** The text as indented JSON, or null when it is not JSON. */
function prettyJson(/** @type {string} */ text) {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return null;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}
