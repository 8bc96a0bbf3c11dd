// @ts-check
// The request list: all retained traffic, inside and outside operation windows. Static
// resources and extension traffic are folded behind a toggle (never removed); a filter box
// narrows by words or `key:value`, a menu by frame; columns sort, and a waterfall shows when
// each request started and how long it took.

import { badge, h, replace } from './dom.js';
import { bytes, count, duration, plural, splitUrl } from './format.js';
import { frameBadge, frameChoices } from './frames.js';
import { EMULATION_NOTE, underEmulation } from './names.js';
import { bodyPreview } from './problems.js';
import { NOT_AVAILABLE, foldKind, isFolded, requestFilter, routeFilter } from './traffic.js';
import { REQUEST_SORTS, sortRequests, waterfallScale } from './request-order.js';

/**
 * The requests the list shows, in its order: the filter, the route, the frame and the folding
 * applied, sorted as the reader chose. `keep` stays listed even when folded (the open request).
 * @param {import('./record-view.js').Ctx} ctx
 * @param {string} filter
 * @param {string | null} [keep]
 */
function listed(ctx, filter, keep = null) {
  const matches = requestFilter(filter);
  const onRoute = ctx.route.route ? routeFilter(ctx.route.route) : null;
  const frame = ctx.ui.requestFrame;
  const matching = ctx.doc.requests.filter((r) => matches(r) && (!onRoute || onRoute(r))
    && (frame === null || (ctx.frameName(r)?.key ?? '') === frame));
  const shown = ctx.ui.showFolded ? matching : matching.filter((r) => !isFolded(r) || r.id === keep);
  return { matching, shown: sortRequests(shown, ctx.ui.requestSort) };
}

/** @param {import('./record-view.js').Ctx} ctx */
export function requestsSection(ctx) {
  const list = h('div', { class: 'request-list-wrap' });
  const summary = h('p', { class: 'muted', id: 'request-count', role: 'status' });
  const toggle = h('button', { type: 'button', class: 'fold-toggle', 'aria-controls': 'request-list' });
  const input = h('input', {
    type: 'search', id: 'request-filter', value: ctx.route.filter, autocomplete: 'off', spellcheck: 'false',
    placeholder: 'URL, method, status…  or body:truncated, status:4xx, state:failed',
    'aria-describedby': 'request-count filter-help',
  });
  const header = h('div', { class: 'req-header', role: 'group', 'aria-label': 'Sort the requests by' });
  const frames = frameChoices(ctx.doc.requests, ctx.frameName);
  const frameMenu = frames.length > 1 ? frameSelect('request-frame', frames, ctx.ui.requestFrame, (key) => {
    ctx.ui.requestFrame = key;
    draw();
  }) : null;

  const draw = () => {
    const { matching, shown } = listed(ctx, input.value);
    const all = ctx.doc.requests;
    const folded = matching.filter(isFolded);
    const staticCount = folded.filter((r) => foldKind(r) === 'static').length;
    const extensionCount = folded.length - staticCount;
    const narrowers = [ctx.route.route ? 'the route' : '', input.value.trim() ? 'the filter' : '', ctx.ui.requestFrame !== null ? 'the frame' : ''].filter(Boolean);
    const sort = REQUEST_SORTS[ctx.ui.requestSort.key] ?? REQUEST_SORTS.start;
    summary.textContent = `${plural(shown.length, 'request')} shown of ${count(all.length)}`
      + `${narrowers.length ? ` (${count(matching.length)} ${matching.length === 1 ? 'matches' : 'match'} ${narrowers.join(' and ')})` : ''}`
      + `, ${ctx.ui.requestSort.key === 'start' && !ctx.ui.requestSort.descending ? 'in the order they started' : `by ${sort.words}, ${ctx.ui.requestSort.descending ? sort.high : sort.low}`}.`;
    toggle.hidden = folded.length === 0;
    toggle.setAttribute('aria-expanded', String(ctx.ui.showFolded));
    toggle.textContent = ctx.ui.showFolded
      ? `Hide ${foldedWords(staticCount, extensionCount, 2)}`
      : `Show ${count(folded.length)} ${foldedWords(staticCount, extensionCount, folded.length)}`;
    replace(header, headerCells(ctx, draw));
    const scale = waterfallScale(shown);
    replace(list, shown.length
      ? h('ul', { class: 'requests', id: 'request-list', 'aria-label': 'Requests' },
        shown.map((r) => h('li', null, requestRow(ctx, r, scale))))
      : h('p', { class: 'empty', id: 'request-list' }, all.length
        ? (folded.length ? 'Only folded static or extension requests match.' : 'No request matches.')
        : 'No requests were retained.'));
  };

  const routeLine = ctx.route.route
    ? h('p', { class: 'route-filter', id: 'route-filter' }, 'Only the route ', h('code', null, ctx.route.route),
      ' (retained requests; the traffic summary counts evicted ones too). ',
      h('a', { href: ctx.href({ view: 'requests', filter: ctx.route.filter }) }, 'Show every route'))
    : null;
  input.addEventListener('input', () => {
    ctx.replaceRoute({ filter: input.value.trim() });
    draw();
  });
  toggle.addEventListener('click', () => {
    ctx.ui.showFolded = !ctx.ui.showFolded;
    draw();
  });
  draw();

  return h('div', { class: 'requests-section' },
    h('h2', { class: 'visually-hidden' }, 'Requests'),
    h('div', { class: 'toolbar' },
      h('label', { for: 'request-filter', class: 'search-label' }, 'Filter requests'),
      input,
      h('p', { class: 'muted small', id: 'filter-help' },
        'Words match URL, method, status, type and MIME type. Narrow with body:truncated, body:unavailable, state:failed, status:404, status:5xx, method:post, type:fetch.'),
      routeLine,
      h('div', { class: 'list-line' }, summary, h('span', { class: 'list-tools' }, frameMenu, toggle))),
    h('p', { class: 'section-note' }, 'A status code describes the HTTP exchange, not whether the site did what was asked: an error can arrive as 200, and a 4xx can be expected.'),
    header,
    list);
}

