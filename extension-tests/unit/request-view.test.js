// @ts-check
// Pure parts of the request view: a request as cURL (redactions kept as their marks, and
// `--compressed` where the request accepted compression), an older record's operation counts,
// the one-line body preview, the traffic summary's route filter, operation parameters in words
// and the fragment's names.

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { curlOf } from '../../extension/evidence/curl.js';
import { readableParams } from '../../extension/evidence/format.js';
import { bodyPreview, consoleProblem, operationCounts, requestProblem } from '../../extension/evidence/problems.js';
import { routeFilter } from '../../extension/evidence/traffic.js';

it('a request as cURL keeps redaction marks and quotes every word', () => {
  const r = {
    url: "http://127.0.0.1:3000/api/save?token=[redacted]&q=it's",
    method: 'POST',
    request_headers: { entries: [[':authority', 'x'], ['Content-Type', 'application/json'], ['Authorization', '[redacted]'], ['Content-Length', '12']] },
    request_body: { state: 'available', text: '{"a":"b\'c"}' },
  };
  assert.equal(curlOf(r), [
    "curl 'http://127.0.0.1:3000/api/save?token=[redacted]&q=it'\\''s'",
    '-X POST',
    "-H 'Content-Type: application/json'",
    "-H 'Authorization: [redacted]'",
    "--data-raw '{\"a\":\"b'\\''c\"}'",
  ].join(' \\\n  '));
  // The raw set as sent wins over the event's; a GET has no -X.
  assert.equal(curlOf({ url: 'http://x/', method: 'GET', request_headers: { entries: [['A', '1']] }, request_headers_raw: { entries: [['Cookie', 'sid=[redacted]']] } }),
    "curl 'http://x/' \\\n  -H 'Cookie: sid=[redacted]'");
});

it('a request that accepted compression is copied with --compressed, its Accept-Encoding left to curl', () => {
  const headers = (/** @type {string} */ encoding) => ({ url: 'http://x/', method: 'GET', request_headers: { entries: [['Accept', '*/*'], ['Accept-Encoding', encoding]] } });
  assert.equal(curlOf(headers('gzip, deflate, br, zstd')), "curl 'http://x/' \\\n  -H 'Accept: */*' \\\n  --compressed");
  assert.equal(curlOf(headers('zstd')), "curl 'http://x/' \\\n  -H 'Accept: */*' \\\n  --compressed");
  // No coding curl decodes: the header stays as sent, and no --compressed.
  assert.equal(curlOf(headers('identity')), "curl 'http://x/' \\\n  -H 'Accept: */*' \\\n  -H 'Accept-Encoding: identity'");
  // The body still comes last.
  const post = { ...headers('br'), method: 'POST', request_body: { state: 'available', text: '{}' } };
  assert.match(curlOf(post), /--compressed \\\n  --data-raw '\{\}'$/);
});

it('an operation counts what the record says; an older record, what its windows hold', () => {
  const doc = /** @type {any} */ ({
    requests: [
      { id: 'r1', started_at: 5, state: 'complete', status: 200 },
      { id: 'r2', started_at: 3, state: 'complete', status: 404 },
      { id: 'r3', started_at: 4, state: 'failed', failure: 'net::ERR_CONNECTION_REFUSED' },
      { id: 'r4', started_at: 6, state: 'complete', status: 503 },
      { id: 'r5', started_at: 7, state: 'complete', status: 302 },
    ],
    console: [
      { id: 'c1', at: 1, level: 'error', kind: 'console' },
      { id: 'c2', at: 2, level: 'warning', kind: 'console' },
      { id: 'c3', at: 8, level: 'error', kind: 'exception' },
    ],
  });
  assert.equal(requestProblem({ state: 'complete', status: 200 }), null);
  assert.equal(requestProblem(doc.requests[2]), 'failed');
  assert.equal(consoleProblem({ level: 'warning', kind: 'console' }), null);
  assert.equal(consoleProblem(doc.console[2]), 'exception');
  const placed = { requests: { immediate: [doc.requests[1]], related: [doc.requests[0]] }, console: { immediate: [doc.console[0], doc.console[1]], related: [] } };
  // Saved before counts existed: counted from the windows, with no request count to show.
  assert.deepEqual(operationCounts({}, placed), { errors: 2, warnings: 1, requests: null, folded: null });
  // The record's own counts win: they equal its Problems rows (an echo is not counted twice).
  const counts = { requests: 5, folded: 1, console: 3, errors: 1, warnings: 0 };
  assert.deepEqual(operationCounts({ counts }, placed), { errors: 1, warnings: 0, requests: 5, folded: 1 });
  assert.equal(operationCounts({}, undefined), null);
});

