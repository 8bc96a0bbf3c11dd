// Builders shared by the unit tests of the extension's history logic (not a test file itself).

import { readFileSync } from 'node:fs';
import { IDBFactory } from 'fake-indexeddb';

import { History } from '../../extension/lib/history.js';
import { RECORD_SCHEMA } from '../../extension/lib/constants.js';

/** A real export document (version 1), as `bsk debug export` wrote it: stopped, 7 requests. */
export const FIXTURE = JSON.parse(
  readFileSync(new URL('../fixtures/save-fails.json', import.meta.url), 'utf8'),
);

/** The export document's JSON Schema, generated from the Rust types. */
export const SCHEMA = JSON.parse(
  readFileSync(new URL('../../schema/json/export-document.schema.json', import.meta.url), 'utf8'),
);

export const MINUTE = 60 * 1000;
export const DAY = 24 * 60 * MINUTE;
export const MIB = 1024 * 1024;

/** "Now" for every test: a fixed clock, no sleeps. */
export const NOW = 1_800_000_000_000;

/** Record metadata in the first stored shape: no `schema`, no `failures`. */
export const LEGACY_META = Object.freeze({
  run_id: 'old1',
  name: 'Old record',
  session: 'abcde',
  state: 'stopped',
  started_at: NOW - 3 * MINUTE,
  stopped_at: NOW - MINUTE,
  stop_reason: { kind: 'stopped' },
  url: 'http://127.0.0.1:18123/demo',
  saved_at: NOW - MINUTE,
  checkpoints: 4,
  bytes: 4096,
  counts: { requests: 7, console: 5, operations: 6, pages: 1 },
});

/**
 * A document cloned from the fixture with the given identity and state.
 * @param {string} runId
 * @param {{ state?: 'active' | 'stopped' | 'interrupted', startedAt?: number, savedAt?: number,
 *           stoppedAt?: number, name?: string | null, session?: string, bodyText?: string }} [o]
 */
export function makeDoc(runId, o = {}) {
  const doc = structuredClone(FIXTURE);
  const state = o.state ?? 'stopped';
  const startedAt = o.startedAt ?? NOW - 10 * MINUTE;
  const savedAt = o.savedAt ?? startedAt + MINUTE;
  doc.saved_at = savedAt;
  doc.run.run_id = runId;
  doc.run.state = state;
  doc.run.started_at = startedAt;
  if (o.session !== undefined) doc.run.session = o.session;
  if (o.name === null) delete doc.run.name;
  else if (o.name !== undefined) doc.run.name = o.name;
  if (state === 'active') {
    delete doc.run.stopped_at;
    delete doc.run.stop_reason;
  } else {
    doc.run.stopped_at = o.stoppedAt ?? savedAt;
    doc.run.stop_reason = state === 'stopped' ? { kind: 'stopped' } : { kind: 'browser_disconnected' };
  }
  if (o.bodyText !== undefined) {
    const save = doc.requests.find((r) => r.id === 'r6');
    save.response_body = { state: 'available', mime_type: 'text/plain', text: o.bodyText, units: o.bodyText.length };
  }
  return doc;
}

/**
 * Record metadata as `planEvictions` receives it, without a document.
 * @param {string} runId
 * @param {{ state?: 'active' | 'stopped' | 'interrupted', startedAt?: number, stoppedAt?: number | null,
 *           savedAt?: number, bytes?: number, importedAt?: number }} [o] `importedAt`: the record
 *           was imported from a file then
 */
export function makeMeta(runId, o = {}) {
  const state = o.state ?? 'stopped';
  const startedAt = o.startedAt ?? NOW - 10 * MINUTE;
  const savedAt = o.savedAt ?? startedAt + MINUTE;
  const imported = o.importedAt === undefined ? {} : { imported: { at: o.importedAt, file_name: `${runId}.json` } };
  return {
    ...imported,
    schema: RECORD_SCHEMA,
    run_id: runId,
    name: runId,
    session: 's1',
    state,
    started_at: startedAt,
    stopped_at: state === 'active' ? null : (o.stoppedAt === undefined ? savedAt : o.stoppedAt),
    stop_reason: state === 'active' ? null : { kind: state === 'stopped' ? 'stopped' : 'recovered' },
    url: 'http://127.0.0.1:18123/demo',
    saved_at: savedAt,
    checkpoints: 1,
    bytes: o.bytes ?? 50_000,
    counts: { requests: 0, console: 0, operations: 0, pages: 0 },
    failures: 0,
  };
}

/** A history over a fresh, empty database. */
export async function freshHistory() {
  return History.open(new IDBFactory());
}

/**
 * The keys of one object store, read directly (not through History, which hides a record
 * whose metadata or document is missing); a picture's key is [run_id, id].
 * @param {History} history
 * @param {'records' | 'documents' | 'meta' | 'pictures'} store
 * @returns {Promise<any[]>}
 */
export function storedKeys(history, store) {
  return new Promise((resolve, reject) => {
    const request = history.db.transaction([store], 'readonly').objectStore(store).getAllKeys();
    request.onsuccess = () => resolve(/** @type {string[]} */ (request.result).slice().sort());
    request.onerror = () => reject(request.error);
  });
}

/**
 * Writes a raw value into a store, bypassing History (for records of older shapes).
 * @param {History} history
 * @param {'records' | 'documents' | 'meta'} store
 * @param {any} value
 */
export function putRaw(history, store, value) {
  return new Promise((resolve, reject) => {
    const tx = history.db.transaction([store], 'readwrite');
    tx.objectStore(store).put(value);
    tx.oncomplete = () => resolve(undefined);
    tx.onabort = () => reject(tx.error);
  });
}

/**
 * One raw value of a store, read directly (to see the shape History stores).
 * @param {History} history
 * @param {'records' | 'documents' | 'meta'} store
 * @param {string} key
 * @returns {Promise<any>}
 */
export function getRaw(history, store, key) {
  return new Promise((resolve, reject) => {
    const request = history.db.transaction([store], 'readonly').objectStore(store).get(key);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Run ids of `n` records, zero-padded so they sort like their start order. */
export function ids(prefix, n) {
  return Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);
}
