// @ts-check
// Pure parts of the record that explains itself: a problem's own words and what it followed,
// the Problems heading's tally, frames and workers by name, the page after an operation as the
// record names it, the request list's order and waterfall axis, and 24-hour times. The order
// form fixture the evidence page's test reads is a valid export document whose counts agree
// with its problems, as the daemon writes them.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

import { exportDocumentErrors } from '../../extension/lib/document-errors.js';
import { frameChoices, frameDocuments, frameOf, originAndPath } from '../../extension/evidence/frames.js';
import { pageAfterOf } from '../../extension/evidence/observation.js';
import { NOT_LISTED, afterWords, firstLine, problemTally, problemWords } from '../../extension/evidence/problems.js';
import { sortRequests, waterfallScale } from '../../extension/evidence/request-order.js';
import { FRAME, FRAME_SITE, SITE, TAB, orderFormDocument } from '../fixtures/order-form.js';

const base = JSON.parse(readFileSync(new URL('../fixtures/save-fails.json', import.meta.url), 'utf8'));
const order = orderFormDocument(base);
const byId = new Map(order.requests.map((/** @type {any} */ r) => [r.id, r]));
/** @param {string} kind @param {string} [id] */
const problem = (kind, id) => /** @type {any} */ (order.problems.find((/** @type {any} */ p) => p.kind === kind && (!id || p.request_id === id)));

describe('the order form fixture', () => {
  it('is a valid export document', () => {
    assert.deepEqual(exportDocumentErrors(order), []);
  });

  it('counts, per operation, the problems that followed it, as the daemon does', () => {
    for (const op of order.operations) {
      const rows = order.problems.filter((/** @type {any} */ p) => p.after?.operation_id === op.id).length;
      assert.equal(op.counts.errors, rows, op.id);
    }
  });
});

describe('a problem in its own words', () => {
  it('an error response: method and path, status, the server’s code and message', () => {
    const p = problem('status', 'r6');
    assert.deepEqual(problemWords(p, byId.get('r6')), {
      subject: 'POST /api/orders', outcome: '422 Unprocessable Entity', code: 'QTY_EXCEEDS_STOCK', message: 'Only 2 left', source: null,
    });
    // Without a body's words, only the status.
    assert.deepEqual(problemWords(problem('status', 'r4'), byId.get('r4')), {
      subject: 'GET /favicon.ico', outcome: '404 Not Found', code: null, message: null, source: null,
    });
  });

  it('a network failure: its failure text', () => {
    const failed = { kind: 'failed', at: 1, request_id: 'r9', summary: 'GET http://a/x failed: net::ERR_CONNECTION_REFUSED', message: 'net::ERR_CONNECTION_REFUSED', echoes: [] };
    const words = problemWords(/** @type {any} */ (failed), { method: 'GET', url: 'http://a/x', state: 'failed' });
    assert.deepEqual(words, { subject: 'GET /x', outcome: 'failed:', code: null, message: 'net::ERR_CONNECTION_REFUSED', source: null });
  });

  it('a request no longer in the record: its summary says it all', () => {
    const p = problem('status', 'r6');
    assert.deepEqual(problemWords(p, undefined), { subject: null, outcome: p.summary, code: null, message: null, source: null });
  });

  it('an exception: its first line, without the browser’s "Uncaught", and where it was thrown', () => {
    const words = problemWords(problem('exception'), undefined);
    assert.equal(words.outcome, 'uncaught');
    assert.equal(words.message, "TypeError: Cannot read properties of null (reading 'total')");
    assert.equal(words.source, `${SITE}/:12:38`);
    // A console error's text, whole: rows wrap rather than cut.
    const long = 'x'.repeat(400);
    const logged = problemWords(/** @type {any} */ ({ kind: 'console_error', at: 1, summary: `console error: ${long}`, message: `${long}\nsecond line`, echoes: [] }));
    assert.deepEqual([logged.outcome, logged.message], [null, long]);
    assert.equal(firstLine('  one\ntwo'), 'one');
  });

  it('what it followed: after, or possibly related to, the operation by its element’s name', () => {
    assert.equal(afterWords(problem('status', 'r6')), 'after click button "Place order"');
    assert.equal(afterWords(/** @type {any} */ ({ after: { operation_id: 'o2', label: 'click button "Place order"', immediate: false } })), 'possibly related to click button "Place order"');
    assert.equal(afterWords(/** @type {any} */ ({})), null);
  });

  it('the heading’s tally, singular and plural, no "2 4xx/5xx"', () => {
    assert.equal(problemTally(order.problems), '3 error responses, 1 uncaught exception');
    assert.equal(problemTally(/** @type {any} */ ([{ kind: 'failed' }, { kind: 'console_error' }, { kind: 'console_error' }])), '1 failed request, 2 console errors');
    assert.equal(problemTally([]), '');
    assert.match(NOT_LISTED, /did not list its problems/);
  });
});

