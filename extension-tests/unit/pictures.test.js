// Filmstrip pictures in browser-local history: each arrives once (`bskLink.picture`) and is kept
// apart by [run_id, id]; a record's size counts them in the 50 MiB; deleting or evicting the
// record deletes them; Export writes them inline and Import splits them out again; a database of
// version 1 upgrades with its records readable. Each test opens a fresh (fake) IndexedDB.

import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { IDBFactory } from 'fake-indexeddb';

import { HISTORY_MAX_BYTES, MAX_PICTURE_BYTES, MAX_PICTURES, RECORD_SCHEMA } from '../../extension/lib/constants.js';
import { DB_VERSION } from '../../extension/lib/db.js';
import { exportDocumentErrors } from '../../extension/lib/document-errors.js';
import { History } from '../../extension/lib/history.js';
import { decodedLength, joinPictures, pictureProblem, splitPictures } from '../../extension/lib/pictures.js';
import { planEvictions } from '../../extension/lib/retention.js';
import { picturesDropped } from '../../extension/evidence/filmstrip.js';
import { MINUTE, NOW, freshHistory, makeDoc, makeMeta, storedKeys } from './builders.js';

/** @type {History} */
let history;
beforeEach(async () => { history = await freshHistory(); });
afterEach(() => { history?.close(); });

/**
 * A picture as the daemon sends it (`LinkPicture`): `size` bytes that stand in for a JPEG, with
 * their hash.
 * @param {string} runId
 * @param {string} id
 * @param {number} [size]
 */
function linkPicture(runId, id, size = 2048) {
  const bytes = randomBytes(size);
  return { run_id: runId, id, mime_type: 'image/jpeg', bytes: size, sha256: createHash('sha256').update(bytes).digest('hex'), base64: bytes.toString('base64') };
}

/**
 * An operation's reference to a picture, as a checkpoint carries it (no base64), or inline.
 * @param {ReturnType<typeof linkPicture>} picture
 * @param {{ inline?: boolean }} [o]
 */
function reference(picture, { inline = false } = {}) {
  const { run_id: _, base64, ...fields } = picture;
  return { ...fields, width: 640, height: 400, taken_at: NOW - MINUTE, ...(inline ? { base64 } : {}) };
}

/**
 * A document of `runId` whose first operations refer to `pictures`, in order.
 * @param {string} runId
 * @param {ReturnType<typeof linkPicture>[]} pictures
 * @param {{ inline?: boolean, state?: 'active' | 'stopped' }} [o]
 */
function docWithPictures(runId, pictures, { inline = false, state = 'stopped' } = {}) {
  const doc = makeDoc(runId, { state, startedAt: NOW - 10 * MINUTE });
  pictures.forEach((p, i) => { doc.operations[i].picture = reference(p, { inline }); });
  doc.run.coverage.screenshots = true;
  return doc;
}

describe('the bounds are bounds.rs’s', () => {
  it('40 pictures of 48 KiB', () => {
    const rust = readFileSync(new URL('../../actors/src/bounds.rs', import.meta.url), 'utf8');
    const value = (/** @type {string} */ name) => {
      const expression = rust.match(new RegExp(`pub const ${name}: usize = ([0-9 *]+);`))?.[1];
      assert.ok(expression, `${name} in actors/src/bounds.rs`);
      return expression.split('*').reduce((product, n) => product * Number(n.trim()), 1);
    };
    assert.equal(MAX_PICTURES, value('MAX_PICTURES'));
    assert.equal(MAX_PICTURE_BYTES, value('MAX_PICTURE_BYTES'));
  });

  it('say what was dropped, one or many', () => {
    assert.equal(picturesDropped(1), '1 picture dropped (at most 40, 48 KiB each)');
    assert.equal(picturesDropped(3), '3 pictures dropped (at most 40, 48 KiB each)');
  });
});

