// @ts-check
// The evidence page's traffic summary, without a browser: the headline, the rows, the status
// columns, and the numbers' formats.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bytes, milliseconds } from '../../extension/evidence/format.js';
import { headline, statusColumns, statusCount, summaryRows } from '../../extension/evidence/summary.js';

/** @param {Partial<import('../../extension/lib/record.js').RouteStats>} fields */
const row = (fields) => /** @type {import('../../extension/lib/record.js').RouteStats} */ ({
  method: 'GET', route: 'a.test/x', count: 1, status: {}, failed: 0, in_flight: 0,
  bytes_in: 0, bytes_out: 0, first_seen: 1, last_seen: 1, ...fields,
});

describe('traffic summary', () => {
  it('heads the table with every request seen, the routes and what was retained and evicted', () => {
    const routes = Array.from({ length: 7 }, (_, i) => row({ route: `a.test/${i}` }));
    assert.equal(headline({ requests: 300, routes }, { requests: 100, counters: { requests_evicted: 200 } }),
      '300 requests since the capture started · 7 routes · 100 retained, 200 evicted');
    assert.equal(headline({ requests: 1, routes: [routes[0]] }, { requests: 1, counters: { requests_evicted: 0 } }),
      '1 request since the capture started · 1 route · 1 retained');
    assert.equal(headline({ requests: 1200, routes, other: row({ method: '*', route: 'other' }) }, { requests: 200, counters: {} }),
      '1,200 requests since the capture started · 7 routes + other · 200 retained');
  });

  it('puts other last, and has no rows without a summary', () => {
    const other = row({ method: '*', route: 'other' });
    const routes = [row({ route: 'a.test/1' }), row({ route: 'a.test/2' })];
    assert.deepEqual(summaryRows({ requests: 3, routes, other }), [...routes, other]);
    assert.deepEqual(summaryRows(undefined), []);
    assert.deepEqual(summaryRows(null), []);
  });

  it('has 2xx to 5xx always, a column for any other class present, and one for keys of another shape', () => {
    assert.deepEqual(statusColumns([row({ status: { '2xx': 3 } })]), ['2xx', '3xx', '4xx', '5xx']);
    const odd = row({ status: { '1xx': 1, '2xx': 2, weird: 4, '<b>': 5 } });
    assert.deepEqual(statusColumns([row({}), odd]), ['1xx', '2xx', '3xx', '4xx', '5xx', 'other']);
    assert.equal(statusCount(odd, '2xx'), 2);
    assert.equal(statusCount(odd, '4xx'), 0);
    assert.equal(statusCount(odd, 'other'), 9, 'keys of another shape are summed, not dropped');
  });

  it('formats milliseconds with one decimal and bytes in binary units', () => {
    assert.equal(milliseconds(236.24), '236.2');
    assert.equal(milliseconds(5094.25), '5,094.3');
    assert.equal(milliseconds(3), '3.0');
    assert.equal(milliseconds(undefined), '—');
    assert.equal(bytes(812), '812 B');
    assert.equal(bytes(13_824), '13.5 KiB');
    assert.equal(bytes(3.1 * 1024 * 1024), '3.1 MiB');
    assert.equal(bytes(5 * 1024 * 1024 * 1024), '5.0 GiB');
  });
});
