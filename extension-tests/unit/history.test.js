// Browser-local history over (fake) IndexedDB: checkpoints, reads, export, delete, recovery and
// search ("History and export" in the website-debugging contract). Each test opens a fresh
// database.

import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';

import { digestOf, interrupt, metaOf } from '../../extension/lib/record.js';
import { HEARTBEAT_STALE_MS, RECORD_SCHEMA } from '../../extension/lib/constants.js';
import {
  LEGACY_META,
  DAY, FIXTURE, MINUTE, NOW, freshHistory, getRaw, makeDoc, putRaw, storedKeys,
} from './builders.js';

/** @type {import('../../extension/lib/history.js').History} */
let history;
beforeEach(async () => { history = await freshHistory(); });
afterEach(() => { history.close(); });

describe('saveCheckpoint', () => {
  it('counts checkpoints of the same run', async () => {
    const started = NOW - 10 * MINUTE;
    const acks = [];
    for (let i = 0; i < 3; i += 1) {
      const doc = makeDoc('run1', { state: 'active', startedAt: started, savedAt: started + i * 2000 });
      acks.push(await history.saveCheckpoint(doc, started + i * 2000));
    }
    assert.deepEqual(acks.map((a) => a.checkpoints), [1, 2, 3]);
    assert.deepEqual(acks.map((a) => a.saved_at), [started, started + 2000, started + 4000]);
    assert.equal(acks[2].run_id, 'run1');
    assert.equal((await history.get('run1')).meta.checkpoints, 3);
    const final = await history.saveCheckpoint(makeDoc('run1', { startedAt: started, savedAt: started + 9000 }), NOW);
    assert.equal(final.checkpoints, 4);
    assert.equal((await history.list()).length, 1);
  });

  it('stores the text with the digest the daemon sends, without parsing it', async () => {
    const doc = makeDoc('run1', { state: 'active', name: 'Save fails' });
    const json = JSON.stringify(doc);
    const digest = digestOf(doc);
    const ack = await history.saveCheckpoint(json, NOW, 4321, digest);
    assert.equal(ack.run_id, 'run1');
    assert.equal(ack.saved_at, doc.saved_at);
    const { meta, doc: stored } = await history.get('run1');
    assert.deepEqual(meta, metaOf(doc, { checkpoints: 1, bytes: 4321 }));
    assert.deepEqual(stored, doc);
    // What lists show comes from the digest alone: the text past its first bytes is not read.
    const other = makeDoc('run2', { state: 'active' });
    const unread = `{"version":1,"saved_at":${other.saved_at},"run":{"run_id":"run2", and no JSON beyond`;
    await history.saveCheckpoint(unread, NOW, unread.length, digestOf(other));
    const listed = (await history.list()).find((r) => r.run_id === 'run2');
    assert.deepEqual(listed?.counts, { requests: 7, console: 5, operations: 6, pages: 1 });
  });

  it('refuses a checkpoint whose digest is malformed or another text\'s, and stores nothing', async () => {
    const doc = makeDoc('run1', { state: 'active' });
    await assert.rejects(
      history.saveCheckpoint(JSON.stringify(doc), NOW, 10, { ...digestOf(doc), counts: null }),
      /digest is malformed \(counts\); nothing was stored/,
    );
    const other = digestOf(makeDoc('run2', { state: 'active' }));
    await assert.rejects(
      history.saveCheckpoint(JSON.stringify(doc), NOW, 10, other),
      /digest \(run run2, saved at \d+\) is not that of its text; nothing was stored/,
    );
    await assert.rejects(
      history.saveCheckpoint(JSON.stringify(doc), NOW, 10, { ...digestOf(doc), saved_at: doc.saved_at + 1 }),
      /is not that of its text/,
    );
    assert.deepEqual(await history.list(), []);
  });

  it('derives the metadata lists read from the latest document', async () => {
    const first = makeDoc('run1', { state: 'active', name: 'Save fails' });
    first.requests = first.requests.slice(0, 2);
    first.console = [];
    await history.saveCheckpoint(first, NOW);
    let { meta } = await history.get('run1');
    assert.equal(meta.url, 'http://127.0.0.1:18123/demo');
    assert.deepEqual(meta.counts, { requests: 2, console: 0, operations: 6, pages: 1 });
    assert.equal(meta.failures, 0);
    assert.equal(meta.state, 'active');
    assert.equal(meta.name, 'Save fails');
    assert.equal(meta.session, FIXTURE.run.session);

    const second = makeDoc('run1', { name: 'Save fails' });
    second.pages[0].url = 'http://127.0.0.1:18123/demo?reloaded';
    const ack = await history.saveCheckpoint(second, NOW);
    ({ meta } = await history.get('run1'));
    assert.equal(meta.url, 'http://127.0.0.1:18123/demo?reloaded', 'url is the first page load');
    assert.deepEqual(meta.counts, { requests: 7, console: 5, operations: 6, pages: 1 });
    assert.equal(meta.failures, 2, 'two 404s');
    assert.equal(meta.state, 'stopped');
    assert.deepEqual(meta.stop_reason, { kind: 'stopped' });
    assert.equal(meta.stopped_at, second.run.stopped_at);
    assert.equal(meta.saved_at, second.saved_at);
    assert.equal(meta.bytes, ack.bytes);
    assert.equal(meta.bytes, Buffer.byteLength(JSON.stringify(second), 'utf8'));
    assert.equal(meta.schema, RECORD_SCHEMA);
    assert.ok(!('imported' in meta), 'a captured record is not marked imported');
  });

  it('takes the size the daemon sends with the text, and measures the document without one', async () => {
    const doc = makeDoc('run1');
    const measured = Buffer.byteLength(JSON.stringify(doc), 'utf8');
    assert.equal((await history.saveCheckpoint(doc, NOW, 123_456)).bytes, 123_456);
    assert.equal((await history.get('run1')).meta.bytes, 123_456);
    for (const size of [undefined, 0, -5, 1.5, Number.NaN]) {
      assert.equal((await history.saveCheckpoint(doc, NOW, size)).bytes, measured, `size ${size}`);
    }
  });

  it('stores the document as the JSON text the daemon sent, and reads it back as the document', async () => {
    const doc = makeDoc('run1', { bodyText: 'caf\u00e9 \u2014 r\u00e9sum\u00e9' });
    const json = JSON.stringify(doc);
    const ack = await history.saveCheckpoint(json, NOW);
    assert.equal(ack.bytes, Buffer.byteLength(json, 'utf8'), 'measured from the text when no size comes');
    assert.deepEqual(await getRaw(history, 'documents', 'run1'), { run_id: 'run1', json },
      'one string, exactly as sent: IndexedDB copies it in one piece');
    assert.deepEqual((await history.get('run1')).doc, doc);
    assert.deepEqual(JSON.parse(await history.exportJson('run1')), doc);

    await history.saveCheckpoint(makeDoc('run2'), NOW);
    assert.equal(typeof (await getRaw(history, 'documents', 'run2')).json, 'string',
      'a document given as an object is stored as text too');
  });

  it('refuses a checkpoint that is not JSON text, and stores nothing', async () => {
    await assert.rejects(history.saveCheckpoint('{"version": 1, "run": ', NOW), /a checkpoint is not JSON text .*nothing was stored/);
    await assert.rejects(history.saveCheckpoint('{"version": 99}', NOW), /not an export document of version 1/);
    assert.deepEqual(await storedKeys(history, 'records'), []);
    assert.deepEqual(await storedKeys(history, 'documents'), []);
  });

  it('never turns a stopped record back to active on a late active checkpoint', async () => {
    const started = NOW - 10 * MINUTE;
    await history.saveCheckpoint(makeDoc('run1', { state: 'active', startedAt: started, savedAt: started + 2000 }), NOW);
    const stopped = makeDoc('run1', { startedAt: started, savedAt: started + 5000 });
    await history.saveCheckpoint(stopped, NOW);

    const late = makeDoc('run1', { state: 'active', startedAt: started, savedAt: started + 4000 });
    late.requests = [];
    const ack = await history.saveCheckpoint(late, NOW);
    assert.equal(ack.checkpoints, 2, 'the late checkpoint is not counted');
    assert.equal(ack.saved_at, stopped.saved_at);
    assert.deepEqual(ack.evicted, []);

    const record = await history.get('run1');
    assert.equal(record.meta.state, 'stopped');
    assert.equal(record.meta.checkpoints, 2);
    assert.deepEqual(record.doc, stopped);
  });

  it('refuses a document that is not version 1, and stores nothing', async () => {
    const v2 = { ...makeDoc('run2'), version: 2 };
    await assert.rejects(history.saveCheckpoint(v2, NOW), { message: /not an export document of version 1/ });
    await assert.rejects(history.saveCheckpoint(/** @type {any} */ (null), NOW), /version 1/);
    const noRun = makeDoc('run3');
    delete noRun.run.run_id;
    await assert.rejects(history.saveCheckpoint(noRun, NOW), /version 1/);
    assert.deepEqual(await history.list(), []);
    assert.deepEqual(await storedKeys(history, 'documents'), []);
  });

  it('reports a storage failure with what it was doing', async () => {
    history.close();
    await assert.rejects(history.saveCheckpoint(makeDoc('run1'), NOW),
      { message: /^could not save checkpoint of run1: InvalidStateError/ });
    history = await freshHistory();
  });
});

