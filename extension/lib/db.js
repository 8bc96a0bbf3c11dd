// @ts-check
// A small promise layer over IndexedDB: one database, four object stores.
//
//   records    metadata only (what lists read), key run_id
//   documents  the full export document of each record as its JSON text, { run_id, json }, key
//              run_id (read on demand; entries written before the text form hold { run_id, doc })
//   pictures   filmstrip pictures, { run_id, id, mime_type, bytes, sha256, base64 }, key
//              [run_id, id]: each arrives once and the documents refer to it by id
//   meta       small key → value facts: daemon heartbeats, preferences

import { DB_NAME } from './constants.js';

/**
 * The database's version: 1 records, documents, meta; 2 adds `pictures`. An upgrade only adds
 * stores, so what version 1 stored is read as it was.
 */
export const DB_VERSION = 2;

/** The `pictures` store's index by `run_id`. */
export const PICTURES_BY_RUN = 'run_id';

/**
 * Opens (and creates or upgrades) the history database.
 * @param {IDBFactory} factory `indexedDB`, or fake-indexeddb's in tests.
 * @param {string} [name]
 * @returns {Promise<IDBDatabase>}
 */
export function openDatabase(factory, name = DB_NAME) {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('records')) {
        db.createObjectStore('records', { keyPath: 'run_id' });
      }
      if (!db.objectStoreNames.contains('documents')) {
        db.createObjectStore('documents', { keyPath: 'run_id' });
      }
      if (!db.objectStoreNames.contains('meta')) {
        db.createObjectStore('meta');
      }
      if (!db.objectStoreNames.contains('pictures')) {
        // By run too: a record's pictures are read, counted and deleted together.
        db.createObjectStore('pictures', { keyPath: ['run_id', 'id'] }).createIndex(PICTURES_BY_RUN, 'run_id');
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(storageError(request.error, 'open the history database'));
    request.onblocked = () => reject(new Error('the history database is blocked by an older open copy; close other bsk pages and retry'));
  });
}

/**
 * Runs `work` in one transaction and resolves with its result once the transaction commits:
 * a write is only acknowledged when it is durable in IndexedDB.
 * @template T
 * @param {IDBDatabase} db
 * @param {string[]} stores
 * @param {IDBTransactionMode} mode
 * @param {(tx: IDBTransaction) => Promise<T> | T} work
 * @param {string} [what] what the transaction does, for error messages
 * @returns {Promise<T>}
 */
export function transact(db, stores, mode, work, what = 'use history storage') {
  return new Promise((resolve, reject) => {
    let tx;
    try {
      tx = db.transaction(stores, mode);
    } catch (e) {
      reject(storageError(/** @type {any} */ (e), what));
      return;
    }
    /** @type {T} */
    let result;
    let failed = false;
    tx.oncomplete = () => { if (!failed) resolve(result); };
    tx.onabort = () => reject(storageError(tx.error, what));
    tx.onerror = () => {}; // onabort follows with the same error
    Promise.resolve()
      .then(() => work(tx))
      .then((value) => { result = value; })
      .catch((e) => {
        failed = true;
        try { tx.abort(); } catch { /* already finished */ }
        reject(e);
      });
  });
}

/**
 * @template T
 * @param {IDBRequest<T>} request
 * @returns {Promise<T>}
 */
export function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * An error a person can act on. A full disk or exhausted quota says so.
 * @param {DOMException | Error | null} error
 * @param {string} what
 */
export function storageError(error, what) {
  const name = error?.name ?? 'Error';
  const message = error?.message || '';
  if (name === 'QuotaExceededError') {
    return new Error(`history storage is full (the browser's storage quota is exceeded): could not ${what}${message ? ` (${message})` : ''}; free disk space, or export and delete older records in the evidence page's history`);
  }
  return new Error(`could not ${what}: ${name}${message ? `: ${message}` : ''}`);
}
