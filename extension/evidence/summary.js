// @ts-check
// The traffic summary (the export's `summary`): statistics over every request the capture saw
// since it started, evicted ones included, one row per method and route — counts, status classes,
// failures by error text, duration percentiles and bytes — with the `other` row last. Exports
// written before summaries existed have none; the page then says so in one line.

import { BOUNDS } from '../lib/generated/words.js';
import { h } from './dom.js';
import { bytes, count, milliseconds, plural, timeOfDay } from './format.js';

/**
 * @typedef {import('../lib/record.js').TrafficSummary} TrafficSummary
 * @typedef {import('../lib/record.js').RouteStats} RouteStats
 */

/** Status classes that always have a column, in the daemon's words. */
const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'];

/** A status class the page gives a column of its own when some row has it (`1xx`, …). */
const CLASS = /^[0-9]xx$/;

/** Status classes in no column of their own: summed into one, shown only when some row has one. */
const OTHER_STATUS = 'other';

/**
 * The table's rows: the routes as the daemon ordered them (most requests first), then `other`.
 * @param {TrafficSummary | null | undefined} summary
 * @returns {RouteStats[]}
 */
export function summaryRows(summary) {
  if (!summary) return [];
  return [...(summary.routes ?? []), ...(summary.other ? [summary.other] : [])];
}

/**
 * "1,165 requests since the capture started · 512 routes + other · 200 retained, 965 evicted"
 * @param {TrafficSummary} summary
 * @param {{ requests?: number, counters?: { requests_evicted?: number } }} run
 */
export function headline(summary, run) {
  const routes = summary.routes?.length ?? 0;
  const evicted = Number(run.counters?.requests_evicted ?? 0);
  return [
    `${plural(number(summary.requests), 'request')} since the capture started`,
    `${plural(routes, 'route')}${summary.other ? ' + other' : ''}`,
    `${count(number(run.requests))} retained${evicted ? `, ${count(evicted)} evicted` : ''}`,
  ].join(' · ');
}

/**
 * The status-class columns: 2xx to 5xx, any other `Nxx` class a row has, and one column for
 * keys of another shape (so no count is dropped), in that order.
 * @param {RouteStats[]} rows
 * @returns {string[]}
 */
export function statusColumns(rows) {
  const extra = new Set();
  let odd = false;
  for (const row of rows) {
    for (const key of Object.keys(row.status ?? {})) {
      if (STATUS_CLASSES.includes(key)) continue;
      if (CLASS.test(key)) extra.add(key);
      else odd = true;
    }
  }
  return [...STATUS_CLASSES, ...extra].sort().concat(odd ? [OTHER_STATUS] : []);
}

/**
 * A row's count in one status column.
 * @param {RouteStats} row
 * @param {string} column
 */
export function statusCount(row, column) {
  const status = row.status ?? {};
  if (column !== OTHER_STATUS) return number(status[column]);
  return Object.entries(status).filter(([key]) => !CLASS.test(key)).reduce((sum, [, n]) => sum + number(n), 0);
}

/**
 * A row's failures: network errors and 4xx/5xx responses.
 * @param {RouteStats} row
 */
export function failing(row) {
  return number(row.failed) + statusCount(row, '4xx') + statusCount(row, '5xx');
}

/**
 * The orders a person can choose, each with its value; every one but `failing` is a column's
 * (failing routes first counts network errors and 4xx/5xx together, which no one column holds).
 * @type {Record<string, { label: string, value: (row: RouteStats) => number | string }>}
 */
export const SORTS = {
  failing: { label: 'failures (network errors and 4xx/5xx together)', value: failing },
  failed: { label: 'Failed', value: (row) => number(row.failed) },
  '2xx': { label: '2xx', value: (row) => statusCount(row, '2xx') },
  '3xx': { label: '3xx', value: (row) => statusCount(row, '3xx') },
  '4xx': { label: '4xx', value: (row) => statusCount(row, '4xx') },
  '5xx': { label: '5xx', value: (row) => statusCount(row, '5xx') },
  route: { label: 'Route', value: (row) => `${row.route} ${row.method}` },
  count: { label: 'Count', value: (row) => number(row.count) },
  p50: { label: 'p50 ms', value: (row) => number(row.duration_ms?.p50) },
  p95: { label: 'p95 ms', value: (row) => number(row.duration_ms?.p95) },
  p99: { label: 'p99 ms', value: (row) => number(row.duration_ms?.p99) },
  bytes: { label: 'Bytes in / out', value: (row) => number(row.bytes_in) },
};

/**
 * The routes in the chosen order (ties keep the daemon's order: most requests first); `other`
 * stays last whatever the order.
 * @param {TrafficSummary} summary
 * @param {{ key: string, descending: boolean }} sort
 */