describe('a picture’s own checks', () => {
  it('accepts a picture as the daemon sends it', () => {
    assert.equal(pictureProblem(linkPicture('r', 'p1')), null);
    assert.equal(decodedLength('QUJD'), 3);
    assert.equal(decodedLength('QUI='), 2);
    assert.equal(decodedLength('QQ=='), 1);
    assert.equal(decodedLength('QQ='), null);
  });

  it('says what is wrong with one that cannot be stored', () => {
    const good = linkPicture('r', 'p1');
    assert.match(pictureProblem({ ...good, mime_type: 'image/svg+xml' }) ?? '', /type is "image\/svg\+xml", not one of image\/jpeg, image\/png/);
    assert.match(pictureProblem({ ...good, bytes: good.bytes + 1 }) ?? '', /base64 holds 2048 bytes, not the 2049 it declares/);
    assert.match(pictureProblem({ ...good, sha256: 'ABC' }) ?? '', /sha256 is not 64 lowercase hex digits/);
    assert.match(pictureProblem(linkPicture('r', 'p1', MAX_PICTURE_BYTES + 1)) ?? '', /over the 48 KiB a filmstrip picture may be/);
    assert.equal(pictureProblem(linkPicture('r', 'p1', MAX_PICTURE_BYTES)), null);
  });
});

describe('savePicture', () => {
  it('stores a picture once and reads it back by run', async () => {
    const p1 = linkPicture('run1', 'p1');
    assert.deepEqual(await history.savePicture(p1), { run_id: 'run1', id: 'p1' });
    // Sent again (a link that retried): stored once.
    assert.deepEqual(await history.savePicture(structuredClone(p1)), { run_id: 'run1', id: 'p1' });
    await history.savePicture(linkPicture('run2', 'p1'));
    const stored = await history.pictures('run1');
    assert.deepEqual([...stored.keys()], ['p1']);
    assert.deepEqual(stored.get('p1'), p1);
    assert.deepEqual([...(await history.pictures('run1', ['p1', 'p9'])).keys()], ['p1'], 'an id not stored is left out');
    assert.deepEqual(await storedKeys(history, 'pictures'), [['run1', 'p1'], ['run2', 'p1']]);
  });

  it('refuses a picture that is damaged, too large, another one under the same id, or past 40', async () => {
    const p1 = linkPicture('run1', 'p1');
    await assert.rejects(history.savePicture({ ...p1, sha256: '0'.repeat(64) }), /picture p1 of run run1 was not stored: its bytes do not match its sha256/);
    await assert.rejects(history.savePicture(linkPicture('run1', 'p2', MAX_PICTURE_BYTES + 3)), /over the 48 KiB/);
    await assert.rejects(history.savePicture({ ...p1, run_id: '' }), /names no run/);
    await history.savePicture(p1);
    await assert.rejects(history.savePicture(linkPicture('run1', 'p1')), /already stored with other content/);
    for (let i = 2; i <= MAX_PICTURES; i += 1) await history.savePicture(linkPicture('run1', `p${i}`, 16));
    await assert.rejects(history.savePicture(linkPicture('run1', 'p41', 16)), /already has 40 pictures, the most a capture keeps; picture p41 was not stored/);
    assert.equal((await history.pictures('run1')).size, MAX_PICTURES);
  });

  it('counts a picture that came before the record’s first checkpoint, and those after, in the record’s size', async () => {
    const p1 = linkPicture('run1', 'p1', 3000);
    const p2 = linkPicture('run1', 'p2', 5000);
    await history.savePicture(p1);
    await history.saveCheckpoint(docWithPictures('run1', [p1], { state: 'active' }), NOW);
    assert.deepEqual((await history.get('run1')).meta.pictures, { count: 1, bytes: 3000 });
    await history.savePicture(p2);
    await history.savePicture(p2);
    assert.deepEqual((await history.list())[0].pictures, { count: 2, bytes: 8000 }, 'counted once');
    const ack = await history.saveCheckpoint(docWithPictures('run1', [p1, p2]), NOW + 2000);
    const { meta, doc } = await history.get('run1');
    assert.deepEqual(meta.pictures, { count: 2, bytes: 8000 }, 'kept across checkpoints');
    assert.equal(meta.schema, RECORD_SCHEMA);
    assert.equal(meta.bytes, ack.bytes, 'the document’s own size is apart');
    assert.equal(doc.operations[1].picture.id, 'p2');
    assert.ok(!('base64' in doc.operations[1].picture), 'the checkpoint refers to the picture');
  });

  it('refuses a picture for an imported record', async () => {
    await history.importDocument(makeDoc('imp1'), { fileName: 'a.json', now: NOW });
    await assert.rejects(history.savePicture(linkPicture('imp1', 'p1')), /imported from a\.json; imported records are read-only, so picture p1 was not stored/);
    assert.deepEqual(await storedKeys(history, 'pictures'), []);
  });
});