describe('get, list and exportJson', () => {
  it('exports exactly the saved document', async () => {
    const doc = makeDoc('run1');
    await history.saveCheckpoint(doc, NOW);
    const text = await history.exportJson('run1');
    assert.equal(typeof text, 'string');
    assert.deepEqual(JSON.parse(text), doc);
    assert.equal(JSON.parse(text).version, 1);
  });

  it('exports the real fixture unchanged', async () => {
    // The fixture is from a real run: save it at its own time (at NOW it is over 30 days old).
    await history.saveCheckpoint(structuredClone(FIXTURE), FIXTURE.saved_at);
    assert.deepEqual(JSON.parse(await history.exportJson('run1')), FIXTURE);
    const { meta, doc } = await history.get('run1');
    assert.deepEqual(doc, FIXTURE);
    assert.equal(meta.run_id, 'run1');
  });

  it('exports an active record as its latest point-in-time checkpoint', async () => {
    const started = NOW - 10 * MINUTE;
    await history.saveCheckpoint(makeDoc('live', { state: 'active', startedAt: started, savedAt: started + 2000 }), NOW);
    const latest = makeDoc('live', { state: 'active', startedAt: started, savedAt: started + 4000 });
    await history.saveCheckpoint(latest, NOW);
    assert.deepEqual(JSON.parse(await history.exportJson('live')), latest);
  });

  it('returns null for an unknown record, and exportJson says which one is missing', async () => {
    assert.equal(await history.get('nope'), null);
    await assert.rejects(history.exportJson('nope'), { message: 'no record nope in history' });
  });

  it('lists metadata only, newest first', async () => {
    await history.saveCheckpoint(makeDoc('older', { startedAt: NOW - 2 * DAY }), NOW);
    await history.saveCheckpoint(makeDoc('newest', { startedAt: NOW - MINUTE }), NOW);
    await history.saveCheckpoint(makeDoc('middle', { startedAt: NOW - DAY }), NOW);
    const list = await history.list();
    assert.deepEqual(list.map((m) => m.run_id), ['newest', 'middle', 'older']);
    for (const meta of list) {
      assert.ok(!('requests' in meta) && !('doc' in meta) && !('console' in meta), 'no evidence in a list');
      assert.equal(meta.counts.requests, 7);
    }
  });
});