describe('frames and workers by name', () => {
  const documents = frameDocuments(order);
  it('an iframe is named by its document’s origin and path; the page’s own by nothing', () => {
    assert.deepEqual([...documents], [[FRAME, `${FRAME_SITE}/frame`]]);
    assert.equal(frameOf(byId.get('r6'), TAB, documents), null);
    // The iframe's document request is the page's: it starts on the parent.
    assert.equal(frameOf(byId.get('r3'), TAB, documents), null);
    const framed = frameOf(byId.get('r5'), TAB, documents);
    assert.equal(framed?.label, `frame ${FRAME_SITE}/frame`);
    assert.match(framed?.title ?? '', new RegExp(`target ${FRAME}`));
  });

  it('a worker by its script, a frame without its document by words, its id only on hover', () => {
    const worker = frameOf({ target_id: 'W1', worker: { kind: 'dedicated', url: 'http://a/w.js?v=2#x' } }, TAB, documents);
    assert.deepEqual([worker?.label, worker?.key], ['worker http://a/w.js', 'worker http://a/w.js']);
    assert.match(worker?.title ?? '', /dedicated worker http:\/\/a\/w\.js\?v=2#x/);
    const unknown = frameOf({ target_id: 'DEADBEEF' }, TAB, documents);
    assert.equal(unknown?.label, 'another frame');
    assert.match(unknown?.title ?? '', /DEADBEEF/);
    assert.equal(originAndPath('http://b/frame?x=1#y'), 'http://b/frame');
  });

  it('the frame filter’s choices: the page first, each frame with its count', () => {
    const name = (/** @type {any} */ r) => frameOf(r, TAB, documents);
    assert.deepEqual(frameChoices(order.requests, name), [
      { key: '', label: 'this page', count: 5 },
      { key: `frame ${FRAME_SITE}/frame`, label: `frame ${FRAME_SITE}/frame`, count: 1 },
    ]);
  });
});

describe('the page after an operation', () => {
  const [navigate, click] = order.operations;
  it('as the record names it: a follow-up, the next operation’s before-state, the observation', () => {
    const afterClick = pageAfterOf(click, order.operations);
    assert.match(afterClick?.text ?? '', /Could not place order\./);
    assert.equal(afterClick?.observation, click.follow_ups[0]);
    const afterNavigate = pageAfterOf(navigate, order.operations);
    assert.equal(afterNavigate?.text, click.before_text);
    assert.equal(afterNavigate?.observation, null);
    const own = pageAfterOf({ ...click, page_after: { at: click.observation.at, from: { kind: 'observation' } } }, order.operations);
    assert.equal(own?.observation, click.observation);
  });

  it('a record saved before it named one: the observation, as such records always showed', () => {
    const older = { ...click, page_after: undefined };
    assert.equal(pageAfterOf(older, order.operations)?.observation, click.observation);
    assert.equal(pageAfterOf({ id: 'o9' }, []), null);
  });
});

describe('the request list’s order and waterfall', () => {
  it('sorts by a column, ties in the order they started; failures above every status', () => {
    const status = (/** @type {any[]} */ list) => list.map((r) => (r.state === 'failed' ? 'failed' : r.status));
    const requests = [...order.requests, { ...byId.get('r1'), id: 'r7', state: 'failed', status: undefined, started_at: byId.get('r1').started_at + 1 }];
    assert.deepEqual(status(sortRequests(requests, { key: 'status', descending: true })), ['failed', 500, 422, 404, 200, 200, 200]);
    assert.deepEqual(status(sortRequests(requests, { key: 'status', descending: false })), [200, 200, 200, 404, 422, 500, 'failed']);
    assert.deepEqual(sortRequests(order.requests, { key: 'start', descending: false }).map((r) => r.id), ['r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
    assert.deepEqual(sortRequests(order.requests, { key: 'method', descending: false }).map((r) => r.method), ['GET', 'GET', 'GET', 'GET', 'GET', 'POST']);
    assert.deepEqual(sortRequests(order.requests, { key: 'time', descending: true }).map((r) => r.id).slice(0, 2), ['r5', 'r6']);
    // An unknown key sorts by start.
    assert.deepEqual(sortRequests(order.requests, { key: 'nope', descending: false }).map((r) => r.id), ['r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
  });

  it('the axis runs from the first start to the last end, never zero long', () => {
    const scale = waterfallScale(order.requests);
    assert.equal(scale.from, byId.get('r1').started_at);
    assert.equal(scale.from + scale.span, byId.get('r6').ended_at);
    assert.deepEqual(waterfallScale([{ started_at: 5 }]), { from: 5, span: 1 });
    assert.deepEqual(waterfallScale([]), { from: 0, span: 1 });
  });
});

describe('words', () => {
  it('parameter names read as words, counts singular and plural', async () => {
    const { plural, readableParams } = await import('../../extension/evidence/format.js');
    assert.deepEqual(readableParams({ op: 'navigate', url: 'http://a/', wait_until: 'load' }), [['url', 'http://a/'], ['wait until', 'load']]);
    assert.equal(plural(1, 'character'), '1 character');
    assert.equal(plural(2, 'character'), '2 characters');
  });
});

describe('times', () => {
  it('are written on a 24-hour clock', async () => {
    const { timeOfDay, dateTime, preciseDateTime } = await import('../../extension/evidence/format.js');
    const evening = new Date(2026, 11, 7, 17, 1, 43, 5).getTime();
    assert.match(timeOfDay(evening), /17.01.43/);
    assert.match(dateTime(evening), /17.01.43/);
    assert.match(preciseDateTime(evening), /17.01.43/);
    assert.doesNotMatch(`${timeOfDay(evening)} ${dateTime(evening)}`, /PM|AM/);
  });
});
