// @ts-check
// Browser-local history: the checkpoints and filmstrip pictures the daemon sends, kept in
// IndexedDB of this browser profile. The service worker writes them; the extension's pages read,
// search, export, delete and import exported files. Lists read metadata only; a record's document
// and its pictures are read on demand.

import { EXPORT_VERSION, HEARTBEAT_STALE_MS, HISTORY_MAX_BYTES, HISTORY_MAX_RECORDS, MAX_PICTURES } from './constants.js';
import { PICTURES_BY_RUN, done, openDatabase, transact } from './db.js';
import { checkedPicture, joinPictures, splitPictures, tallyOf } from './pictures.js';
import { checkedDigest, digestMatches, digestOf, interrupt, metaFrom, metaOf, migrate, utf8Size } from './record.js';
import { planEvictions } from './retention.js';
import { metaMatches, recordMatches, terms } from './search.js';
import { MAX_ERRORS, exportDocumentErrors } from './document-errors.js';

/**
 * @typedef {import('./record.js').ExportDocument} ExportDocument
 * @typedef {import('./record.js').RecordMeta} RecordMeta
 * @typedef {import('../types/generated/link-heartbeat').Heartbeat} Heartbeat
 * @typedef {import('../types/generated/link-goodbye').Goodbye} Goodbye
 * @typedef {Heartbeat & { goodbye_at?: number }} DaemonBeat a daemon as last heard: its
 *   heartbeat, and when it said goodbye (stopped cleanly), on this browser's clock
 * @typedef {import('./pictures.js').StoredPicture} StoredPicture
 * @typedef {{ fold_static: boolean, capture_name: string }} Preferences
 */

/**
 * `fold_static`: whether the evidence page folds static resources and extension traffic, as an
 * earlier popup stored it; folding is now `foldStatic` of lib/preferences.js, which reads this
 * until a choice is stored there. `capture_name`: the name a capture started from the popup gets.
 * @type {Preferences}
 */
export const DEFAULT_PREFERENCES = { fold_static: true, capture_name: 'Website debugging' };

export class History {
  /** @param {IDBDatabase} db */
  constructor(db) {
    this.db = db;
  }

  /** @param {IDBFactory} [factory] */
  static async open(factory = globalThis.indexedDB) {
    return new History(await openDatabase(factory));
  }

  close() {
    this.db.close();
  }