it('fetch and XHR rows preview their response body on one line; others do not', () => {
  assert.equal(bodyPreview({ resource_type: 'Fetch', response_body: { text: '{\n  "ok": false,\n  "error": "EMAIL_TAKEN"\n}' } }), '{ "ok": false, "error": "EMAIL_TAKEN" }');
  assert.equal(bodyPreview({ resource_type: 'XHR', response_body: { text: 'x'.repeat(200) } })?.length, 140);
  assert.equal(bodyPreview({ resource_type: 'Document', response_body: { text: '<html>' } }), null);
  assert.equal(bodyPreview({ resource_type: 'Fetch', response_body: { state: 'pending' } }), null);
});

it('a summary route matches its requests, {id} standing for one segment', () => {
  const on = routeFilter('GET 127.0.0.1:3000/api/users/{id}');
  assert.equal(on({ method: 'GET', url: 'http://127.0.0.1:3000/api/users/42?x=1' }), true);
  assert.equal(on({ method: 'POST', url: 'http://127.0.0.1:3000/api/users/42' }), false);
  assert.equal(on({ method: 'GET', url: 'http://127.0.0.1:3000/api/users/42/posts' }), false);
  assert.equal(routeFilter('GET data:')({ method: 'GET', url: 'data:image/png;base64,AAAA' }), true);
});

it('operation parameters read as words: no op name, no "omitted false", elements not as JSON', () => {
  assert.deepEqual(readableParams({ op: 'click', target: { tag: 'button', id: 'save', name: null, text: 'Save' } }), [['target', 'button#save “Save”']]);
  assert.deepEqual(readableParams({ field: 'email', form: null, kind: 'email', value: 'a@b', omitted: false }), [['field', 'email'], ['kind', 'email'], ['value', 'a@b']]);
  assert.deepEqual(readableParams({ field: 'password', value: null, omitted: true }), [['field', 'password'], ['value', 'omitted (a credential, payment or file field)']]);
  assert.deepEqual(readableParams({ target: '#name', values: ['pro'] }), [['target', '#name'], ['values', '["pro"]']]);
});

it('the fragment opens what bsk evidence names: a search, a request, a tab, the Problems part', async () => {
  const { hashOf, parseRoute } = await import('../../extension/evidence/route.js');
  assert.equal(parseRoute('#run=r1&q=EMAIL_TAKEN').view, 'search');
  assert.equal(parseRoute('#run=r1&q=EMAIL_TAKEN').q, 'EMAIL_TAKEN');
  assert.deepEqual([parseRoute('#run=r1&request=r9').view, parseRoute('#run=r1&request=r9').request], ['requests', 'r9']);
  assert.equal(parseRoute('#run=r1&tab=summary').view, 'summary');
  assert.equal(parseRoute('#run=r1&view=console').view, 'console', 'the older view= is still read');
  assert.equal(parseRoute('#run=r1&view=console&tab=summary').view, 'summary', 'tab= is the name');
  assert.equal(parseRoute('#run=r1&part=problems').part, 'problems');
  assert.equal(parseRoute('#run=r1&request=r9&q=x').view, 'requests', 'a request at a match');
  // The history list, searching.
  assert.deepEqual([parseRoute('#q=zebra').run, parseRoute('#q=zebra').q], [null, 'zebra']);
  assert.equal(hashOf({ run: null, q: 'a b' }), '#q=a%20b');
  // Round trip of a search hit's link.
  const hit = hashOf({ run: 'sf_1.a-b', view: 'requests', request: 'r6', q: 'a&b c', part: 'response_body' });
  assert.equal(hit, '#run=sf_1.a-b&request=r6&q=a%26b%20c&part=response_body');
  assert.deepEqual(parseRoute(hit), { run: 'sf_1.a-b', view: 'requests', request: 'r6', filter: '', source: null, op: null, entry: null, q: 'a&b c', part: 'response_body', route: null });
  // The page writes the names the docs list: tab= for a tab other than the one implied.
  assert.equal(hashOf({ run: 'r1', view: 'console', entry: 'c5' }), '#run=r1&tab=console&entry=c5');
  assert.equal(hashOf({ run: 'r1', view: 'requests', request: 'r6', part: 'response_body' }), '#run=r1&request=r6&part=response_body');
  assert.equal(hashOf({ run: 'r1', view: 'timeline', op: 'o2' }), '#run=r1&op=o2');
  assert.equal(hashOf({ run: 'r1', view: 'requests', q: 'x' }), '#run=r1&tab=requests&q=x');
  for (const route of [{ run: 'r1', view: /** @type {const} */ ('search'), q: 'x' }, { run: 'r1', view: /** @type {const} */ ('timeline'), request: 'r2' }]) {
    assert.equal(parseRoute(hashOf(route)).view, route.view);
  }
});