describe('delete', () => {
  it('refuses an active record and says how to stop it first', async () => {
    await history.saveCheckpoint(makeDoc('live', { state: 'active' }), NOW);
    await assert.rejects(history.delete('live'), (error) => {
      assert.match(error.message, /live/);
      assert.match(error.message, /active capture/);
      assert.match(error.message, /stop it \(bsk debug stop\) before deleting it/);
      return true;
    });
    assert.deepEqual(await storedKeys(history, 'records'), ['live']);
    assert.deepEqual(await storedKeys(history, 'documents'), ['live']);
  });

  it('deletes a stopped record from both stores, leaving the others', async () => {
    await history.saveCheckpoint(makeDoc('gone'), NOW);
    await history.saveCheckpoint(makeDoc('kept'), NOW);
    await history.delete('gone');
    assert.equal(await history.get('gone'), null);
    assert.deepEqual(await storedKeys(history, 'records'), ['kept']);
    assert.deepEqual(await storedKeys(history, 'documents'), ['kept']);
    assert.deepEqual((await history.list()).map((m) => m.run_id), ['kept']);
  });

  it('deletes an interrupted record', async () => {
    await history.saveCheckpoint(makeDoc('lost', { state: 'interrupted' }), NOW);
    await history.delete('lost');
    assert.deepEqual(await storedKeys(history, 'records'), []);
    assert.deepEqual(await storedKeys(history, 'documents'), []);
  });

  it('says when there is no such record', async () => {
    await assert.rejects(history.delete('nope'), { message: 'no record nope in history' });
  });
});

