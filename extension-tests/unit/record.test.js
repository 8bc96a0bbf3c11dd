// The pure parts of a history record: metadata derived from an export document, migration of
// older stored metadata, recovery of an abandoned checkpoint as interrupted, and storage errors.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { MAX_DIGEST_PAGES, checkedDigest, digestOf, interrupt, metaFrom, metaOf, migrate, pageUrl, pageUrls, utf8Size } from '../../extension/lib/record.js';
import { storageError } from '../../extension/lib/db.js';
import { RECORD_SCHEMA } from '../../extension/lib/constants.js';
import { FIXTURE, LEGACY_META, MINUTE, NOW, makeDoc } from './builders.js';

/**
 * An active document with work in flight: pending bodies and requests, a running operation,
 * next to finished evidence that must not change.
 */
function activeWithPendingWork() {
  const doc = makeDoc('live', { state: 'active', startedAt: NOW - 5 * MINUTE, savedAt: NOW - 2 * MINUTE });
  const save = doc.requests.find((r) => r.id === 'r6');
  save.state = 'pending';
  save.response_body = { state: 'pending', units: 0 };
  delete save.status;
  const profile = doc.requests.find((r) => r.id === 'r2');
  profile.request_body = { state: 'pending', units: 0 };
  doc.operations.find((o) => o.id === 'o5').state = 'running';
  doc.operations.find((o) => o.id === 'o4').state = 'failed';
  return doc;
}

describe('metaOf', () => {
  it('derives list metadata from the document', () => {
    const meta = metaOf(FIXTURE, { checkpoints: 3, bytes: 1234 });
    assert.deepEqual(meta, {
      schema: RECORD_SCHEMA,
      run_id: 'run1',
      name: 'Save fails',
      session: 'syqzu',
      state: 'stopped',
      started_at: FIXTURE.run.started_at,
      stopped_at: FIXTURE.run.stopped_at,
      stop_reason: { kind: 'stopped' },
      url: 'http://127.0.0.1:18123/demo',
      page_urls: ['http://127.0.0.1:18123/demo'],
      saved_at: FIXTURE.saved_at,
      checkpoints: 3,
      bytes: 1234,
      counts: { requests: 7, console: 5, operations: 6, pages: 1 },
      // favicon.ico and /nope answered 404.
      failures: 2,
    });
  });

  it('counts failed requests and error statuses, not pending ones', () => {
    const doc = makeDoc('f');
    doc.requests[1].state = 'failed';
    delete doc.requests[1].status;
    doc.requests[2].status = 500;
    doc.requests[3].state = 'pending';
    delete doc.requests[3].status;
    // r5 and r7 are 404s already.
    assert.equal(metaOf(doc, { checkpoints: 1, bytes: 1 }).failures, 4);
  });

  it('uses null, not undefined, for an unnamed active run', () => {
    const meta = metaOf(makeDoc('a', { state: 'active', name: null }), { checkpoints: 1, bytes: 1 });
    assert.equal(meta.name, null);
    assert.equal(meta.stopped_at, null);
    assert.equal(meta.stop_reason, null);
    assert.equal(meta.state, 'active');
  });
});

