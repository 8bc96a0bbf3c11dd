// @ts-check
// One request in full: general facts, where it falls in the timeline, headers (with the raw
// ExtraInfo sets when present), Chrome's ResourceTiming, and both bodies.

import { BOUNDS } from '../lib/generated/words.js';
import { bodyView } from './body.js';
import { dl, h, lazyDetails, marked } from './dom.js';
import { bytes, count, duration, offset, plural, preciseDateTime, splitUrl, timeOfDay } from './format.js';
import { curlCaveats, curlOf } from './curl.js';
import { operationLabel } from './names.js';
import { flags, statusCell } from './requests.js';

/**
 * How many of the newest requests the record keeps: a history checkpoint of a load-profile
 * capture (one with a `slice`) the spec's bound, any other record its capture's own limit.
 * @param {import('../lib/record.js').ExportDocument} doc
 */
function keptRequests(doc) {
  return doc.slice ? BOUNDS.maxRequests : (doc.run.limits?.max_requests ?? BOUNDS.maxRequests);
}

/**
 * @param {import('./record-view.js').Ctx} ctx
 * @param {string} id
 */
export function requestDetail(ctx, id) {
  const r = ctx.requestById.get(id);
  const back = h('a', { href: ctx.href({ view: 'requests', filter: ctx.route.filter, route: ctx.route.route }), class: 'back' }, '← All requests');
  if (!r) {
    return h('div', { class: 'request-detail' }, h('nav', { class: 'detail-nav' }, back),
      h('h2', { tabindex: '-1' }, `Request ${id} is not in this record`),
      h('p', null, `It may have been evicted to keep the ${count(keptRequests(ctx.doc))} most recent requests.`));
  }
  const index = ctx.doc.requests.indexOf(r);
  const prev = ctx.doc.requests[index - 1];
  const next = ctx.doc.requests[index + 1];
  const { path } = splitUrl(r.url);
  const q = ctx.route.q;
  // A fetch or XHR is read for its bodies: they come first, the headers after them.
  const api = r.resource_type === 'Fetch' || r.resource_type === 'XHR';
  const parts = {
    response: section('Response', 'detail-response', 'response_body', bodyView(ctx, r, 'response'), copyButton('Copy response body', () => r.response_body?.text ?? '', typeof r.response_body?.text !== 'string')),
    payload: section('Payload', 'detail-payload', 'request_body', bodyView(ctx, r, 'request'), copyButton('Copy request body', () => r.request_body?.text ?? '', typeof r.request_body?.text !== 'string')),
    headers: h('div', { class: 'detail-headers', id: 'detail-headers' },
      section('Request headers', 'detail-request-headers', 'request_headers', headersView(r.request_headers, r.request_headers_raw, 'request', q)),
      section('Response headers', 'detail-response-headers', 'response_headers', headersView(r.response_headers, r.response_headers_raw, 'response', q))),
    timing: section('Timing', 'detail-timing', null, timingView(r)),
    general: section('General', 'detail-general', null, general(ctx, r)),
  };
  const order = api
    ? /** @type {const} */ (['response', 'payload', 'headers', 'timing', 'general'])
    : /** @type {const} */ (['general', 'headers', 'payload', 'response', 'timing']);
  const jumpWords = { response: 'Response', payload: 'Payload', headers: 'Headers', timing: 'Timing', general: 'General' };
  const jumps = h('nav', { class: 'detail-jump', 'aria-label': 'Parts of this request' },
    order.map((key) => h('button', {
      type: 'button', class: 'jump', 'data-focus-key': `jump:${key}`,
      onclick: () => {
        const target = /** @type {HTMLElement} */ (parts[key]);
        target.scrollIntoView({ block: 'start' });
        /** @type {HTMLElement | null} */ (target.querySelector('h3'))?.focus({ preventScroll: true });
      },
    }, jumpWords[key])));
  return h('div', { class: `request-detail${api ? ' request-api' : ''}` },
    h('nav', { class: 'detail-nav', 'aria-label': 'Request navigation' },
      back,
      h('span', { class: 'spacer' }),
      prev ? h('a', { href: ctx.href({ view: 'requests', request: prev.id, filter: ctx.route.filter, route: ctx.route.route }) }, '← Previous request') : null,
      next ? h('a', { href: ctx.href({ view: 'requests', request: next.id, filter: ctx.route.filter, route: ctx.route.route }) }, 'Next request →') : null),
    h('div', { class: 'detail-title' },
      statusCell(r),
      h('h2', { tabindex: '-1' }, `${r.method} ${path || r.url}`),
      flags(ctx, r)),
    h('p', { class: 'full-url', 'data-part': 'url' }, q ? marked(r.url, q) : r.url),
    h('div', { class: 'detail-sticky' },
      jumps,
      h('div', { class: 'detail-copy', role: 'group', 'aria-label': 'Copy' },
        copyButton('Copy URL', () => r.url),
        copyButton('Copy as cURL', () => curlOf(r), false, curlCaveats(r).join('; ')))),
    order.map((key) => parts[key]));
}