/**
 * A menu of the frames and workers records came from; `null` is every frame.
 * @param {string} id
 * @param {{ key: string, label: string, count: number }[]} choices
 * @param {string | null} chosen
 * @param {(key: string | null) => void} onChange
 */
export function frameSelect(id, choices, chosen, onChange) {
  const select = h('select', { id, class: 'frame-select' },
    h('option', { value: '*' }, 'Every frame'),
    choices.map((c) => h('option', { value: c.key, selected: chosen === c.key }, `${c.label} (${count(c.count)})`)));
  select.addEventListener('change', () => onChange(select.value === '*' ? null : select.value));
  return h('span', { class: 'frame-filter' }, h('label', { for: id }, 'Frame'), ' ', select);
}

/**
 * The column headings: each sorts the list by it (a second press reverses the order), the
 * arrow on the column the list is sorted by.
 * @param {import('./record-view.js').Ctx} ctx
 * @param {() => void} redraw
 */
function headerCells(ctx, redraw) {
  const sort = ctx.ui.requestSort;
  return /** @type {const} */ ([['status', 'Status'], ['method', 'Method'], ['name', 'URL'], ['type', 'Type'], ['size', 'Size'], ['time', 'Time'], ['start', 'Waterfall']])
    .map(([key, label]) => {
      const active = sort.key === key;
      const meaning = REQUEST_SORTS[key];
      return h('span', { class: `req-head req-head-${key}`, 'data-sort': active ? (sort.descending ? 'descending' : 'ascending') : null },
        h('button', {
          type: 'button', class: 'sort', 'data-focus-key': `req-sort:${key}`, 'aria-pressed': String(active),
          title: `Sort by ${meaning.words}`,
          onclick: () => {
            ctx.ui.requestSort = { key, descending: active ? !sort.descending : meaning.descendingFirst };
            redraw();
          },
        }, label, active ? h('span', { class: 'visually-hidden' }, `, sorted ${sort.descending ? meaning.high : meaning.low}`) : null));
    });
}

/**
 * "static/extension requests", "static request", …
 * @param {number} staticCount
 * @param {number} extensionCount
 * @param {number} n
 */
function foldedWords(staticCount, extensionCount, n) {
  const kind = staticCount && extensionCount ? 'static/extension' : extensionCount ? 'extension' : 'static';
  return `${kind} ${n === 1 ? 'request' : 'requests'}`;
}

/**
 * One request as a row of the list: a link to its detail.
 * @param {import('./record-view.js').Ctx} ctx
 * @param {any} r
 * @param {{ from: number, span: number }} scale the waterfall's time axis
 */
export function requestRow(ctx, r, scale) {
  const { origin, path } = splitUrl(r.url);
  return h('a', {
    class: `req row-link${isFolded(r) ? ' folded' : ''}`,
    href: ctx.href({ view: 'requests', request: r.id, filter: ctx.route.filter, route: ctx.route.route }),
    'data-focus-key': `req:${r.id}`,
    title: r.url,
  },
  statusCell(r),
  h('span', { class: 'req-method' }, r.method),
  h('span', { class: 'req-url' }, h('span', { class: 'req-path' }, path || '/'), h('span', { class: 'req-origin' }, origin)),
  h('span', { class: 'req-type' }, r.resource_type ?? 'Other'),
  h('span', { class: 'req-size' }, bytes(r.encoded_data_length)),
  h('span', { class: 'req-time' }, r.ended_at ? duration(r.ended_at - r.started_at) : '—'),
  waterfallBar(ctx, r, scale),
  flags(ctx, r),
  preview(r));
}

/**
 * When a request started and how long it took, on the list's time axis.
 * @param {import('./record-view.js').Ctx} ctx
 * @param {any} r
 * @param {{ from: number, span: number }} scale
 */