describe('a record’s pictures go with it', () => {
  it('deleting a record deletes its pictures, and only its', async () => {
    const p1 = linkPicture('run1', 'p1');
    await history.savePicture(p1);
    await history.saveCheckpoint(docWithPictures('run1', [p1]), NOW);
    await history.savePicture(linkPicture('run2', 'p1'));
    await history.saveCheckpoint(docWithPictures('run2', []), NOW);
    await history.delete('run1');
    assert.deepEqual(await storedKeys(history, 'pictures'), [['run2', 'p1']]);
    assert.equal((await history.pictures('run1')).size, 0);
  });

  it('retention counts pictures in the 50 MiB, and evicting a record deletes its pictures', async () => {
    // An older stopped record just under the budget with its pictures; the next record's two
    // pictures take the total over it.
    const old = linkPicture('old', 'p1', 40_000);
    await history.savePicture(old);
    const oldDoc = docWithPictures('old', [old]);
    oldDoc.run.started_at = NOW - 20 * MINUTE;
    const oldJson = JSON.stringify(oldDoc);
    const oldSize = HISTORY_MAX_BYTES - 40_000 - 60_000;
    await history.saveCheckpoint(oldJson, NOW, oldSize);
    assert.deepEqual((await history.list()).map((m) => m.run_id), ['old'], 'within 50 MiB with its picture');

    const [a, b] = [linkPicture('new', 'p1', 40_000), linkPicture('new', 'p2', 40_000)];
    await history.savePicture(a);
    const first = await history.saveCheckpoint(JSON.stringify(docWithPictures('new', [a], { state: 'active' })), NOW, 10_000);
    assert.deepEqual(first.evicted, [], '50 MiB − 10 KB: everything fits');
    await history.savePicture(b);
    const second = await history.saveCheckpoint(JSON.stringify(docWithPictures('new', [a, b], { state: 'active' })), NOW + 2000, 10_000);
    assert.deepEqual(second.evicted, ['old'], 'the second picture took history over 50 MiB');
    assert.deepEqual(await storedKeys(history, 'pictures'), [['new', 'p1'], ['new', 'p2']]);
  });

  it('planEvictions counts a record’s pictures with its document', () => {
    const older = { ...makeMeta('older', { startedAt: NOW - 20 * MINUTE, bytes: HISTORY_MAX_BYTES / 2 }), pictures: { count: 2, bytes: 96 * 1024 } };
    const newer = makeMeta('newer', { bytes: HISTORY_MAX_BYTES / 2 });
    assert.deepEqual(planEvictions([older, newer], NOW), ['older']);
    assert.deepEqual(planEvictions([{ ...older, pictures: undefined }, newer], NOW), []);
  });

  it('recovery deletes pictures whose capture never saved a record, unless a live daemon holds it', async () => {
    await history.savePicture(linkPicture('lost', 'p1'));
    await history.savePicture(linkPicture('starting', 'p1'));
    await history.heartbeat({ daemon_id: 'd1', at: NOW, active_runs: ['starting'] });
    await history.recover(NOW);
    assert.deepEqual(await storedKeys(history, 'pictures'), [['starting', 'p1']]);
  });
});

