// Automatic retention: "History keeps recent stopped records for 30 days, up to 50 records /
// 50 MiB total, evicting the oldest stopped records first. Active captures are protected within
// these limits." (the website-debugging contract, "History and export", "Bounds and lifecycle";
// docs/debugging.md#reading-evidence-as-a-person)

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { planEvictions } from '../../extension/lib/retention.js';
import {
  HISTORY_MAX_AGE_MS, HISTORY_MAX_BYTES, HISTORY_MAX_RECORDS,
} from '../../extension/lib/constants.js';
import {
  DAY, MIB, MINUTE, NOW, freshHistory, ids, makeDoc, makeMeta, storedKeys,
} from './builders.js';

/** `n` stopped metas, started one minute apart, the first the oldest. */
function stoppedMetas(n, { prefix = 's', bytes = 50_000 } = {}) {
  return ids(prefix, n).map((id, i) => makeMeta(id, { startedAt: NOW - DAY + i * MINUTE, bytes }));
}

describe('the bounds are the contract’s', () => {
  it('30 days, 50 records, 50 MiB', () => {
    assert.equal(HISTORY_MAX_AGE_MS, 30 * 24 * 60 * 60 * 1000);
    assert.equal(HISTORY_MAX_RECORDS, 50);
    assert.equal(HISTORY_MAX_BYTES, 50 * 1024 * 1024);
  });
});