describe('recover', () => {
  const SAVED = NOW - 2 * MINUTE;

  /** An active checkpoint with a pending body, a pending request and a running operation. */
  function liveDoc(runId = 'live', savedAt = SAVED) {
    const doc = makeDoc(runId, { state: 'active', startedAt: savedAt - 5 * MINUTE, savedAt });
    const save = doc.requests.find((r) => r.id === 'r6');
    save.state = 'pending';
    delete save.status;
    save.response_body = { state: 'pending', units: 0 };
    const profile = doc.requests.find((r) => r.id === 'r2');
    profile.request_body = { state: 'pending', units: 0 };
    doc.operations.find((o) => o.id === 'o5').state = 'running';
    return doc;
  }

  it('marks an abandoned active record interrupted from its latest checkpoint', async () => {
    const doc = liveDoc();
    await history.saveCheckpoint(liveDoc('live', SAVED - 4000), SAVED - 4000);
    await history.saveCheckpoint(doc, SAVED);

    assert.deepEqual(await history.recover(NOW), ['live']);

    const { meta, doc: recovered } = await history.get('live');
    assert.equal(recovered.run.state, 'interrupted');
    assert.deepEqual(recovered.run.stop_reason, { kind: 'recovered' });
    assert.equal(recovered.run.stopped_at, SAVED);
    assert.equal(recovered.saved_at, SAVED, 'the checkpoint time is kept: nothing newer was seen');

    const save = recovered.requests.find((r) => r.id === 'r6');
    assert.equal(save.state, 'unfinished');
    assert.deepEqual(save.response_body, { state: 'unavailable', reason: 'capture_stopped', units: 0 });
    assert.deepEqual(save.request_body, doc.requests.find((r) => r.id === 'r6').request_body, 'available body untouched');
    assert.equal(save.request_body.state, 'available');
    const profile = recovered.requests.find((r) => r.id === 'r2');
    assert.deepEqual(profile.request_body, { state: 'unavailable', reason: 'capture_stopped', units: 0 });
    assert.equal(profile.state, 'complete');
    assert.equal(recovered.operations.find((o) => o.id === 'o5').state, 'interrupted');
    assert.ok(recovered.operations.filter((o) => o.id !== 'o5').every((o) => o.state === 'completed'));
    assert.deepEqual(recovered, interrupt(doc));

    // The list reads the new state without opening the document.
    const [listed] = await history.list();
    assert.deepEqual(listed, meta);
    assert.equal(listed.state, 'interrupted');
    assert.deepEqual(listed.stop_reason, { kind: 'recovered' });
    assert.equal(listed.stopped_at, SAVED);
    assert.equal(listed.checkpoints, 2, 'recovery is not a checkpoint');
    assert.equal(listed.bytes, Buffer.byteLength(JSON.stringify(recovered), 'utf8'),
      'retention counts the size of the document as stored after recovery');
    assert.equal(listed.failures, 2, 'the two 404s; the unfinished request is not a failure');

    assert.deepEqual(await history.recover(NOW + MINUTE), [], 'recovery happens once');
    assert.deepEqual(await history.search('interrupted'), [listed]);
  });

  it('lets an interrupted record be deleted and evicted afterwards', async () => {
    await history.saveCheckpoint(liveDoc(), SAVED);
    await history.recover(NOW);
    await history.delete('live');
    assert.deepEqual(await storedKeys(history, 'records'), []);
    assert.deepEqual(await storedKeys(history, 'documents'), []);
  });

  it('leaves a record that a live daemon reports active', async () => {
    const doc = liveDoc();
    await history.saveCheckpoint(doc, SAVED);
    await history.heartbeat({ daemon_id: 'd1', at: NOW - 2000, active_runs: ['other', 'live'] });
    assert.deepEqual(await history.recover(NOW), []);
    const record = await history.get('live');
    assert.equal(record.meta.state, 'active');
    assert.deepEqual(record.doc, doc);
  });

  it('recovers a record that only a stale heartbeat reports', async () => {
    await history.saveCheckpoint(liveDoc(), SAVED);
    await history.heartbeat({ daemon_id: 'd1', at: NOW - HEARTBEAT_STALE_MS - 1, active_runs: ['live'] });
    assert.deepEqual(await history.recover(NOW), ['live']);
    assert.equal((await history.get('live')).meta.state, 'interrupted');
  });

  it('recovers a record that the live daemon no longer reports', async () => {
    await history.saveCheckpoint(liveDoc(), SAVED);
    await history.heartbeat({ daemon_id: 'd1', at: NOW - 1000, active_runs: [] });
    await history.heartbeat({ daemon_id: 'd0', at: NOW - 5 * MINUTE, active_runs: ['live'] });
    assert.deepEqual((await history.liveDaemons(NOW)).map((b) => b.daemon_id), ['d1']);
    assert.deepEqual(await history.recover(NOW), ['live']);
  });

  it('leaves a record saved within the stale period', async () => {
    const recent = NOW - HEARTBEAT_STALE_MS + 1000;
    const doc = liveDoc('recent', recent);
    await history.saveCheckpoint(doc, recent);
    assert.deepEqual(await history.recover(NOW), []);
    assert.deepEqual((await history.get('recent')).doc, doc);
    assert.equal((await history.list())[0].state, 'active');
  });

  it('leaves stopped and interrupted records untouched', async () => {
    const stopped = makeDoc('stopped', { startedAt: NOW - DAY });
    const lost = makeDoc('lost', { state: 'interrupted', startedAt: NOW - DAY });
    await history.saveCheckpoint(stopped, NOW - DAY);
    await history.saveCheckpoint(lost, NOW - DAY);
    const before = await history.list();
    assert.deepEqual(await history.recover(NOW), []);
    assert.deepEqual(await history.list(), before);
    assert.deepEqual((await history.get('stopped')).doc, stopped);
    assert.deepEqual((await history.get('lost')).doc, lost);
  });

  it('recovers only the abandoned records of a mixed history', async () => {
    await history.saveCheckpoint(liveDoc('abandoned'), SAVED);
    await history.saveCheckpoint(liveDoc('reported'), SAVED);
    await history.saveCheckpoint(liveDoc('fresh', NOW - 1000), NOW - 1000);
    await history.saveCheckpoint(makeDoc('done'), NOW);
    await history.heartbeat({ daemon_id: 'd1', at: NOW - 500, active_runs: ['reported'] });
    assert.deepEqual(await history.recover(NOW), ['abandoned']);
    const states = Object.fromEntries((await history.list()).map((m) => [m.run_id, m.state]));
    assert.deepEqual(states, { abandoned: 'interrupted', reported: 'active', fresh: 'active', done: 'stopped' });
  });

  // A daemon that stops cleanly says goodbye (`bskLink.goodbye`) right before it closes its
  // connection: it is not live from then on, and what it still held active is recovered at once.
  // One that crashes says nothing, and its records wait for the stale limit, as above.
  describe('after a goodbye', () => {
    it('the daemon is not live, and the captures it held are recovered without waiting', async () => {
      await history.saveCheckpoint(liveDoc('held', NOW - 1000), NOW - 1000);
      await history.saveCheckpoint(liveDoc('fresh', NOW - 1000), NOW - 1000);
      await history.heartbeat({ daemon_id: 'd1', daemon_version: '0.1.0', pid: 1, at: NOW - 1500, active_runs: ['held'] });
      assert.deepEqual(await history.recover(NOW), [], 'within the stale limit nothing is recovered');
      const gone = await history.goodbye({ daemon_id: 'd1', at: NOW - 100 }, NOW);
      assert.equal(gone.goodbye_at, NOW);
      assert.deepEqual(gone.active_runs, ['held'], 'what it last reported is kept');
      assert.deepEqual(await history.liveDaemons(NOW), []);
      // `fresh` was reported by no daemon: it still waits for the stale limit.
      assert.deepEqual(await history.recover(NOW), ['held']);
      const { meta, doc } = await history.get('held');
      assert.equal(meta.state, 'interrupted');
      assert.deepEqual(doc.run.stop_reason, { kind: 'recovered' });
      assert.equal((await history.get('fresh')).meta.state, 'active');
    });

    it('a heartbeat that arrives after the goodbye does not bring the daemon back', async () => {
      await history.heartbeat({ daemon_id: 'd1', daemon_version: '0.1.0', pid: 1, at: NOW - 1500, active_runs: [] });
      await history.goodbye({ daemon_id: 'd1', at: NOW - 100 }, NOW - 100);
      assert.equal(await history.heartbeat({ daemon_id: 'd1', daemon_version: '0.1.0', pid: 1, at: NOW, active_runs: ['x'] }), false);
      assert.deepEqual(await history.liveDaemons(NOW), []);
      // Another daemon (a new process has a new id) is live as usual.
      assert.equal(await history.heartbeat({ daemon_id: 'd2', daemon_version: '0.1.0', pid: 2, at: NOW, active_runs: [] }), true);
      assert.deepEqual((await history.liveDaemons(NOW)).map((d) => d.daemon_id), ['d2']);
    });

    it('a record another live daemon reports stays active; a stopped one stays stopped', async () => {
      await history.saveCheckpoint(liveDoc('moved', NOW - 1000), NOW - 1000);
      await history.saveCheckpoint(makeDoc('done'), NOW - 1000);
      await history.heartbeat({ daemon_id: 'd1', daemon_version: '0.1.0', pid: 1, at: NOW - 1500, active_runs: ['moved', 'done'] });
      await history.heartbeat({ daemon_id: 'd2', daemon_version: '0.1.0', pid: 2, at: NOW - 500, active_runs: ['moved'] });
      await history.goodbye({ daemon_id: 'd1', at: NOW }, NOW);
      assert.deepEqual(await history.recover(NOW), []);
      const states = Object.fromEntries((await history.list()).map((m) => [m.run_id, m.state]));
      assert.deepEqual(states, { moved: 'active', done: 'stopped' });
    });

    it('a goodbye from a daemon never heard is remembered too', async () => {
      await history.goodbye({ daemon_id: 'd9', at: NOW }, NOW);
      assert.deepEqual(await history.liveDaemons(NOW), []);
      assert.equal(await history.heartbeat({ daemon_id: 'd9', daemon_version: '0.1.0', pid: 9, at: NOW, active_runs: [] }), false);
    });
  });
});