describe('export and import carry pictures inline', () => {
  it('import splits inline pictures out; export joins them back into the same document', async () => {
    const pictures = [linkPicture('imp1', 'p1', 1200), linkPicture('imp1', 'p2', 3400)];
    const file = docWithPictures('imp1', pictures, { inline: true });
    assert.deepEqual(exportDocumentErrors(file), [], 'the validator accepts pictures inline');
    assert.deepEqual(exportDocumentErrors(docWithPictures('imp1', pictures)), [], 'and by reference');

    const ack = await history.importDocument(structuredClone(file), { fileName: 'with-pictures.json', now: NOW });
    const { meta, doc } = await history.get('imp1');
    assert.deepEqual(doc, docWithPictures('imp1', pictures), 'history keeps the document without base64');
    assert.equal(ack.bytes, Buffer.byteLength(JSON.stringify(doc), 'utf8'));
    assert.deepEqual(meta.pictures, { count: 2, bytes: 4600 });
    assert.deepEqual([...(await history.pictures('imp1')).values()], pictures);

    assert.deepEqual(JSON.parse(await history.exportJson('imp1')), file, 'exported as bsk debug export writes it');
    // Imported again elsewhere, the exported file is the same record.
    const again = await freshHistory();
    try {
      await again.importDocument(JSON.parse(await history.exportJson('imp1')), { fileName: 'again.json', now: NOW });
      assert.deepEqual(JSON.parse(await again.exportJson('imp1')), file);
    } finally {
      again.close();
    }
  });

  it('export leaves a picture that is not stored as a reference', async () => {
    const p1 = linkPicture('run1', 'p1');
    const p2 = linkPicture('run1', 'p2');
    await history.savePicture(p1);
    await history.saveCheckpoint(docWithPictures('run1', [p1, p2]), NOW);
    const exported = JSON.parse(await history.exportJson('run1'));
    assert.equal(exported.operations[0].picture.base64, p1.base64);
    assert.ok(!('base64' in exported.operations[1].picture));
    assert.deepEqual(exportDocumentErrors(exported), []);
  });

  it('refuses a file whose picture is damaged, naming it, and changes nothing', async () => {
    const file = docWithPictures('imp1', [linkPicture('imp1', 'p1'), linkPicture('imp1', 'p2')], { inline: true });
    file.operations[1].picture.sha256 = '0'.repeat(64);
    await assert.rejects(history.importDocument(file, { fileName: 'bad.json', now: NOW }), (e) => {
      assert.deepEqual(/** @type {any} */ (e).problems, ['/operations/1/picture: its bytes do not match its sha256 (damaged on the way)']);
      return true;
    });
    assert.deepEqual(await storedKeys(history, 'records'), []);
    assert.deepEqual(await storedKeys(history, 'pictures'), []);
  });

  it('split and join leave the document they are given as it was', async () => {
    const file = docWithPictures('imp1', [linkPicture('imp1', 'p1')], { inline: true });
    const copy = structuredClone(file);
    const { doc, pictures } = await splitPictures(file);
    assert.deepEqual(file, copy);
    const joined = joinPictures(doc, new Map(pictures.map((p) => [p.id, p])));
    assert.deepEqual(joined, file);
    assert.ok(!('base64' in doc.operations[0].picture));
  });
});

describe('upgrade from database version 1', () => {
  it('keeps what version 1 stored readable and adds the picture store', async () => {
    assert.equal(DB_VERSION, 2);
    const factory = new IDBFactory();
    const doc = makeDoc('v1run', { name: 'Before pictures' });
    const meta = { ...makeMeta('v1run'), schema: 2, name: 'Before pictures' };
    await new Promise((resolve, reject) => {
      const open = factory.open('bsk-history', 1);
      open.onupgradeneeded = () => {
        const db = open.result;
        db.createObjectStore('records', { keyPath: 'run_id' });
        db.createObjectStore('documents', { keyPath: 'run_id' });
        db.createObjectStore('meta');
      };
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction(['records', 'documents', 'meta'], 'readwrite');
        tx.objectStore('records').put(meta);
        tx.objectStore('documents').put({ run_id: 'v1run', json: JSON.stringify(doc) });
        tx.objectStore('meta').put({ browser: 'visible' }, 'automation');
        tx.oncomplete = () => { db.close(); resolve(undefined); };
        tx.onabort = () => reject(tx.error);
      };
      open.onerror = () => reject(open.error);
    });

    history.close();
    history = await History.open(factory);
    assert.equal(history.db.version, 2);
    assert.deepEqual([...history.db.objectStoreNames].sort(), ['documents', 'meta', 'pictures', 'records']);
    const [listed] = await history.list();
    assert.deepEqual(listed, { ...meta, schema: RECORD_SCHEMA });
    assert.deepEqual((await history.get('v1run')).doc, doc);
    assert.deepEqual(await history.automation(), { browser: 'visible' });
    assert.equal((await history.pictures('v1run')).size, 0);
    assert.deepEqual(JSON.parse(await history.exportJson('v1run')), doc);

    // The upgraded database takes pictures, and deletes them with the old record.
    await history.savePicture(linkPicture('v1run', 'p1'));
    assert.deepEqual((await history.get('v1run')).meta.pictures, { count: 1, bytes: 2048 });
    await history.delete('v1run');
    assert.deepEqual(await storedKeys(history, 'pictures'), []);
  });
});