describe('digests', () => {
  it('a digest holds what the metadata is made of, and nothing of the evidence itself', () => {
    const digest = digestOf(FIXTURE);
    assert.deepEqual(digest, {
      version: 1,
      saved_at: FIXTURE.saved_at,
      run: FIXTURE.run,
      url: 'http://127.0.0.1:18123/demo',
      page_urls: ['http://127.0.0.1:18123/demo'],
      counts: { requests: 7, console: 5, operations: 6, pages: 1 },
      failures: 2,
    });
    const stored = { checkpoints: 2, bytes: 99 };
    assert.deepEqual(metaFrom(digest, stored), metaOf(FIXTURE, stored));
  });

  // The daemon computes the same digest in Rust (`CheckpointDigest::of`, schema/src/link.rs),
  // whose test holds it to this same table on the same fixture: a rule that changes on one
  // side fails there or here.
  it('takes the page URL, counts and failures by the same rules as the daemon', () => {
    const cases = [
      ['as exported', (d) => d, 'http://127.0.0.1:18123/demo', [7, 5, 6, 1], 2],
      ['a page load without a URL: the first document request', (d) => {
        d.pages[0].url = '';
        d.requests[0].resource_type = 'Other';
      }, 'http://b.localhost:18123/frame/inner?id=demo', [7, 5, 6, 1], 2],
      ['no page load and no document request: the first request', (d) => {
        d.pages = [];
        d.requests.forEach((r) => { delete r.resource_type; });
        d.requests.shift();
      }, 'http://127.0.0.1:18123/api/profile', [6, 5, 6, 0], 2],
      ['nothing at all', (d) => {
        d.pages = [];
        d.requests = [];
        d.console = [];
        d.operations = [];
      }, '', [0, 0, 0, 0], 0],
      ['failed without a status counts, complete without one does not', (d) => {
        d.requests[1].state = 'failed';
        delete d.requests[1].status;
        delete d.requests[2].status;
      }, 'http://127.0.0.1:18123/demo', [7, 5, 6, 1], 3],
    ];
    for (const [name, change, url, [requests, console, operations, pages], failures] of cases) {
      const doc = structuredClone(FIXTURE);
      change(doc);
      const digest = digestOf(doc);
      assert.equal(digest.url, url, name);
      assert.deepEqual(digest.counts, { requests, console, operations, pages }, name);
      assert.equal(digest.failures, failures, name);
    }
  });

  // The daemon's digest counts the document's `problems` the same way (`CheckpointDigest::of`).
  it('counts the problems a document lists and keeps the first one\'s line', () => {
    const doc = makeDoc('p');
    doc.problems = [
      { kind: 'status', at: doc.run.started_at + 1, request_id: 'r6', summary: 'POST http://a/api/orders 422 Unprocessable Entity: QTY_EXCEEDS_STOCK Only 2 left' },
      { kind: 'exception', at: doc.run.started_at + 2, console_id: 'c3', summary: 'Uncaught TypeError: order.total is undefined' },
    ];
    const digest = digestOf(doc);
    assert.equal(digest.problems, 2);
    assert.equal(digest.first_problem, 'POST http://a/api/orders 422 Unprocessable Entity: QTY_EXCEEDS_STOCK Only 2 left');
    const meta = metaFrom(digest, { checkpoints: 1, bytes: 1 });
    assert.equal(meta.problems, 2);
    assert.equal(meta.first_problem, digest.first_problem);
    assert.deepEqual(meta, metaOf(doc, { checkpoints: 1, bytes: 1 }));
    assert.deepEqual(checkedDigest(digest), digest);

    // An empty list: none, and no first line.
    doc.problems = [];
    assert.equal(digestOf(doc).problems, 0);
    assert.equal('first_problem' in digestOf(doc), false);
    assert.equal(metaOf(doc, { checkpoints: 1, bytes: 1 }).problems, 0);

    // A document without the list (an earlier version's): not counted, which is not "none".
    delete doc.problems;
    assert.equal('problems' in digestOf(doc), false);
    assert.equal('problems' in metaOf(doc, { checkpoints: 1, bytes: 1 }), false);
    doc.problems = null;
    assert.equal('problems' in digestOf(doc), false);
  });

  it('takes a digest with the daemon\'s problems, null ones included, and refuses malformed ones', () => {
    const good = digestOf(makeDoc('d'));
    const meta = (/** @type {any} */ d) => metaFrom(checkedDigest(d), { checkpoints: 1, bytes: 1 });
    assert.equal(meta({ ...good, problems: 3, first_problem: 'GET http://a/ 500 Internal Server Error' }).first_problem, 'GET http://a/ 500 Internal Server Error');
    assert.equal(meta({ ...good, problems: null, first_problem: null }).problems, undefined);
    assert.throws(() => checkedDigest({ ...good, problems: -1 }), /\(problems\)/);
    assert.throws(() => checkedDigest({ ...good, problems: '2' }), /\(problems\)/);
    assert.throws(() => checkedDigest({ ...good, problems: 1, first_problem: 7 }), /\(first_problem\)/);
  });

  it('a digest that came with a checkpoint is checked field by field', () => {
    const good = digestOf(makeDoc('d', { state: 'active' }));
    assert.equal(checkedDigest(good), good);
    const broken = [
      [null, /it is not an object/],
      [{ ...good, version: '1' }, /\(version\)/],
      [{ ...good, saved_at: undefined }, /\(saved_at\)/],
      [{ ...good, run: { ...good.run, run_id: 7 } }, /\(run \(run_id/],
      [{ ...good, url: null }, /\(url\)/],
      [{ ...good, counts: { ...good.counts, pages: -1 } }, /\(counts\)/],
      [{ ...good, counts: { requests: 1 } }, /\(counts\)/],
      [{ ...good, failures: 1.5 }, /\(failures\)/],
      [{ ...good, run: { ...good.run, stop_reason: 'stopped' } }, /\(run \(name, stopped_at, stop_reason\)\)/],
      [{ ...good, run: { ...good.run, name: 7 } }, /\(run \(name/],
    ];
    for (const [digest, reason] of broken) {
      assert.throws(() => checkedDigest(digest), reason, JSON.stringify(digest));
      assert.throws(() => checkedDigest(digest), /digest is malformed .*nothing was stored/);
    }
  });
});

describe('pageUrl', () => {
  it('is the first page load', () => {
    const doc = makeDoc('p');
    doc.pages[0].url = 'http://example.test/first';
    doc.pages.push({ ...structuredClone(doc.pages[0]), id: 'p2', url: 'http://example.test/second' });
    doc.requests[0].url = 'http://example.test/not-this';
    assert.equal(pageUrl(doc), 'http://example.test/first');
  });

  it('falls back to the first document request, then the first request, then nothing', () => {
    const doc = makeDoc('p');
    doc.pages = [];
    doc.requests[0].resource_type = 'Fetch';
    assert.equal(pageUrl(doc), 'http://b.localhost:18123/frame/inner?id=demo');
    for (const r of doc.requests) r.resource_type = 'Fetch';
    assert.equal(pageUrl(doc), 'http://127.0.0.1:18123/demo');
    doc.requests = [];
    assert.equal(pageUrl(doc), '');
  });
});

describe('pageUrls', () => {
  // The same cases as the daemon's (`a_digest_lists_every_page_visited`, schema/src/link.rs).
  it('lists every page visited in order, a reload once, the first ones and the last', () => {
    const doc = makeDoc('v');
    const visit = (/** @type {string} */ url) => ({ ...structuredClone(doc.pages[0]), url });
    doc.pages = ['http://h/a', 'http://h/a', 'http://h/b', '', 'http://h/a'].map(visit);
    assert.deepEqual(pageUrls(doc), ['http://h/a', 'http://h/b', 'http://h/a']);
    assert.deepEqual(digestOf(doc).page_urls, pageUrls(doc));
    assert.deepEqual(metaOf(doc, { checkpoints: 1, bytes: 1 }).page_urls, pageUrls(doc));
    doc.pages = Array.from({ length: 40 }, (_, i) => visit(`http://h/${i}`));
    const urls = pageUrls(doc);
    assert.equal(urls.length, MAX_DIGEST_PAGES);
    assert.equal(urls[30], 'http://h/30');
    assert.equal(urls[31], 'http://h/39');
  });

  it('a digest from a daemon without page_urls is accepted, and the metadata has none', () => {
    const { page_urls: _, ...old } = digestOf(makeDoc('o'));
    assert.equal(metaFrom(checkedDigest(old), { checkpoints: 1, bytes: 1 }).page_urls, undefined);
    assert.throws(() => checkedDigest({ ...old, page_urls: [1] }), /page_urls/);
  });
});

describe('utf8Size', () => {
  it('is the UTF-8 length of the stored JSON', () => {
    const size = (/** @type {any} */ doc) => utf8Size(JSON.stringify(doc));
    assert.equal(size(FIXTURE), Buffer.byteLength(JSON.stringify(FIXTURE), 'utf8'));
    const doc = makeDoc('u', { bodyText: '€' });
    const ascii = makeDoc('u', { bodyText: 'E' });
    assert.equal(size(doc) - size(ascii), 2);
  });
});

describe('migrate', () => {
  const beforeSchema = LEGACY_META;

  it('reads a record from before `schema` existed without inventing values', () => {
    const migrated = migrate(beforeSchema);
    assert.equal(migrated.schema, RECORD_SCHEMA);
    assert.ok(!('imported' in migrated), 'an older record was captured here: no `imported` is invented');
    assert.equal(migrated.failures, null, 'the failure count was never stored: unknown, not computed');
    const { schema, failures, ...rest } = migrated;
    assert.deepEqual(rest, { ...beforeSchema }, 'every stored field is kept as it was');
    assert.deepEqual(Object.keys(migrated).sort(), [...Object.keys(beforeSchema), 'schema', 'failures'].sort());
  });

  it('does not modify the stored object', () => {
    const stored = structuredClone(beforeSchema);
    migrate(stored);
    assert.deepEqual(stored, { ...beforeSchema });
    assert.ok(!('schema' in stored));
  });

  it('brings a schema-1 record to the current schema without inventing `imported` or `pictures`', () => {
    const schema1 = { ...beforeSchema, schema: 1, failures: 2 };
    const migrated = migrate(schema1);
    assert.deepEqual(migrated, { ...schema1, schema: RECORD_SCHEMA });
    assert.ok(!('imported' in migrated));
    assert.ok(!('pictures' in migrated), 'a record stored before pictures existed has none');
  });

  it('brings a schema-2 record forward: it has no pictures', () => {
    const schema2 = { ...beforeSchema, schema: 2, failures: 2 };
    assert.deepEqual(migrate(schema2), { ...schema2, schema: RECORD_SCHEMA });
  });

  it('brings a schema-3 record to 4 without a problem count: its list is not known', () => {
    const schema3 = { ...beforeSchema, schema: 3, failures: 2 };
    assert.deepEqual(migrate(schema3), { ...schema3, schema: 4 });
    assert.equal(RECORD_SCHEMA, 4);
  });

  it('keeps `imported` of an imported record as stored', () => {
    const imported = metaOf(FIXTURE, { checkpoints: 0, bytes: 52_000, imported: { at: NOW, file_name: 'a.json' } });
    assert.deepEqual(imported.imported, { at: NOW, file_name: 'a.json' });
    assert.deepEqual(migrate(imported), imported);
  });

  it('keeps a failure count an older record did store', () => {
    assert.equal(migrate({ ...beforeSchema, failures: 3 }).failures, 3);
  });

  it('passes a record of the current schema through unchanged', () => {
    const current = metaOf(FIXTURE, { checkpoints: 2, bytes: 52_000 });
    assert.equal(current.schema, RECORD_SCHEMA);
    assert.deepEqual(migrate(current), current);
  });

  it('reads a record written by a newer extension as far as known fields go', () => {
    const newer = { ...metaOf(FIXTURE, { checkpoints: 2, bytes: 52_000 }), schema: RECORD_SCHEMA + 1, extra: 'x' };
    assert.deepEqual(migrate(newer), newer);
  });
});

describe('interrupt', () => {
  it('marks an abandoned active checkpoint interrupted without claiming pending work finished', () => {
    const doc = activeWithPendingWork();
    const out = interrupt(doc);

    assert.equal(out.run.state, 'interrupted');
    assert.deepEqual(out.run.stop_reason, { kind: 'recovered' });
    assert.equal(out.run.stopped_at, doc.saved_at);
    assert.equal(out.saved_at, doc.saved_at);

    const save = out.requests.find((r) => r.id === 'r6');
    assert.equal(save.state, 'unfinished');
    assert.deepEqual(save.response_body, { state: 'unavailable', reason: 'capture_stopped', units: 0 });
    assert.equal(save.request_body.state, 'available', 'an available body is untouched');
    assert.equal(save.request_body.text, FIXTURE.requests[5].request_body.text);

    const profile = out.requests.find((r) => r.id === 'r2');
    assert.equal(profile.state, 'complete', 'a completed request is untouched');
    assert.deepEqual(profile.request_body, { state: 'unavailable', reason: 'capture_stopped', units: 0 });
    assert.deepEqual(profile.response_body, FIXTURE.requests[1].response_body);

    assert.equal(out.operations.find((o) => o.id === 'o5').state, 'interrupted');
    assert.equal(out.operations.find((o) => o.id === 'o4').state, 'failed');
    for (const id of ['o1', 'o2', 'o3', 'o6']) {
      assert.equal(out.operations.find((o) => o.id === id).state, 'completed', `${id} stays completed`);
    }
    // Everything else is the checkpoint as it was.
    for (const [i, request] of out.requests.entries()) {
      if (request.id !== 'r2' && request.id !== 'r6') assert.deepEqual(request, FIXTURE.requests[i]);
    }
    assert.deepEqual(out.console, FIXTURE.console);
    assert.deepEqual(out.pages, FIXTURE.pages);
    assert.deepEqual(out.run.counters, FIXTURE.run.counters);
  });

  it('does not modify its input', () => {
    const doc = activeWithPendingWork();
    const before = structuredClone(doc);
    interrupt(doc);
    assert.deepEqual(doc, before);
  });

  it('leaves a stopped or interrupted document as it is', () => {
    const stopped = makeDoc('s');
    assert.deepEqual(interrupt(stopped), stopped);
    const interrupted = makeDoc('i', { state: 'interrupted' });
    assert.deepEqual(interrupt(interrupted), interrupted);
  });
});

describe('storageError', () => {
  it('says the history storage is full on a QuotaExceededError, and what to do', () => {
    const quota = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    const error = storageError(quota, 'save checkpoint of run1');
    assert.ok(error instanceof Error);
    assert.match(error.message, /storage is full/);
    assert.match(error.message, /save checkpoint of run1/);
    assert.match(error.message, /quota has been exceeded/);
    assert.match(error.message, /free disk space/);
    assert.match(error.message, /storage quota is exceeded/);
    assert.match(error.message, /export and delete older records/);
  });

  it('names other errors and the operation that failed', () => {
    const other = Object.assign(new Error('bad things'), { name: 'InvalidStateError' });
    assert.equal(storageError(other, 'read record run1').message, 'could not read record run1: InvalidStateError: bad things');
    assert.equal(storageError(null, 'open the history database').message, 'could not open the history database: Error');
    const empty = Object.assign(new Error(''), { name: 'QuotaExceededError' });
    assert.doesNotMatch(storageError(empty, 'save').message, /\(\)/, 'no empty parentheses when the browser gives no message');
  });
});