  /**
   * Stores one checkpoint (already redacted by the daemon) and applies retention in the same
   * transaction. Resolves once it is committed.
   *
   * The document is stored as its JSON text: IndexedDB copies a string in one piece, where an
   * object graph of up to 2 MiB would be structured-cloned value by value on every checkpoint of
   * every capture.
   * @param {ExportDocument | string} checkpoint the export document, or its JSON text as the
   *   daemon sends it
   * @param {number} [now]
   * @param {number} [size] the text's size in UTF-8 bytes when the caller knows it (the daemon
   *   sends it with the text), sparing a measurement here
   * @param {unknown} [digest] what history lists the record by, when the caller sends it with
   *   the text (the daemon does): the text is then stored without being parsed here, which was
   *   most of what a checkpoint cost the worker (the parse, and collecting what it built)
   * @returns {Promise<{ run_id: string, checkpoints: number, bytes: number, saved_at: number, evicted: string[] }>}
   */
  async saveCheckpoint(checkpoint, now = Date.now(), size = undefined, digest = undefined) {
    const { facts, json } = checkpointFacts(checkpoint, digest);
    if (!facts || facts.version !== EXPORT_VERSION || typeof facts.run?.run_id !== 'string') {
      throw new Error(`not an export document of version ${EXPORT_VERSION}`);
    }
    const bytes = typeof size === 'number' && Number.isSafeInteger(size) && size > 0 ? size : utf8Size(json);
    return transact(this.db, ['records', 'documents', 'pictures'], 'readwrite', async (tx) => {
      const records = tx.objectStore('records');
      const all = /** @type {RecordMeta[]} */ ((await done(records.getAll())).map(migrate));
      const previous = all.find((r) => r.run_id === facts.run.run_id);
      // An imported record is a file's snapshot, read-only: a capture never writes over it.
      if (previous?.imported) {
        throw new Error(`run ${facts.run.run_id} is a record imported from ${previous.imported.file_name}; imported records are read-only, so this checkpoint was not stored. Delete the imported record in the evidence page's history to keep this capture's checkpoints.`);
      }
      // A final record is never turned back into a live one by a late checkpoint.
      if (previous && previous.state === 'stopped' && facts.run.state === 'active') {
        return { run_id: facts.run.run_id, checkpoints: previous.checkpoints, bytes: previous.bytes, saved_at: previous.saved_at, evicted: [] };
      }
      // The record's pictures so far: counted as they arrive once it exists; those that came
      // before its first checkpoint are counted now.
      const pictures = previous ? previous.pictures : tallyOf(await done(tx.objectStore('pictures').index(PICTURES_BY_RUN).getAll(facts.run.run_id)));
      const meta = metaFrom(facts, { checkpoints: (previous?.checkpoints ?? 0) + 1, bytes, pictures });
      const others = all.filter((r) => r.run_id !== meta.run_id);
      const evicted = planEvictions([...others, meta], now);
      for (const runId of evicted) await deleteRecord(tx, runId);
      if (!evicted.includes(meta.run_id)) {
        records.put(meta);
        tx.objectStore('documents').put(storedDocument(meta.run_id, json));
      }
      return { run_id: meta.run_id, checkpoints: meta.checkpoints, bytes, saved_at: facts.saved_at, evicted };
    }, `save checkpoint of ${facts.run.run_id}`);
  }

  /**
   * Stores an export document someone exported earlier (from this browser or another one) as a
   * read-only record marked imported. Refused, with nothing changed, when the document does not
   * match the export schema or its run is already in history. Retention applies in the same
   * transaction, as for a checkpoint.
   * @param {unknown} doc the parsed file
   * @param {{ fileName: string, now?: number }} options
   * @returns {Promise<{ run_id: string, name: string | null, requests: number, bytes: number, evicted: string[] }>}
   */
  async importDocument(doc, { fileName, now = Date.now() }) {
    const problems = exportDocumentErrors(doc);
    if (problems.length > 0) throw invalidDocument(problems);
    // Pictures inline (as `bsk debug export` writes them) are kept apart, as the daemon's are.
    let split;
    try {
      split = await splitPictures(/** @type {ExportDocument} */ (doc));
    } catch (e) {
      throw invalidDocument([/** @type {Error} */ (e).message]);
    }
    const { doc: valid, pictures } = split;
    const runId = valid.run.run_id;
    const json = JSON.stringify(valid);
    const bytes = utf8Size(json);
    const tally = tallyOf(pictures);
    return transact(this.db, ['records', 'documents', 'pictures'], 'readwrite', async (tx) => {
      const records = tx.objectStore('records');
      const all = /** @type {RecordMeta[]} */ ((await done(records.getAll())).map(migrate));
      if (all.some((r) => r.run_id === runId)) {
        throw new Error(`run ${runId} is already in history (imported or captured here); nothing was changed`);
      }
      const meta = metaOf(valid, { checkpoints: 0, bytes, imported: { at: now, file_name: fileName }, pictures: tally });
      const evicted = planEvictions([...all, meta], now);
      if (evicted.includes(runId)) {
        throw new Error(bytes + tally.bytes > HISTORY_MAX_BYTES
          ? `the record is larger than history's ${HISTORY_MAX_BYTES / 1024 / 1024} MiB total; nothing was changed`
          : `history is full of active captures (at most ${HISTORY_MAX_RECORDS} records / ${HISTORY_MAX_BYTES / 1024 / 1024} MiB); nothing was changed — stop a capture, then import again`);
      }
      for (const evictedId of evicted) await deleteRecord(tx, evictedId);
      // Pictures a capture of this run left without a record are replaced by the file's.
      await deleteRecord(tx, runId);
      records.put(meta);
      tx.objectStore('documents').put(storedDocument(runId, json));
      for (const picture of pictures) tx.objectStore('pictures').put(picture);
      return { run_id: runId, name: meta.name, requests: meta.counts.requests, bytes, evicted };
    }, `import ${fileName}`);
  }

