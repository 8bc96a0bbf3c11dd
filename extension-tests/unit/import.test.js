// Importing an exported file into browser-local history (History.importDocument): validated
// against the export schema, stored read-only and marked imported, never recovered, evictable
// like a stopped record, deletable. Each test opens a fresh (fake) IndexedDB.

import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';

import { RECORD_SCHEMA } from '../../extension/lib/constants.js';
import {
  DAY, FIXTURE, MIB, MINUTE, NOW, freshHistory, ids, makeDoc, storedKeys,
} from './builders.js';

/** @type {import('../../extension/lib/history.js').History} */
let history;
beforeEach(async () => { history = await freshHistory(); });
afterEach(() => { history.close(); });

/**
 * @param {unknown} doc
 * @param {string} [fileName]
 * @param {number} [now]
 */
const importDoc = (doc, fileName = 'save-fails.json', now = NOW) =>
  history.importDocument(doc, { fileName, now });

/** Everything stored, read directly, to show that a refusal changed nothing. */
async function everything() {
  const list = await history.list();
  const docs = await Promise.all(list.map(async (m) => (await history.get(m.run_id))?.doc));
  return { list, docs, records: await storedKeys(history, 'records'), documents: await storedKeys(history, 'documents') };
}

describe('importDocument', () => {
  it('stores the document exactly as the file has it, marked imported', async () => {
    const doc = makeDoc('imp1', { name: 'From a colleague' });
    const ack = await importDoc(structuredClone(doc), 'bsk-from-a-colleague-imp1.json');
    assert.deepEqual(ack, { run_id: 'imp1', name: 'From a colleague', requests: 7, bytes: Buffer.byteLength(JSON.stringify(doc), 'utf8'), evicted: [] });

    const { meta, doc: stored } = await history.get('imp1');
    assert.deepEqual(stored, doc);
    assert.deepEqual(JSON.parse(await history.exportJson('imp1')), doc, 'exported again unchanged');
    assert.deepEqual(meta.imported, { at: NOW, file_name: 'bsk-from-a-colleague-imp1.json' });
    assert.equal(meta.schema, RECORD_SCHEMA);
    assert.equal(meta.checkpoints, 0, 'no checkpoint was received here');
    assert.equal(meta.name, 'From a colleague');
    assert.equal(meta.state, 'stopped');
    assert.deepEqual(meta.counts, { requests: 7, console: 5, operations: 6, pages: 1 });
    assert.deepEqual((await history.list()).map((m) => m.run_id), ['imp1']);
  });

  it('imports the real fixture, though its capture is far older than 30 days', async () => {
    assert.ok(FIXTURE.saved_at < NOW - 30 * DAY);
    await importDoc(structuredClone(FIXTURE));
    assert.deepEqual((await history.get('run1')).doc, FIXTURE);
    // A checkpoint of another run applies retention: the import is 0 days old, so it stays.
    const ack = await history.saveCheckpoint(makeDoc('later'), NOW + DAY);
    assert.deepEqual(ack.evicted, []);
    assert.deepEqual(await storedKeys(history, 'records'), ['later', 'run1']);
  });

  it('refuses a document that does not match the schema, naming the problems, and stores nothing', async () => {
    const noRun = makeDoc('x');
    delete noRun.run;
    await assert.rejects(importDoc(noRun), (error) => {
      assert.equal(error.message, 'not a valid bsk export document: /run: is required but missing');
      assert.deepEqual(error.problems, ['/run: is required but missing']);
      return true;
    });
    const badState = makeDoc('x');
    badState.requests[3].state = 'paused';
    badState.requests[2].request_headers.entries[0].push('3rd');
    await assert.rejects(importDoc(badState), {
      message: 'not a valid bsk export document: /requests/2/request_headers/entries/0: must have at most 2 items (has 3); '
        + '/requests/3/state: must be one of pending, complete, failed, unfinished (got "paused")',
    });
    await assert.rejects(importDoc([]), { message: 'not an export document: the file holds an array, not a JSON object' });
    assert.deepEqual(await everything(), { list: [], docs: [], records: [], documents: [] });
  });

  it('says when it lists only the first 10 problems', async () => {
    const doc = makeDoc('x');
    for (const r of doc.requests) { r.method = 1; r.url = 2; }
    await assert.rejects(importDoc(doc), (error) => {
      assert.equal(error.problems.length, 10);
      assert.match(error.message, /\(the first 10 problems\)$/);
      return true;
    });
  });

  it('refuses another version', async () => {
    const v2 = { ...makeDoc('v2'), version: 2 };
    await assert.rejects(importDoc(v2), { message: 'version 2 is not supported (this extension reads version 1)' });
    assert.deepEqual(await storedKeys(history, 'records'), []);
  });

  it('refuses a run that is already in history, imported or captured, changing nothing', async () => {
    await history.saveCheckpoint(makeDoc('captured', { name: 'Captured here' }), NOW);
    await importDoc(makeDoc('imported', { name: 'First import' }), 'first.json');
    const before = await everything();

    const sameAsCaptured = makeDoc('captured', { name: 'Other' });
    sameAsCaptured.requests = [];
    await assert.rejects(importDoc(sameAsCaptured, 'again.json', NOW + MINUTE),
      { message: 'run captured is already in history (imported or captured here); nothing was changed' });
    await assert.rejects(importDoc(makeDoc('imported', { name: 'Second import' }), 'second.json', NOW + MINUTE),
      { message: 'run imported is already in history (imported or captured here); nothing was changed' });
    assert.deepEqual(await everything(), before);
    assert.equal((await history.get('imported')).meta.imported.file_name, 'first.json');
  });
});