describe('planEvictions', () => {
  it('keeps 50 stopped records', () => {
    assert.deepEqual(planEvictions(stoppedMetas(50), NOW), []);
  });

  it('evicts the oldest stopped record of 51, whatever the input order', () => {
    const metas = stoppedMetas(51);
    const shuffled = [...metas.slice(20), ...metas.slice(0, 20).reverse()];
    assert.deepEqual(planEvictions(shuffled, NOW), ['s000']);
  });

  it('evicts as many of the oldest as it takes to get back to 50, oldest first', () => {
    const metas = stoppedMetas(53);
    assert.deepEqual(planEvictions(metas.slice().reverse(), NOW), ['s000', 's001', 's002']);
  });

  it('never evicts an active record, even the oldest: the oldest stopped one goes', () => {
    const active = makeMeta('active', { state: 'active', startedAt: NOW - 2 * DAY });
    const metas = [active, ...stoppedMetas(50)];
    assert.deepEqual(planEvictions(metas, NOW), ['s000']);
  });

  it('evicts nothing when only active records are over the count', () => {
    const metas = ids('a', 51).map((id, i) => makeMeta(id, { state: 'active', startedAt: NOW - DAY + i }));
    assert.deepEqual(planEvictions(metas, NOW), []);
  });

  it('counts active records toward the bound and evicts stopped ones to make room', () => {
    const actives = ids('a', 49).map((id, i) => makeMeta(id, { state: 'active', startedAt: NOW - 3 * DAY + i }));
    const metas = [...actives, ...stoppedMetas(3)];
    // 52 records, 49 of them protected: the two oldest stopped records go.
    assert.deepEqual(planEvictions(metas, NOW), ['s000', 's001']);
  });

  it('evicts interrupted records like stopped ones', () => {
    const interrupted = makeMeta('interrupted', { state: 'interrupted', startedAt: NOW - 2 * DAY });
    const metas = [...stoppedMetas(50), interrupted];
    assert.deepEqual(planEvictions(metas, NOW), ['interrupted']);
  });

  it('keeps exactly 50 MiB', () => {
    const metas = [
      makeMeta('old', { startedAt: NOW - 2 * DAY, bytes: 25 * MIB }),
      makeMeta('new', { startedAt: NOW - DAY, bytes: 25 * MIB }),
    ];
    assert.deepEqual(planEvictions(metas, NOW), []);
  });

  it('evicts the oldest stopped record when the total passes 50 MiB', () => {
    const metas = [
      makeMeta('new', { startedAt: NOW - DAY, bytes: 25 * MIB }),
      makeMeta('old', { startedAt: NOW - 2 * DAY, bytes: 25 * MIB + 1 }),
    ];
    assert.deepEqual(planEvictions(metas, NOW), ['old']);
  });

  it('evicts only as many bytes as it takes', () => {
    const metas = [
      makeMeta('a', { startedAt: NOW - 4 * DAY, bytes: 20 * MIB }),
      makeMeta('b', { startedAt: NOW - 3 * DAY, bytes: 20 * MIB }),
      makeMeta('c', { startedAt: NOW - 2 * DAY, bytes: 20 * MIB }),
      makeMeta('d', { startedAt: NOW - DAY, bytes: 5 * MIB }),
    ];
    // 65 MiB: dropping `a` leaves 45 MiB.
    assert.deepEqual(planEvictions(metas, NOW), ['a']);
  });

  it('protects an active record that is the oldest and the largest: stopped ones go instead', () => {
    const metas = [
      makeMeta('active', { state: 'active', startedAt: NOW - 5 * DAY, bytes: 40 * MIB }),
      makeMeta('b', { startedAt: NOW - 3 * DAY, bytes: 8 * MIB }),
      makeMeta('c', { startedAt: NOW - 2 * DAY, bytes: 8 * MIB }),
      makeMeta('d', { startedAt: NOW - DAY, bytes: 1 * MIB }),
    ];
    // 57 MiB: `b` goes (49 MiB); `active` stays although it alone holds 40 MiB.
    assert.deepEqual(planEvictions(metas, NOW), ['b']);
  });

  it('keeps active records over 50 MiB on their own, evicting every stopped one', () => {
    const metas = [
      makeMeta('active', { state: 'active', startedAt: NOW - 5 * DAY, bytes: 60 * MIB }),
      makeMeta('b', { startedAt: NOW - 3 * DAY, bytes: MIB }),
      makeMeta('c', { startedAt: NOW - 2 * DAY, bytes: MIB }),
    ];
    assert.deepEqual(planEvictions(metas, NOW), ['b', 'c']);
  });

  it('evicts records stopped more than 30 days ago even under every total', () => {
    const metas = [
      makeMeta('expired', { startedAt: NOW - 31 * DAY, stoppedAt: NOW - 30 * DAY - 1 }),
      makeMeta('recent', { startedAt: NOW - 31 * DAY, stoppedAt: NOW - 29 * DAY }),
      makeMeta('edge', { startedAt: NOW - 31 * DAY, stoppedAt: NOW - 30 * DAY }),
    ];
    assert.deepEqual(planEvictions(metas, NOW), ['expired']);
  });

  it('measures age from stopped_at, not from when the capture started', () => {
    const metas = [makeMeta('long', { startedAt: NOW - 40 * DAY, stoppedAt: NOW - DAY })];
    assert.deepEqual(planEvictions(metas, NOW), []);
  });

  it('expires interrupted records too', () => {
    const metas = [makeMeta('lost', { state: 'interrupted', startedAt: NOW - 32 * DAY, stoppedAt: NOW - 31 * DAY })];
    assert.deepEqual(planEvictions(metas, NOW), ['lost']);
  });

  it('falls back to saved_at for a finished record without stopped_at', () => {
    const metas = [
      makeMeta('old', { startedAt: NOW - 40 * DAY, savedAt: NOW - 31 * DAY, stoppedAt: null }),
      makeMeta('new', { startedAt: NOW - 40 * DAY, savedAt: NOW - 29 * DAY, stoppedAt: null }),
    ];
    assert.deepEqual(planEvictions(metas, NOW), ['old']);
  });

  it('never expires an active record', () => {
    const metas = [makeMeta('forever', { state: 'active', startedAt: NOW - 90 * DAY, savedAt: NOW - 60 * DAY })];
    assert.deepEqual(planEvictions(metas, NOW), []);
  });

  it('counts expired records toward the 50 instead of evicting one more', () => {
    const expired = makeMeta('expired', { startedAt: NOW - 40 * DAY, stoppedAt: NOW - 35 * DAY });
    assert.deepEqual(planEvictions([expired, ...stoppedMetas(50)], NOW), ['expired']);
  });
});