  /**
   * Every record's metadata, newest first.
   * @returns {Promise<RecordMeta[]>}
   */
  async list() {
    const all = await transact(this.db, ['records'], 'readonly',
      (tx) => done(tx.objectStore('records').getAll()), 'read the history list');
    return all.map(migrate).sort((a, b) => b.started_at - a.started_at);
  }

  /**
   * One record with its document.
   * @param {string} runId
   * @returns {Promise<{ meta: RecordMeta, doc: ExportDocument } | null>}
   */
  async get(runId) {
    return transact(this.db, ['records', 'documents'], 'readonly', async (tx) => {
      const meta = await done(tx.objectStore('records').get(runId));
      const stored = await done(tx.objectStore('documents').get(runId));
      return meta && stored ? { meta: migrate(meta), doc: documentOf(stored) } : null;
    }, `read record ${runId}`);
  }

  /**
   * The export document as last checkpointed, as JSON text, with its pictures inline: what
   * `bsk debug export` writes.
   * @param {string} runId
   */
  async exportJson(runId) {
    const record = await this.get(runId);
    if (!record) throw new Error(`no record ${runId} in history`);
    return JSON.stringify(joinPictures(record.doc, await this.pictures(runId)), null, 2);
  }

  /**
   * Stores one filmstrip picture the daemon sends before the first checkpoint that refers to it.
   * Resolves once it is committed. A picture of a run with no record yet is kept for the record
   * its next checkpoint makes, and counted in its size then; sent again (the same id and hash),
   * it is stored once. Retention applies with the record's next checkpoint, which follows.
   * @param {unknown} value a `LinkPicture`: { run_id, id, mime_type, bytes, sha256, base64 }
   * @returns {Promise<import('../types/generated/link-picture-ack').PictureAck>}
   */
  async savePicture(value) {
    const picture = await checkedPicture(value);
    const { run_id: runId, id } = picture;
    return transact(this.db, ['records', 'pictures'], 'readwrite', async (tx) => {
      const pictures = tx.objectStore('pictures');
      const stored = /** @type {RecordMeta | undefined} */ (await done(tx.objectStore('records').get(runId)));
      const meta = stored ? migrate(stored) : undefined;
      if (meta?.imported) {
        throw new Error(`run ${runId} is a record imported from ${meta.imported.file_name}; imported records are read-only, so picture ${id} was not stored`);
      }
      const earlier = /** @type {StoredPicture | undefined} */ (await done(pictures.get([runId, id])));
      if (earlier) {
        if (earlier.sha256 !== picture.sha256) throw new Error(`picture ${id} of run ${runId} is already stored with other content; pictures do not change, so this one was not stored`);
        return { run_id: runId, id };
      }
      const count = await done(pictures.index(PICTURES_BY_RUN).count(runId));
      if (count >= MAX_PICTURES) {
        throw new Error(`run ${runId} already has ${MAX_PICTURES} pictures, the most a capture keeps; picture ${id} was not stored`);
      }
      pictures.put(picture);
      if (meta) {
        const tally = meta.pictures ?? { count: 0, bytes: 0 };
        tx.objectStore('records').put({ ...meta, pictures: { count: tally.count + 1, bytes: tally.bytes + picture.bytes } });
      }
      return { run_id: runId, id };
    }, `save picture ${id} of ${runId}`);
  }