describe('search', () => {
  beforeEach(async () => {
    const login = makeDoc('runA', { name: 'Login broken', startedAt: NOW - 3 * MINUTE, bodyText: 'upstream said xylophone-42' });
    login.pages[0].url = 'http://shop.test/login';
    login.console[2].text = 'checkout quokka overflow';
    await history.saveCheckpoint(login, NOW);

    const save = makeDoc('runB', { name: 'Save fails', startedAt: NOW - 2 * MINUTE });
    await history.saveCheckpoint(save, NOW);

    const live = makeDoc('runC', { name: 'Cart total', state: 'active', startedAt: NOW - MINUTE, savedAt: NOW });
    live.pages[0].url = 'http://shop.test/cart';
    await history.saveCheckpoint(live, NOW);

    await history.saveCheckpoint(makeDoc('runD', { name: 'Flaky upload', state: 'interrupted', startedAt: NOW - 4 * MINUTE }), NOW);
  });

  const found = async (query) => (await history.search(query)).map((m) => m.run_id);

  it('lists every record for an empty query, newest first', async () => {
    assert.deepEqual(await found(''), ['runC', 'runB', 'runA', 'runD']);
    assert.deepEqual(await found('   '), ['runC', 'runB', 'runA', 'runD']);
  });

  it('finds by name, case-insensitively', async () => {
    assert.deepEqual(await found('login'), ['runA']);
    assert.deepEqual(await found('SAVE Fails'), ['runB']);
  });

  it('finds by page URL', async () => {
    assert.deepEqual(await found('shop.test/cart'), ['runC']);
    assert.deepEqual(await found('shop.test'), ['runC', 'runA']);
  });

  it('finds by state word', async () => {
    assert.deepEqual(await found('active'), ['runC']);
    assert.deepEqual(await found('interrupted'), ['runD']);
    assert.deepEqual(await found('stopped'), ['runB', 'runA']);
  });

  it('finds text that is only inside a response body', async () => {
    assert.deepEqual(await found('xylophone-42'), ['runA']);
  });

  it('finds text that is only inside a console entry', async () => {
    assert.deepEqual(await found('quokka'), ['runA']);
  });

  it('finds text in page observations of operations', async () => {
    // "Error: EMAIL_TAKEN" is on the page after the save in every record built from the fixture.
    assert.deepEqual(await found('email_taken'), ['runC', 'runB', 'runA', 'runD']);
  });

  it('requires every word, from metadata or evidence alike', async () => {
    assert.deepEqual(await found('login quokka'), ['runA']);
    assert.deepEqual(await found('quokka xylophone-42 stopped'), ['runA']);
    assert.deepEqual(await found('cart quokka'), [], 'the words are in different records');
    assert.deepEqual(await found('login nowhere-to-be-found'), []);
    assert.deepEqual(await found('active login'), []);
  });
});