/**
 * A button that puts text on the clipboard and says so beside itself.
 * @param {string} label
 * @param {() => string} text
 * @param {boolean} [disabled]
 * @param {string} [note] said after copying (what the copy leaves out)
 */
function copyButton(label, text, disabled = false, note = '') {
  const status = h('span', { class: 'copy-status', role: 'status' });
  const button = h('button', {
    type: 'button', class: 'copy', disabled,
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(text());
        status.textContent = note ? `Copied (${note}).` : 'Copied.';
      } catch (e) {
        status.textContent = `Not copied: ${e instanceof Error ? e.message : String(e)}`;
      }
    },
  }, label);
  return h('span', { class: 'copy-wrap' }, button, status);
}

/**
 * @param {string} title
 * @param {string} id
 * @param {string | null} part the search part it holds
 * @param {Node} content
 * @param {Node} [tool] a control beside the heading
 */
function section(title, id, part, content, tool) {
  return h('section', { class: 'detail-section', id, 'aria-label': title, 'data-part': part },
    h('div', { class: 'detail-section-head' }, h('h3', { tabindex: '-1' }, title), tool ?? null), content);
}

/**
 * @param {import('./record-view.js').Ctx} ctx
 * @param {any} r
 */
function general(ctx, r) {
  const redirectsTo = ctx.redirectsTo.get(r.id) ?? [];
  const initiator = r.initiator
    ? [r.initiator.type, r.initiator.url ? `${r.initiator.url}${r.initiator.line !== undefined ? `:${r.initiator.line}` : ''}` : ''].filter(Boolean).join(' — ')
    : '';
  return dl([
    ['Request id', r.id],
    ['URL', h('span', { class: 'break' }, r.url)],
    ['Method', r.method],
    ['Status', r.status !== undefined ? `${r.status}${r.status_text ? ` ${r.status_text}` : ''}` : 'no response status'],
    ['State', r.state === 'unfinished' ? 'unfinished — the capture ended before it finished' : r.state],
    ['Failure', r.failure],
    ['Type', r.resource_type],
    ['MIME type', r.mime_type],
    ['Size', r.encoded_data_length !== undefined ? `${bytes(r.encoded_data_length)} transferred (encoded)` : ''],
    ['Started', `${preciseDateTime(r.started_at)} (${offset(r.started_at, ctx.start)})`],
    ['Finished', r.ended_at ? `${timeOfDay(r.ended_at)} — ${duration(r.ended_at - r.started_at)}` : ''],
    ['Cache', r.from_cache ? 'served from the browser cache' : ''],
    ['Service worker', r.from_service_worker ? 'served by a service worker' : ''],
    ['Initiator', initiator],
    ['Emulation', r.emulation ? `${r.emulation} — in force when it started (bsk emulate)` : ''],
    ['Redirected from', r.redirect_from ? h('a', { href: ctx.href({ view: 'requests', request: r.redirect_from }) }, r.redirect_from) : ''],
    ['Redirected to', redirectsTo.length ? redirectsTo.map((to) => h('a', { href: ctx.href({ view: 'requests', request: to }) }, to)) : ''],
    ['From', fromWords(ctx, r)],
    ['Target id', h('span', { class: 'muted' }, r.target_id)],
    ['Frame id', r.frame_id && r.frame_id !== r.target_id ? h('span', { class: 'muted' }, r.frame_id) : ''],
    ['Operation', placement(ctx, r)],
  ]);
}

/**
 * The frame or worker a request came from, by name, or the page's own document.
 * @param {import('./record-view.js').Ctx} ctx
 * @param {any} r
 */
function fromWords(ctx, r) {
  const frame = ctx.frameName(r);
  return frame ? h('span', { title: frame.title }, frame.label) : 'this page';
}

/**
 * Which operation's window the request started in, if any.
 * @param {import('./record-view.js').Ctx} ctx
 * @param {any} r
 */
function placement(ctx, r) {
  for (const op of ctx.doc.operations ?? []) {
    const placed = ctx.placed.get(op.id);
    if (!placed) continue;
    const kind = placed.requests.immediate.includes(r) ? 'immediate evidence of'
      : placed.requests.related.includes(r) ? 'possibly related to (by start time, not proof of causation)' : null;
    if (kind) {
      const n = (ctx.operationIndex.get(op.id) ?? 0) + 1;
      return [`${kind} `, h('a', { href: ctx.href({ view: 'timeline', op: op.id }) }, `operation ${n} (${op.source} ${operationLabel(op)})`)];
    }
  }
  return 'outside every operation window';
}

