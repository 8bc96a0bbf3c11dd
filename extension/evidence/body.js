// @ts-check
// A request or response body: its state and reason in words, and its retained text, pretty-
// printed when it is complete JSON, in pages of 16384 UTF-16 code units (the unit of the CLI's
// --offset; a JS string index is one). Built only when a request is opened.

import { h, marked, replace } from './dom.js';
import { CHARACTERS_MEANING, bodyState, count, plural } from './format.js';

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
  if (body.binary) box.append(binaryFacts(body.binary));
  if (Array.isArray(body.parts)) box.append(partsTable(body));
  if (typeof body.text !== 'string') return box;

  const pretty = body.state === 'available' ? prettyJson(body.text) : null;
  const content = h('div', { class: 'body-content' });
  const draw = (/** @type {HTMLElement | null} */ keepFocusOn) => {
    const raw = !pretty || ctx.ui.bodyRaw.has(key);
    const text = raw ? body.text : /** @type {string} */ (pretty);
    const total = text.length;
    const lastPage = Math.max(0, Math.floor((total - 1) / BODY_PAGE_UNITS) * BODY_PAGE_UNITS);
    // Opened at a search match: the page that holds the first match, until the reader pages.
    const q = ctx.route.request === request.id ? ctx.route.q : '';
    const firstMatch = q ? text.toLowerCase().indexOf(q.toLowerCase()) : -1;
    const initial = firstMatch > 0 ? Math.floor(firstMatch / BODY_PAGE_UNITS) * BODY_PAGE_UNITS : 0;
    const at = Math.min(ctx.ui.bodyOffsets.get(`${key}:${raw ? 'raw' : 'pretty'}`) ?? initial, lastPage);
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
      total === 0 ? 'no text' : `characters ${count(at + 1)}–${count(end)} of ${count(total)}`);
    replace(content,
      modes || paged ? h('div', { class: 'body-tools' }, modes, paged ? h('div', { class: 'pager' }, prev, position, next) : null) : null,
      paged && !raw ? h('p', { class: 'muted small' }, 'Formatted for reading: positions count the formatted text. “As retained” counts characters as bsk debug request --offset does.') : null,
      h('pre', { class: 'body-text', tabindex: '0', 'aria-label': `${part} body text` }, q ? marked(text.slice(at, end), q) : text.slice(at, end)));
    if (keepFocusOn) {
      const same = /** @type {HTMLButtonElement | null} */ (content.querySelector(`[data-focus-key="${CSS.escape(keepFocusOn.dataset.focusKey ?? '')}"]`));
      (same && !same.disabled ? same : /** @type {HTMLElement} */ (same === next ? prev : next))?.focus();
    }
  };
  draw(null);
  box.append(content);
  return box;
}

/**
 * What identifies a binary body bsk kept no byte of: its size, the type its first bytes show,
 * and its SHA-256 (whole, selectable, to compare with the file expected).
 * @param {{bytes: number, sha256: string, sniffed_type?: string}} facts
 */
function binaryFacts(facts) {
  return h('dl', { class: 'binary-facts' },
    h('dt', null, 'Size'), h('dd', null, plural(facts.bytes, 'byte')),
    h('dt', null, 'Type by its first bytes'), h('dd', null, facts.sniffed_type ?? 'not a known signature'),
    h('dt', null, 'SHA-256'), h('dd', null, h('code', { class: 'digest' }, facts.sha256)));
}

/**
 * A multipart body's parts: text values (redacted like form fields), files by name, type, size
 * and digest.
 * @param {any} body
 */
function partsTable(body) {
  /** @param {any} part */
  const content = (part) => {
    if (part.unread) return h('span', { class: 'muted' }, 'bytes not handed over by the browser (a form navigation’s file)');
    if (typeof part.value === 'string') return h('code', null, part.value + (part.truncated ? ' …' : ''));
    if (part.sha256) return h('span', null, `SHA-256 `, h('code', { class: 'digest' }, part.sha256), part.sniffed_type ? ` (${part.sniffed_type})` : '');
    return h('span', { class: 'muted' }, 'no content kept');
  };
  return h('div', { class: 'parts' },
    h('table', { class: 'header-table parts-table' },
      h('thead', null, h('tr', null, h('th', null, 'Part'), h('th', null, 'File'), h('th', null, 'Type'), h('th', null, 'Size'), h('th', null, 'Value or digest'))),
      h('tbody', null, body.parts.map((/** @type {any} */ part) => h('tr', null,
        h('td', null, part.name ?? '—'),
        h('td', null, part.filename ?? ''),
        h('td', null, part.content_type ?? ''),
        h('td', null, part.unread ? '?' : `${count(part.bytes)} B`),
        h('td', null, content(part)))))),
    body.parts_dropped ? h('p', { class: 'muted small' }, `${plural(body.parts_dropped, 'more part')} not kept (64 per body)`) : null);
}

/** @param {any} body */
function sizeWords(body) {
  const parts = [];
  if (body.units) parts.push(`${plural(body.units, 'character')} retained`);
  if (body.original_units && body.original_units !== body.units) {
    // Redaction changes lengths: only a cut body is a part of a whole.
    parts.push(body.state === 'truncated' ? `of ${count(body.original_units)}` : `(${count(body.original_units)} before redaction)`);
  }
  return parts.length ? h('span', { class: 'muted characters', title: CHARACTERS_MEANING }, parts.join(' ')) : null;
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