describe('migration on read', () => {
  const beforeSchema = LEGACY_META;

  it('lists, gets and searches a record stored before `schema` existed', async () => {
    await putRaw(history, 'records', beforeSchema);
    await putRaw(history, 'documents', { run_id: 'old1', doc: makeDoc('old1') });
    const [listed] = await history.list();
    assert.deepEqual(listed, { ...beforeSchema, schema: RECORD_SCHEMA, failures: null });
    const { meta } = await history.get('old1');
    assert.deepEqual(meta, listed);
    assert.deepEqual(await history.search('old record'), [listed]);
    assert.deepEqual(await history.search('email_taken'), [listed]);
    assert.deepEqual(JSON.parse(await history.exportJson('old1')), makeDoc('old1'));
  });

  it('recovers a record whose document was stored as an object, and stores it as text', async () => {
    const doc = makeDoc('old1', { state: 'active', savedAt: NOW - 10 * MINUTE });
    await putRaw(history, 'records', metaOf(doc, { checkpoints: 3, bytes: 1 }));
    await putRaw(history, 'documents', { run_id: 'old1', doc });
    assert.deepEqual(await history.recover(NOW), ['old1']);
    const stored = await getRaw(history, 'documents', 'old1');
    assert.equal(typeof stored.json, 'string');
    assert.ok(!('doc' in stored));
    const { meta, doc: recovered } = await history.get('old1');
    assert.equal(recovered.run.state, 'interrupted');
    assert.equal(meta.bytes, Buffer.byteLength(stored.json, 'utf8'));
  });

  it('brings an older record forward when a new checkpoint of it arrives', async () => {
    await putRaw(history, 'records', beforeSchema);
    await putRaw(history, 'documents', { run_id: 'old1', doc: makeDoc('old1') });
    const ack = await history.saveCheckpoint(makeDoc('old1', { savedAt: NOW }), NOW);
    assert.equal(ack.checkpoints, 5);
    const { meta } = await history.get('old1');
    assert.equal(meta.schema, RECORD_SCHEMA);
    assert.equal(meta.failures, 2, 'derived from the new document');
    assert.ok(!('imported' in meta));
  });
});