describe('planEvictions with imported records', () => {
  it('evicts an imported snapshot of an active capture like a stopped record: it is not live', () => {
    const imported = makeMeta('imported', { state: 'active', startedAt: NOW - 3 * DAY, importedAt: NOW - 2 * DAY });
    assert.deepEqual(planEvictions([imported, ...stoppedMetas(50)], NOW), ['imported']);
  });

  it('still protects a captured active record next to an imported active one', () => {
    const live = makeMeta('live', { state: 'active', startedAt: NOW - 5 * DAY });
    const imported = makeMeta('imported', { state: 'active', startedAt: NOW - 4 * DAY, importedAt: NOW - 3 * DAY });
    assert.deepEqual(planEvictions([live, imported, ...stoppedMetas(49)], NOW), ['imported']);
  });

  it('counts an imported record’s 30 days from its import, not from its capture', () => {
    const metas = [
      // Captured two months ago, imported yesterday: readable for 29 more days.
      makeMeta('old-capture', { startedAt: NOW - 61 * DAY, stoppedAt: NOW - 60 * DAY, importedAt: NOW - DAY }),
      makeMeta('imported-long-ago', { startedAt: NOW - 40 * DAY, stoppedAt: NOW - 39 * DAY, importedAt: NOW - 30 * DAY - 1 }),
      makeMeta('active-imported-long-ago', { state: 'active', startedAt: NOW - 40 * DAY, importedAt: NOW - 31 * DAY }),
    ];
    assert.deepEqual(planEvictions(metas, NOW), ['active-imported-long-ago', 'imported-long-ago'], 'oldest import first');
  });

  it('puts an imported record in line by when it was imported', () => {
    // Imported an hour ago, though its capture is older than every other record.
    const imported = makeMeta('imported', { startedAt: NOW - 20 * DAY, importedAt: NOW - 60 * MINUTE });
    assert.deepEqual(planEvictions([imported, ...stoppedMetas(51)], NOW), ['s000', 's001']);
    // Imported before all of them: it goes first.
    const early = makeMeta('early', { startedAt: NOW - MINUTE, importedAt: NOW - 2 * DAY });
    assert.deepEqual(planEvictions([...stoppedMetas(50), early], NOW), ['early']);
  });
});