/**
 * A header set, and the raw set the browser reported separately when there is one.
 * @param {any} headers
 * @param {any} raw
 * @param {'request' | 'response'} part
 * @param {string} [q]
 */
function headersView(headers, raw, part, q = '') {
  const box = h('div', { class: 'headers' });
  if (raw) {
    box.append(h('h4', null, part === 'request' ? 'As sent on the network (cookies included, redacted)' : 'As received from the network (Set-Cookie included, redacted)'), headerTable(raw, q));
    box.append(lazyDetails(`As the page saw them (${plural(headers?.entries?.length ?? 0, 'header')})`, () => headerTable(headers, q)));
  } else {
    box.append(headerTable(headers, q));
  }
  return box;
}

/**
 * @param {any} headers
 * @param {string} [q] a search's text, marked where it occurs
 */
function headerTable(headers, q = '') {
  const entries = headers?.entries ?? [];
  if (!entries.length && !headers?.dropped) return h('p', { class: 'muted' }, 'No headers recorded.');
  return h('div', { class: 'table-wrap' },
    h('table', { class: 'header-table' }, h('tbody', null, entries.map((/** @type {[string, string]} */ [name, value]) =>
      h('tr', null, h('th', { scope: 'row' }, q ? marked(name, q) : name), h('td', null, q ? marked(value, q) : value))))),
    headers.dropped ? h('p', { class: 'flag' }, `${plural(headers.dropped, 'header')} dropped to stay within 4 Ki characters per header set.`) : null);
}

/** Chrome's ResourceTiming phases, in ms after `requestTime`; -1 means "did not happen". */
const PHASES = /** @type {const} */ ([
  ['Proxy', 'proxyStart', 'proxyEnd'],
  ['DNS lookup', 'dnsStart', 'dnsEnd'],
  ['Connecting', 'connectStart', 'connectEnd'],
  ['TLS', 'sslStart', 'sslEnd'],
  ['Service worker start-up', 'workerStart', 'workerReady'],
  ['Service worker fetch', 'workerFetchStart', 'workerRespondWithSettled'],
  ['Sending', 'sendStart', 'sendEnd'],
  ['Waiting for the response', 'sendEnd', 'receiveHeadersStart'],
  ['Receiving headers', 'receiveHeadersStart', 'receiveHeadersEnd'],
]);

/** @param {any} r */
function timingView(r) {
  const total = r.ended_at ? r.ended_at - r.started_at : null;
  const t = r.timing;
  if (!t) {
    return h('div', null,
      h('p', { class: 'muted' }, 'Chrome reported no ResourceTiming for this request (cached, failed early, or not a network load).'),
      total !== null ? h('p', null, `Start to finish, as recorded: ${duration(total)}.`) : null);
  }
  const phases = PHASES
    .map(([label, from, to]) => ({ label, from: t[from], to: t[to] }))
    .filter((p) => typeof p.from === 'number' && typeof p.to === 'number' && p.from >= 0 && p.to >= p.from);
  const scale = Math.max(total ?? 0, ...phases.map((p) => p.to), 1);
  return h('div', { class: 'timing' },
    h('div', { class: 'table-wrap' }, h('table', { class: 'timing-table' },
      h('thead', null, h('tr', null, ['Phase', 'Starts at', 'Takes', ''].map((x) => h('th', { scope: 'col' }, x)))),
      h('tbody', null,
        phases.map((p) => h('tr', null,
          h('th', { scope: 'row' }, p.label),
          h('td', { class: 'num' }, `${p.from.toFixed(1)} ms`),
          h('td', { class: 'num' }, `${(p.to - p.from).toFixed(1)} ms`),
          h('td', { class: 'bar-cell' }, bar(p.from, p.to, scale)))),
        total !== null ? h('tr', { class: 'total' },
          h('th', { scope: 'row' }, 'Start to finish (as recorded)'),
          h('td', { class: 'num' }, '0 ms'),
          h('td', { class: 'num' }, duration(total)),
          h('td', { class: 'bar-cell' }, bar(0, total, scale))) : null))),
    lazyDetails('ResourceTiming as Chrome sent it', () => h('pre', { class: 'json small' }, JSON.stringify(t, null, 2))));
}

/**
 * @param {number} from
 * @param {number} to
 * @param {number} scale
 */
function bar(from, to, scale) {
  const track = h('span', { class: 'bar-track', 'aria-hidden': 'true' });
  const fill = h('span', { class: 'bar' });
  // CSSOM, not a style attribute: the page's CSP allows it.
  fill.style.left = `${(from / scale) * 100}%`;
  fill.style.width = `${Math.max(((to - from) / scale) * 100, 0.5)}%`;
  track.append(fill);
  return track;
}