export function sortedRows(summary, sort) {
  const value = (SORTS[sort.key] ?? SORTS.failing).value;
  const routes = [...(summary.routes ?? [])].map((row, i) => ({ row, i }));
  routes.sort((a, b) => {
    const x = value(a.row);
    const y = value(b.row);
    const order = typeof x === 'string' ? String(x).localeCompare(String(y)) : x - /** @type {number} */ (y);
    return (sort.descending ? -order : order) || a.i - b.i;
  });
  return [...routes.map((r) => r.row), ...(summary.other ? [summary.other] : [])];
}

/** @param {import('./record-view.js').Ctx} ctx */
export function summarySection(ctx) {
  const summary = ctx.doc.summary;
  if (!summary) {
    return h('div', { class: 'summary-section' },
      h('h2', { class: 'visually-hidden' }, 'Traffic summary'),
      h('p', { class: 'empty' }, 'This record has no traffic summary: it was saved by a bsk from before summaries were kept. Its retained requests are under Requests.'));
  }
  const sort = ctx.ui.summarySort;
  const rows = sortedRows(summary, sort);
  const columns = statusColumns(rows);
  const failingRoutes = (summary.routes ?? []).filter((row) => failing(row) > 0).length;
  /**
   * A column heading that sorts the table by it (a second press reverses the order).
   * @param {string} key
   * @param {string} label
   * @param {string} meaning
   * @param {boolean} [numeric]
   */
  const sortHeading = (key, label, meaning, numeric = true) => {
    const active = sort.key === key;
    return h('th', {
      scope: 'col', class: numeric ? 'num' : null, title: meaning,
      'aria-sort': active ? (sort.descending ? 'descending' : 'ascending') : null,
    }, h('button', {
      type: 'button', class: 'sort', 'data-focus-key': `sort:${key}`,
      onclick: () => {
        ctx.ui.summarySort = { key, descending: active ? !sort.descending : key !== 'route' };
        ctx.redraw();
      },
    }, label));
  };
  // Requests still in flight are rare once a capture stopped: their column shows only when a
  // row has one, so the table fits the page beside the side cards.
  const inFlight = rows.some((row) => number(row.in_flight) > 0);
  const untracked = number(summary.untracked);
  return h('div', { class: 'summary-section' },
    h('h2', { class: 'visually-hidden' }, 'Traffic summary'),
    h('section', { class: 'summary-card', 'aria-labelledby': 'summary-headline' },
      // A narrow window wraps the headline after a "·", never before one or after a number.
      h('p', { class: 'summary-headline', id: 'summary-headline' },
        headline(summary, ctx.doc.run).replaceAll(' · ', '\u00a0· ').replace(/(\d) /g, '$1\u00a0')),
      h('p', { class: 'section-note' },
        'Every request the capture saw since it started, evicted ones included, by method and route (host and path, with ids read {id}, no query). Each redirect hop and preflight counts. Durations run from sending to the last byte or the failure; bytes in are on the wire, headers included; bytes out are request bodies.',
        summary.other ? ` At most ${count(BOUNDS.maxRoutes)} routes are kept: requests on further routes are together in the last row.` : ''),
      untracked ? h('p', { class: 'notice summary-untracked' },
        `${plural(untracked, 'request')} counted without ${untracked === 1 ? 'its' : 'their'} outcome: more than 4096 were in flight at once. They are in the counts, in no status, failure or duration.`) : null,
      rows.length === 0
        ? h('p', { class: 'empty' }, 'No request was sent.')
        : [h('div', { class: 'summary-order' },
          h('p', { class: 'muted small', id: 'summary-order' },
            failingRoutes ? `${plural(failingRoutes, 'route')} with failures. ` : 'No route has a failure. ',
            sort.key === 'failing'
              ? 'Failing routes first: network errors and 4xx/5xx responses together, most first. Press a column heading to sort by it. A route opens its retained requests.'
              : `Sorted by ${SORTS[sort.key]?.label ?? sort.key}, ${sort.key === 'route' ? (sort.descending ? 'Z to A' : 'A to Z') : sort.descending ? 'highest first' : 'lowest first'}; press a column heading to sort by it. A route opens its retained requests.`),
          sort.key !== 'failing' || !sort.descending ? h('button', {
            type: 'button', class: 'failing-first', onclick: () => { ctx.ui.summarySort = { key: 'failing', descending: true }; ctx.redraw(); },
          }, 'Failing routes first') : null),
        h('div', { class: 'table-wrap summary-wrap', tabindex: '0', role: 'region', 'aria-label': 'Routes (scrolls sideways when wider than the page)' },
          h('table', { class: 'summary-table' },
            h('caption', { class: 'visually-hidden' }, 'Requests by method and route; other routes last'),
            h('thead', null, h('tr', null,
              sortHeading('route', 'Route', 'method and route', false),
              sortHeading('count', 'Count', 'requests sent on the route'),
              columns.map((c) => (SORTS[c] ? sortHeading(c, c, `${c} responses`) : numberHeading(c === OTHER_STATUS ? 'Other' : c, c === OTHER_STATUS ? 'responses of another status class' : `${c} responses`))),
              sortHeading('failed', 'Failed', 'ended with a network error'),
              inFlight ? numberHeading('In flight', 'sent, not ended (or cut by the stop)') : null,
              sortHeading('p50', 'p50 ms', 'median duration'),
              sortHeading('p95', 'p95 ms', '95th percentile of duration'),
              sortHeading('p99', 'p99 ms', '99th percentile of duration'),
              sortHeading('bytes', 'Bytes in / out', 'received on the wire, headers included / request bodies sent'))),
            h('tbody', null, rows.map((row) => routeRow(ctx, row, row === summary.other, columns, inFlight)))))]));
}