describe('imported records are read-only', () => {
  it('a checkpoint of the same run is refused and changes nothing', async () => {
    await importDoc(makeDoc('imp', { state: 'active', savedAt: NOW - MINUTE }), 'live-snapshot.json');
    const before = await everything();
    await assert.rejects(history.saveCheckpoint(makeDoc('imp', { savedAt: NOW }), NOW), (error) => {
      assert.match(error.message, /^run imp is a record imported from live-snapshot\.json; imported records are read-only, so this checkpoint was not stored/);
      assert.match(error.message, /Delete the imported record/);
      return true;
    });
    assert.deepEqual(await everything(), before);
  });

  it('recovery never touches an imported active snapshot', async () => {
    const snapshot = makeDoc('snap', { state: 'active', startedAt: NOW - DAY, savedAt: NOW - DAY + MINUTE });
    snapshot.requests[5].state = 'pending';
    snapshot.requests[5].response_body = { state: 'pending', units: 0 };
    snapshot.operations[4].state = 'running';
    await importDoc(structuredClone(snapshot), 'snap.json');
    // No daemon reports it, and it was saved long ago: a captured record would be recovered.
    await history.saveCheckpoint(makeDoc('abandoned', { state: 'active', startedAt: NOW - DAY, savedAt: NOW - DAY }), NOW - DAY);

    assert.deepEqual(await history.recover(NOW), ['abandoned']);
    const { meta, doc } = await history.get('snap');
    assert.deepEqual(doc, snapshot, 'exactly as exported: pending stays pending');
    assert.equal(meta.state, 'active');
    assert.deepEqual(await history.recover(NOW + DAY), []);
  });

  it('can be deleted, an imported active snapshot too', async () => {
    await importDoc(makeDoc('stopped-imp'), 'a.json');
    await importDoc(makeDoc('active-imp', { state: 'active' }), 'b.json');
    await history.saveCheckpoint(makeDoc('live', { state: 'active' }), NOW);
    await history.delete('stopped-imp');
    await history.delete('active-imp');
    await assert.rejects(history.delete('live'), /is an active capture/);
    assert.deepEqual(await storedKeys(history, 'records'), ['live']);
    assert.deepEqual(await storedKeys(history, 'documents'), ['live']);
  });

  it('is found by search: by the word imported, its file name and its evidence', async () => {
    await importDoc(makeDoc('imp', { name: 'Checkout', bodyText: 'marmalade-99' }), 'bsk-checkout.json');
    await history.saveCheckpoint(makeDoc('here', { name: 'Captured' }), NOW);
    const found = async (/** @type {string} */ q) => (await history.search(q)).map((m) => m.run_id);
    assert.deepEqual(await found('imported'), ['imp']);
    assert.deepEqual(await found('bsk-checkout.json'), ['imp']);
    assert.deepEqual(await found('marmalade-99'), ['imp']);
  });
});

describe('retention of imported records', () => {
  it('an import that makes 51 evicts the oldest stopped record, not the import', async () => {
    const runIds = ids('run', 50);
    for (const [i, runId] of runIds.entries()) {
      await history.saveCheckpoint(makeDoc(runId, { startedAt: NOW - DAY + i * MINUTE }), NOW);
    }
    const ack = await importDoc(makeDoc('imp', { startedAt: NOW - 90 * DAY }), 'old.json');
    assert.deepEqual(ack.evicted, ['run000']);
    const keys = await storedKeys(history, 'records');
    assert.equal(keys.length, 50);
    assert.ok(keys.includes('imp'));
    assert.deepEqual(await storedKeys(history, 'documents'), keys);
  });

  it('an imported active snapshot is evicted by later checkpoints like a stopped record', async () => {
    await importDoc(makeDoc('imp', { state: 'active' }), 'snap.json', NOW - 2 * DAY);
    const runIds = ids('run', 50);
    let last;
    for (const [i, runId] of runIds.entries()) {
      last = await history.saveCheckpoint(makeDoc(runId, { startedAt: NOW - DAY + i * MINUTE }), NOW);
    }
    assert.deepEqual(last.evicted, ['imp']);
  });

  it('an imported record goes 30 days after its import', async () => {
    await importDoc(makeDoc('imp'), 'a.json', NOW - 30 * DAY - 1);
    const ack = await history.saveCheckpoint(makeDoc('today'), NOW);
    assert.deepEqual(ack.evicted, ['imp']);
  });

  it('refuses a file larger than history’s 50 MiB, changing nothing', async () => {
    await history.saveCheckpoint(makeDoc('kept'), NOW);
    const before = await everything();
    await assert.rejects(importDoc(makeDoc('huge', { bodyText: 'x'.repeat(50 * MIB) }), 'huge.json'),
      { message: 'the record is larger than history\'s 50 MiB total; nothing was changed' });
    assert.deepEqual(await everything(), before);
  });

  it('refuses when only active captures fill history, changing nothing', async () => {
    for (const runId of ids('live', 50)) {
      await history.saveCheckpoint(makeDoc(runId, { state: 'active' }), NOW);
    }
    const before = await everything();
    await assert.rejects(importDoc(makeDoc('imp'), 'imp.json'), /history is full of active captures/);
    assert.deepEqual(await everything(), before);
  });
});