  /**
   * A record's stored pictures by id: all of them, or those of `ids`.
   * @param {string} runId
   * @param {Iterable<string>} [ids]
   * @returns {Promise<Map<string, StoredPicture>>}
   */
  async pictures(runId, ids) {
    const found = await transact(this.db, ['pictures'], 'readonly', async (tx) => {
      const store = tx.objectStore('pictures');
      if (ids === undefined) return /** @type {StoredPicture[]} */ (await done(store.index(PICTURES_BY_RUN).getAll(runId)));
      const each = await Promise.all([...ids].map((id) => done(store.get([runId, id]))));
      return /** @type {StoredPicture[]} */ (each.filter(Boolean));
    }, `read the pictures of ${runId}`);
    return new Map(found.map((p) => [p.id, p]));
  }

  /**
   * Deletes a stopped, interrupted or imported record. An active capture's record is refused (an
   * imported snapshot of an active capture is not one).
   * @param {string} runId
   */
  async delete(runId) {
    return transact(this.db, ['records', 'documents', 'pictures'], 'readwrite', async (tx) => {
      const meta = await done(tx.objectStore('records').get(runId));
      if (!meta) throw new Error(`no record ${runId} in history`);
      if (meta.state === 'active' && !meta.imported) {
        throw new Error(`record ${runId} is an active capture; stop it (bsk debug stop) before deleting it`);
      }
      await deleteRecord(tx, runId);
    }, `delete record ${runId}`);
  }

  /**
   * Records whose name, URL, state or retained evidence contains every word of `query`.
   * Metadata is checked first; documents are read only for records it does not settle.
   * @param {string} query
   * @returns {Promise<RecordMeta[]>}
   */
  async search(query) {
    const words = terms(query);
    const all = await this.list();
    if (words.length === 0) return all;
    const found = [];
    for (const meta of all) {
      if (metaMatches(meta, words)) {
        found.push(meta);
        continue;
      }
      const record = await this.get(meta.run_id);
      if (record && recordMatches(meta, record.doc, words)) found.push(meta);
    }
    return found;
  }

  /**
   * The person's preferences, kept across browser restarts.
   * @returns {Promise<Preferences>}
   */
  async preferences() {
    const stored = await transact(this.db, ['meta'], 'readonly',
      (tx) => done(tx.objectStore('meta').get('preferences')), 'read preferences');
    return { ...DEFAULT_PREFERENCES, ...(stored ?? {}) };
  }

  /**
   * @param {Partial<Preferences>} changes
   * @returns {Promise<Preferences>}
   */
  async setPreferences(changes) {
    return transact(this.db, ['meta'], 'readwrite', async (tx) => {
      const meta = tx.objectStore('meta');
      const next = { ...DEFAULT_PREFERENCES, ...((await done(meta.get('preferences'))) ?? {}), ...changes };
      meta.put(next, 'preferences');
      return next;
    }, 'save preferences');
  }

  /**
   * The browser automation preferences as stored (see `preferences.js`), or undefined.
   * @returns {Promise<unknown>}
   */
  async automation() {
    return transact(this.db, ['meta'], 'readonly',
      (tx) => done(tx.objectStore('meta').get('automation')), 'read the automation preferences');
  }

  /**
   * @param {object} value the whole, normalized preferences
   */
  async setAutomation(value) {
    return transact(this.db, ['meta'], 'readwrite', async (tx) => {
      tx.objectStore('meta').put(value, 'automation');
    }, 'save the automation preferences');
  }

  /**
   * Remembers that a daemon is alive and which captures it holds active. A heartbeat from a
   * daemon that has said goodbye (one sent just before it) changes nothing: that daemon is gone.
   * @param {Heartbeat} heartbeat
   * @returns {Promise<boolean>} whether it was taken
   */
  async heartbeat(heartbeat) {
    return transact(this.db, ['meta'], 'readwrite', async (tx) => {
      const meta = tx.objectStore('meta');
      /** @type {Record<string, DaemonBeat>} */
      const daemons = (await done(meta.get('daemons'))) ?? {};
      if (daemons[heartbeat.daemon_id]?.goodbye_at !== undefined) return false;
      daemons[heartbeat.daemon_id] = heartbeat;
      forgetOld(daemons, heartbeat.at);
      meta.put(daemons, 'daemons');
      return true;
    }, 'record the daemon heartbeat');
  }