/**
 * @param {string} label
 * @param {string} meaning
 */
function numberHeading(label, meaning) {
  return h('th', { scope: 'col', class: 'num', title: meaning }, label);
}

/**
 * One route: its method and route (a link to its retained requests) with its failures by error
 * text beneath, then the numbers.
 * @param {import('./record-view.js').Ctx} ctx
 * @param {RouteStats} row
 * @param {boolean} isOther
 * @param {string[]} columns
 * @param {boolean} inFlight whether the table has the in-flight column
 */
function routeRow(ctx, row, isOther, columns, inFlight) {
  const failures = [
    ...(row.failures ?? []).map((f) => `${f.error} ×${count(number(f.count))}`),
    row.failures_other ? `other errors ×${count(number(row.failures_other))}` : null,
  ].filter((x) => x !== null);
  const cached = number(row.cached);
  const durations = row.duration_ms;
  return h('tr', { class: isOther ? 'summary-other' : null },
    h('th', { scope: 'row', class: 'route-cell', title: `first sent ${timeOfDay(row.first_seen)}, latest ${timeOfDay(row.last_seen)}` },
      isOther
        ? h('span', { class: 'route-other' }, 'Other routes ', h('span', { class: 'muted' }, `(beyond the first ${count(BOUNDS.maxRoutes)})`))
        : h('a', { class: 'route-link', href: ctx.href({ view: 'requests', route: `${row.method} ${row.route}` }) },
          h('span', { class: 'route-method' }, String(row.method)), ' ', h('span', { class: 'route-path' }, breakable(String(row.route)))),
      failures.length ? h('ul', { class: 'route-failures', 'aria-label': 'Failures by error text' }, failures.map((text) => h('li', null, text))) : null,
      cached ? h('span', { class: 'route-note' }, `${count(cached)} from the cache or a service worker`) : null),
    numberCell(number(row.count)),
    columns.map((c) => numberCell(statusCount(row, c), c === '4xx' || c === '5xx' ? 'num-error' : '')),
    numberCell(number(row.failed), 'num-error'),
    inFlight ? numberCell(number(row.in_flight), 'num-attention') : null,
    h('td', { class: 'num' }, milliseconds(durations?.p50)),
    h('td', { class: 'num' }, milliseconds(durations?.p95)),
    h('td', { class: 'num', title: durations ? `max ${milliseconds(durations.max)} ms` : null }, milliseconds(durations?.p99)),
    h('td', { class: 'num bytes-in-out' },
      h('span', { title: 'received' }, bytes(number(row.bytes_in))),
      h('span', { class: 'bytes-out', title: 'request bodies sent' }, bytes(number(row.bytes_out)))));
}

/**
 * A route as text with a line-break opportunity after each `/`, so a narrow column wraps it
 * between segments rather than inside one.
 * @param {string} route
 */
function breakable(route) {
  return route.split(/(?<=\/)/).flatMap((part, i) => (i === 0 ? [part] : [h('wbr'), part]));
}

/**
 * A count, muted when zero and in `emphasis` (the class of a colour that has a word in its
 * column heading) when not.
 * @param {number} n
 * @param {string} [emphasis]
 */
function numberCell(n, emphasis = '') {
  return h('td', { class: `num ${n === 0 ? 'zero' : emphasis}`.trim() }, count(n));
}

/** A count from the record, which is untrusted: anything but a finite number reads 0. */
function number(/** @type {unknown} */ value) {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
