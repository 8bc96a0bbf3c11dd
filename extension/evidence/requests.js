// @ts-check
// The request list: all retained traffic, inside and outside operation windows. Static
// resources and extension traffic are folded behind a toggle (never removed); a filter box
// narrows by words or `key:value`.

import { badge, h, replace } from './dom.js';
import { bytes, count, duration, plural, splitUrl } from './format.js';
import { EMULATION_NOTE, underEmulation } from './names.js';
import { bodyPreview } from './problems.js';
import { NOT_AVAILABLE, foldKind, isFolded, requestFilter, routeFilter } from './traffic.js';
import { workerLabel } from './worker.js';

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

  const onRoute = ctx.route.route ? routeFilter(ctx.route.route) : null;
  const draw = () => {
    const matches = requestFilter(input.value);
    const all = ctx.doc.requests;
    const matching = all.filter((r) => matches(r) && (!onRoute || onRoute(r)));
    const folded = matching.filter(isFolded);
    const shown = ctx.ui.showFolded ? matching : matching.filter((r) => !isFolded(r));
    const staticCount = folded.filter((r) => foldKind(r) === 'static').length;
    const extensionCount = folded.length - staticCount;
    const narrowed = input.value.trim() || onRoute;
    summary.textContent = `${plural(shown.length, 'request')} shown of ${count(all.length)}${narrowed ? ` (${count(matching.length)} match${onRoute ? ' the route' : ''}${input.value.trim() ? `${onRoute ? ' and' : ''} the filter` : ''})` : ''}.`;
    toggle.hidden = folded.length === 0;
    toggle.setAttribute('aria-expanded', String(ctx.ui.showFolded));
    toggle.textContent = ctx.ui.showFolded
      ? `Hide ${foldedWords(staticCount, extensionCount, 2)}`
      : `Show ${count(folded.length)} ${foldedWords(staticCount, extensionCount, folded.length)}`;
    replace(list, shown.length
      ? h('ul', { class: 'requests', id: 'request-list', 'aria-label': 'Requests' },
        shown.map((r) => h('li', null, requestRow(ctx, r))))
      : h('p', { class: 'empty', id: 'request-list' }, all.length
        ? (folded.length ? 'Only folded static or extension requests match.' : 'No request matches the filter.')
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
      h('div', { class: 'list-line' }, summary, toggle)),
    h('p', { class: 'section-note' }, 'A status code describes the HTTP exchange, not whether the site did what was asked: an error can arrive as 200, and a 4xx can be expected.'),
    h('div', { class: 'req-header', 'aria-hidden': 'true' },
      ['Status', 'Method', 'URL', 'Type', 'Size', 'Time'].map((t) => h('span', null, t))),
    list);
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
 */
export function requestRow(ctx, r) {
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
  flags(r),
  preview(r));
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
    flags(r),
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

/** Cache, service worker, redirect, failure, body states and emulation, as words. */
export function flags(/** @type {any} */ r) {
  const items = [];
  if (isFolded(r)) items.push(badge(foldKind(r), 'folded'));
  if (r.state === 'pending' || r.state === 'unfinished') items.push(badge(r.state, 'attention'));
  if (r.from_cache) items.push(badge('cache', 'info'));
  if (r.from_service_worker) items.push(badge('service worker', 'info'));
  const worker = workerLabel(r);
  if (worker) items.push(worker);
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
 * The request list beside an open request (wide windows only): the same filter, route and
 * folding as the list, the open request marked.
 * @param {import('./record-view.js').Ctx} ctx
 */
export function requestListPane(ctx) {
  const matches = requestFilter(ctx.route.filter);
  const onRoute = ctx.route.route ? routeFilter(ctx.route.route) : null;
  const shown = ctx.doc.requests.filter((r) => matches(r) && (!onRoute || onRoute(r)) && (ctx.ui.showFolded || !isFolded(r) || r.id === ctx.route.request));
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