  /**
   * Remembers that a daemon stopped cleanly (`bskLink.goodbye`): it is not live from now on, and
   * the captures it last reported active are recovered without waiting for the stale limit
   * (see `recover`).
   * @param {Goodbye} goodbye
   * @param {number} [now] when it was heard, on this browser's clock as heartbeats are
   * @returns {Promise<DaemonBeat>} what is now stored for the daemon
   */
  async goodbye(goodbye, now = Date.now()) {
    return transact(this.db, ['meta'], 'readwrite', async (tx) => {
      const meta = tx.objectStore('meta');
      /** @type {Record<string, DaemonBeat>} */
      const daemons = (await done(meta.get('daemons'))) ?? {};
      const last = daemons[goodbye.daemon_id];
      /** @type {DaemonBeat} */
      const gone = last
        ? { ...last, goodbye_at: now }
        : { daemon_id: goodbye.daemon_id, daemon_version: '', pid: 0, at: now, active_runs: [], goodbye_at: now };
      daemons[goodbye.daemon_id] = gone;
      forgetOld(daemons, now);
      meta.put(daemons, 'daemons');
      return gone;
    }, 'record the daemon goodbye');
  }

  /**
   * The daemons heard from within the stale period that have not said goodbye.
   * @param {number} [now]
   * @returns {Promise<Heartbeat[]>}
   */
  async liveDaemons(now = Date.now()) {
    return (await this.daemons()).filter((beat) => beat.goodbye_at === undefined && beat.at >= now - HEARTBEAT_STALE_MS);
  }

  /**
   * Every daemon heard from in the last day, as last heard: its heartbeat, and when it said
   * goodbye if it did.
   * @returns {Promise<DaemonBeat[]>}
   */
  async daemons() {
    const daemons = await transact(this.db, ['meta'], 'readonly',
      (tx) => done(tx.objectStore('meta').get('daemons')), 'read daemon heartbeats');
    return Object.values(daemons ?? {});
  }

  /**
   * Recovery: every record still marked active that no live daemon reports and that has not been
   * saved within the stale period is marked interrupted from its latest checkpoint; so is one
   * that a daemon which said goodbye last reported active, however recently saved (that daemon
   * will not save it again). Capture is not resumed; pending work is not claimed done.
   * Imported records are never touched: an imported active snapshot stays as it was exported.
   * Pictures of a run that has no record and that no live daemon reports (its capture never
   * saved a checkpoint) are deleted.
   * @param {number} [now]
   * @returns {Promise<string[]>} the run ids marked interrupted
   */
  async recover(now = Date.now()) {
    const daemons = await this.daemons();
    const live = new Set(daemons
      .filter((beat) => beat.goodbye_at === undefined && beat.at >= now - HEARTBEAT_STALE_MS)
      .flatMap((beat) => beat.active_runs));
    const released = new Set(daemons.filter((beat) => beat.goodbye_at !== undefined).flatMap(heldRuns));
    return transact(this.db, ['records', 'documents', 'pictures'], 'readwrite', async (tx) => {
      const records = tx.objectStore('records');
      const all = (await done(records.getAll())).map(migrate);
      const known = new Set(all.map((meta) => meta.run_id));
      const keys = /** @type {[string, string][]} */ (await done(tx.objectStore('pictures').getAllKeys()));
      for (const runId of new Set(keys.map(([runId]) => runId))) {
        if (!known.has(runId) && !live.has(runId)) await deleteRecord(tx, runId);
      }
      const stale = all.filter((meta) => !meta.imported && meta.state === 'active' && !live.has(meta.run_id)
        && (released.has(meta.run_id) || meta.saved_at < now - HEARTBEAT_STALE_MS));
      const recovered = [];
      for (const meta of stale) {
        const stored = await done(tx.objectStore('documents').get(meta.run_id));
        if (!stored) continue;
        recovered.push(meta.run_id);
        const doc = interrupt(documentOf(stored));
        const json = JSON.stringify(doc);
        tx.objectStore('documents').put(storedDocument(meta.run_id, json));
        records.put(metaOf(doc, { checkpoints: meta.checkpoints, bytes: utf8Size(json), pictures: meta.pictures }));
      }
      return recovered;
    }, 'recover interrupted records');
  }
}