describe('retention through History.saveCheckpoint', () => {
  it('evicts the oldest stopped record in the save that makes 51, from both stores', async () => {
    const history = await freshHistory();
    try {
      const runIds = ids('run', 51);
      for (const [i, runId] of runIds.slice(0, 50).entries()) {
        const ack = await history.saveCheckpoint(makeDoc(runId, { startedAt: NOW - DAY + i * MINUTE }), NOW);
        assert.deepEqual(ack.evicted, [], `save ${i + 1} of 50 evicts nothing`);
      }
      assert.equal((await history.list()).length, 50);

      const ack = await history.saveCheckpoint(makeDoc(runIds[50], { startedAt: NOW - DAY + 50 * MINUTE }), NOW);
      assert.deepEqual(ack.evicted, ['run000']);

      const listed = (await history.list()).map((m) => m.run_id);
      assert.equal(listed.length, 50);
      assert.ok(!listed.includes('run000'));
      assert.ok(listed.includes('run050'));
      assert.equal(await history.get('run000'), null);
      const expected = runIds.slice(1).sort();
      assert.deepEqual(await storedKeys(history, 'records'), expected);
      assert.deepEqual(await storedKeys(history, 'documents'), expected);
    } finally {
      history.close();
    }
  });

  it('keeps an active record that is the oldest of 51; the oldest stopped one goes', async () => {
    const history = await freshHistory();
    try {
      await history.saveCheckpoint(makeDoc('active', { state: 'active', startedAt: NOW - 2 * DAY, savedAt: NOW - MINUTE }), NOW);
      const runIds = ids('run', 50);
      let last;
      for (const [i, runId] of runIds.entries()) {
        last = await history.saveCheckpoint(makeDoc(runId, { startedAt: NOW - DAY + i * MINUTE }), NOW);
      }
      assert.deepEqual(last.evicted, ['run000']);
      const keys = await storedKeys(history, 'records');
      assert.equal(keys.length, 50);
      assert.ok(keys.includes('active'));
      assert.ok(!keys.includes('run000'));
      assert.deepEqual(await storedKeys(history, 'documents'), keys);
      assert.equal((await history.get('active')).meta.state, 'active');
    } finally {
      history.close();
    }
  });

  it('evicts by total bytes (50 MiB of documents), protecting an older active record', async () => {
    const history = await freshHistory();
    try {
      const big = (c) => c.repeat(18 * MIB);
      const active = await history.saveCheckpoint(
        makeDoc('active', { state: 'active', startedAt: NOW - 3 * DAY, savedAt: NOW - MINUTE, bodyText: big('a') }), NOW);
      const older = await history.saveCheckpoint(
        makeDoc('older', { startedAt: NOW - 2 * DAY, bodyText: big('b') }), NOW);
      assert.ok(active.bytes > 18 * MIB && older.bytes > 18 * MIB);
      assert.deepEqual(older.evicted, [], '36 MiB is within the bound');

      const newer = await history.saveCheckpoint(makeDoc('newer', { startedAt: NOW - DAY, bodyText: big('c') }), NOW);
      assert.deepEqual(newer.evicted, ['older']);
      assert.deepEqual(await storedKeys(history, 'records'), ['active', 'newer']);
      assert.deepEqual(await storedKeys(history, 'documents'), ['active', 'newer']);
      const total = (await history.list()).reduce((sum, m) => sum + m.bytes, 0);
      assert.ok(total <= 50 * MIB, `${total} bytes kept`);
    } finally {
      history.close();
    }
  });

  it('counts stored size in UTF-8 bytes, not UTF-16 units', async () => {
    const history = await freshHistory();
    try {
      const plain = await history.saveCheckpoint(makeDoc('plain', { bodyText: 'e'.repeat(100_000) }), NOW);
      const accented = await history.saveCheckpoint(makeDoc('accented', { bodyText: 'é'.repeat(100_000) }), NOW);
      assert.equal(accented.bytes - plain.bytes, 100_000 + ('accented'.length - 'plain'.length));
      assert.equal((await history.get('accented')).meta.bytes, accented.bytes);
    } finally {
      history.close();
    }
  });

  it('evicts a record stopped more than 30 days ago when another is saved', async () => {
    const history = await freshHistory();
    try {
      const started = NOW - 40 * DAY;
      await history.saveCheckpoint(makeDoc('old', { startedAt: started, savedAt: started + MINUTE }), started + MINUTE);
      await history.saveCheckpoint(makeDoc('kept', { startedAt: NOW - 20 * DAY }), NOW - 20 * DAY);
      assert.deepEqual(await storedKeys(history, 'records'), ['kept', 'old'], 'both were recent when saved');

      const ack = await history.saveCheckpoint(makeDoc('today', { startedAt: NOW - MINUTE, savedAt: NOW }), NOW);
      assert.deepEqual(ack.evicted, ['old']);
      assert.deepEqual(await storedKeys(history, 'records'), ['kept', 'today']);
      assert.deepEqual(await storedKeys(history, 'documents'), ['kept', 'today']);
    } finally {
      history.close();
    }
  });

  it('evicts an interrupted record like a stopped one', async () => {
    const history = await freshHistory();
    try {
      await history.saveCheckpoint(makeDoc('interrupted', { state: 'interrupted', startedAt: NOW - 2 * DAY }), NOW);
      const runIds = ids('run', 50);
      let last;
      for (const [i, runId] of runIds.entries()) {
        last = await history.saveCheckpoint(makeDoc(runId, { startedAt: NOW - DAY + i * MINUTE }), NOW);
      }
      assert.deepEqual(last.evicted, ['interrupted']);
      assert.deepEqual(await storedKeys(history, 'records'), runIds);
      assert.deepEqual(await storedKeys(history, 'documents'), runIds);
    } finally {
      history.close();
    }
  });
});