function waterfallBar(ctx, r, scale) {
  const start = ((r.started_at - scale.from) / scale.span) * 100;
  const end = r.ended_at ? ((r.ended_at - scale.from) / scale.span) * 100 : 100;
  const track = h('span', { class: 'req-waterfall', 'aria-hidden': 'true' });
  const fill = h('span', { class: `waterfall-bar${r.ended_at ? '' : ' waterfall-open'}${r.state === 'failed' || r.status >= 400 ? ' waterfall-error' : ''}` });
  // CSSOM, not a style attribute: the page's CSP allows it.
  fill.style.left = `${Math.min(start, 99.5)}%`;
  fill.style.width = `${Math.max(end - start, 0.5)}%`;
  track.title = `started ${offsetWords(r.started_at - ctx.start)} after the capture began${r.ended_at ? `, took ${duration(r.ended_at - r.started_at)}` : ', not finished'}`;
  track.append(fill);
  return track;
}

/** "1.234 s" after the capture began. */
function offsetWords(/** @type {number} */ ms) {
  return `${(ms / 1000).toFixed(3)} s`;
}

/** A fetch/XHR response body's first characters, on one line under the row. */
function preview(/** @type {any} */ r) {
  const text = bodyPreview(r);
  return text === null ? null : h('span', { class: 'req-preview', title: 'Start of the response body' }, text);
}

/**
 * A request in the timeline: status, method, path, time and flags on one line.
 * @param {import('./record-view.js').Ctx} ctx
 * @param {any} r
 */
export function requestLine(ctx, r) {
  const { origin, path } = splitUrl(r.url);
  return h('a', { class: 'req-line row-link', href: ctx.href({ view: 'requests', request: r.id }), title: r.url, 'data-focus-key': `line:${r.id}` },
    statusCell(r),
    h('span', { class: 'req-method' }, r.method),
    h('span', { class: 'req-url' }, h('span', { class: 'req-path' }, path || '/'), h('span', { class: 'req-origin' }, origin)),
    h('span', { class: 'req-time' }, r.ended_at ? duration(r.ended_at - r.started_at) : '—'),
    flags(ctx, r),
    preview(r));
}

/** The status number, or the request's state when it has none. */
export function statusCell(/** @type {any} */ r) {
  if (r.state === 'failed') return h('span', { class: 'req-status status-failed' }, 'failed');
  // No status yet: the state is shown as a badge beside the URL; a long word here would overrun.
  if (r.status === undefined || r.status === null) return h('span', { class: 'req-status status-none', title: `no status: ${r.state}` }, '—');
  const group = Math.floor(r.status / 100);
  return h('span', { class: `req-status status-${group}xx` }, String(r.status));
}

/**
 * The frame or worker it came from, cache, service worker, redirect, failure, body states and
 * emulation, as words.
 * @param {import('./record-view.js').Ctx} ctx
 * @param {any} r
 */
export function flags(ctx, r) {
  const items = [];
  const frame = frameBadge(ctx.frameName(r));
  if (frame) items.push(frame);
  if (isFolded(r)) items.push(badge(foldKind(r), 'folded'));
  if (r.state === 'pending' || r.state === 'unfinished') items.push(badge(r.state, 'attention'));
  if (r.from_cache) items.push(badge('cache', 'info'));
  if (r.from_service_worker) items.push(badge('service worker', 'info'));
  if (r.redirect_from) items.push(badge(`redirected from ${r.redirect_from}`, 'info'));
  if (r.failure) items.push(badge(r.failure, 'error'));
  for (const [part, body] of [['request', r.request_body], ['response', r.response_body]]) {
    if (body && NOT_AVAILABLE.includes(body.state)) items.push(badge(`${part} body ${body.state.replaceAll('_', ' ')}`, 'attention'));
  }
  const under = underEmulation(r.emulation);
  if (under) items.push(h('span', { class: 'under', title: EMULATION_NOTE }, under));
  return items.length ? h('span', { class: 'req-flags' }, items) : null;
}

/**
 * The request list beside an open request (wide windows only): the same filter, route, frame,
 * folding and order as the list, the open request marked.
 * @param {import('./record-view.js').Ctx} ctx
 */
export function requestListPane(ctx) {
  const { shown } = listed(ctx, ctx.route.filter, ctx.route.request);
  return h('nav', { class: 'request-pane', 'aria-label': 'Requests' },
    h('ul', { class: 'mini-requests' }, shown.map((r) => {
      const { origin, path } = splitUrl(r.url);
      return h('li', null, h('a', {
        class: 'req-line row-link', href: ctx.href({ view: 'requests', request: r.id, filter: ctx.route.filter, route: ctx.route.route, q: ctx.route.q }),
        title: r.url, 'data-focus-key': `pane:${r.id}`, 'aria-current': r.id === ctx.route.request ? 'true' : null,
      },
      statusCell(r),
      h('span', { class: 'req-method' }, r.method),
      h('span', { class: 'req-url' }, h('span', { class: 'req-path' }, path || '/'), h('span', { class: 'req-origin' }, origin)),
      h('span', { class: 'req-time' }, r.ended_at ? duration(r.ended_at - r.started_at) : '—'),
      preview(r)));
    })));
}