/** How long a daemon's last heartbeat (or goodbye) is remembered. */
const DAEMON_MEMORY_MS = 24 * 60 * 60 * 1000;

/**
 * Forgets daemons not heard from for a day.
 * @param {Record<string, DaemonBeat>} daemons
 * @param {number} now
 */
function forgetOld(daemons, now) {
  for (const [id, beat] of Object.entries(daemons)) {
    if (beat.at < now - DAEMON_MEMORY_MS) delete daemons[id];
  }
}

/**
 * The captures a daemon last reported holding: its active runs, and its sessions' active captures.
 * @param {Heartbeat} beat
 */
function heldRuns(beat) {
  return [
    ...(beat.active_runs ?? []),
    ...(beat.sessions ?? []).flatMap((s) => (s.capture?.state === 'active' ? [s.capture.run_id] : [])),
  ];
}

/**
 * Deletes a record with its document and its pictures, in a transaction over the three stores.
 * @param {IDBTransaction} tx
 * @param {string} runId
 */
async function deleteRecord(tx, runId) {
  tx.objectStore('records').delete(runId);
  tx.objectStore('documents').delete(runId);
  const pictures = tx.objectStore('pictures');
  for (const key of await done(pictures.index(PICTURES_BY_RUN).getAllKeys(runId))) pictures.delete(key);
}

/**
 * A `documents` entry: the export document's JSON text.
 * @param {string} runId
 * @param {string} json
 */
function storedDocument(runId, json) {
  return { run_id: runId, json };
}

/**
 * The export document of a `documents` entry. Entries stored before the text form hold the
 * document itself as `doc`.
 * @param {{ json?: string, doc?: ExportDocument }} stored
 * @returns {ExportDocument}
 */
function documentOf(stored) {
  return typeof stored.json === 'string' ? JSON.parse(stored.json) : /** @type {ExportDocument} */ (stored.doc);
}

/**
 * A checkpoint's text and what history lists it by: the digest sent with the text, checked and
 * matched to it, or else read from the document (parsed when it came as text). `facts` is `null`
 * for JSON that is not an object.
 * @param {ExportDocument | string} checkpoint
 * @param {unknown} digest
 */
function checkpointFacts(checkpoint, digest) {
  if (typeof checkpoint === 'string' && digest !== undefined) {
    const facts = checkedDigest(digest);
    if (!digestMatches(checkpoint, facts)) {
      throw new Error(`a checkpoint's digest (run ${facts.run.run_id}, saved at ${facts.saved_at}) is not that of its text; nothing was stored`);
    }
    return { facts, json: checkpoint };
  }
  const [doc, json] = typeof checkpoint === 'string'
    ? [parseCheckpoint(checkpoint), checkpoint]
    : [checkpoint, JSON.stringify(checkpoint)];
  return { facts: typeof doc === 'object' && doc !== null ? digestOf(doc) : null, json };
}

/** @param {string} json */
function parseCheckpoint(json) {
  try {
    return JSON.parse(json);
  } catch (e) {
    throw new Error(`a checkpoint is not JSON text (${/** @type {Error} */ (e).message}); nothing was stored`);
  }
}

/**
 * The refusal of a document that does not match the export schema; `problems` lists each one
 * with its JSON pointer.
 * @param {string[]} problems
 */
function invalidDocument(problems) {
  const message = problems.length === 1 && !problems[0].startsWith('/')
    ? problems[0]
    : `not a valid bsk export document: ${problems.join('; ')}${problems.length >= MAX_ERRORS ? ` (the first ${MAX_ERRORS} problems)` : ''}`;
  return Object.assign(new Error(message), { problems });
}
