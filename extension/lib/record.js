// @ts-check
// A history record: the metadata that lists read, derived from the export document (version 1)
// the daemon checkpoints or a person imports. Pure functions, tested under `node --test`.

import { RECORD_SCHEMA } from './constants.js';

/**
 * The export document and its parts, generated from the Rust types (schema/json/).
 * @typedef {import('../types/generated/export-document').ExportDocument} ExportDocument
 * @typedef {import('../types/generated/export-document').StopReason} StopReason
 * @typedef {import('../types/generated/export-document').TrafficSummary} TrafficSummary
 * @typedef {import('../types/generated/export-document').RouteStats} RouteStats
 *
 * @typedef {{
 *   schema: number, run_id: string, name: string | null, session: string,
 *   state: 'active' | 'stopped' | 'interrupted', started_at: number,
 *   stopped_at: number | null, stop_reason: StopReason | null, url: string,
 *   page_urls?: string[],
 *   saved_at: number, checkpoints: number, bytes: number,
 *   counts: { requests: number, console: number, operations: number, pages: number },
 *   failures: number | null,
 *   problems?: number, first_problem?: string,
 *   imported?: Imported,
 *   pictures?: import('./pictures.js').PictureTally,
 * }} RecordMeta
 *
 * `bytes`: the size of the stored document's JSON text; `pictures`: the filmstrip pictures stored
 * apart for the record, absent when it has none (retention counts both, `recordBytes`).
 * `problems`: how many problems the record lists, and `first_problem` the first one's line; both
 * absent for a record whose document has no list (saved by an earlier version), which is not the
 * same as none.
 *
 * A record imported from an exported file rather than checkpointed here: read-only, never
 * recovered, and kept by retention from the moment it was imported.
 * @typedef {{ at: number, file_name: string }} Imported
 */

/** The page a record is about: its first page load, else its first document request. */
export function pageUrl(/** @type {ExportDocument} */ doc) {
  const load = doc.pages?.[0]?.url;
  if (load) return load;
  const documentRequest = doc.requests?.find((r) => r.resource_type === 'Document');
  return documentRequest?.url ?? doc.requests?.[0]?.url ?? '';
}

/** How many page URLs a digest lists at most (`MAX_DIGEST_PAGES` in schema/src/link.rs). */
export const MAX_DIGEST_PAGES = 32;

/**
 * Every page the record visited, in order: the URLs of its page loads, a reload (the same URL
 * right after itself) once; at most MAX_DIGEST_PAGES, the first ones and the last. The daemon
 * sends the same (`page_urls` in schema/src/link.rs).
 * @param {ExportDocument} doc
 * @returns {string[]}
 */
export function pageUrls(doc) {
  /** @type {string[]} */
  const urls = [];
  for (const page of doc.pages ?? []) {
    if (page.url && urls[urls.length - 1] !== page.url) urls.push(page.url);
  }
  if (urls.length > MAX_DIGEST_PAGES) urls.splice(MAX_DIGEST_PAGES - 1, urls.length - MAX_DIGEST_PAGES);
  return urls;
}

/**
 * What history lists a record by, read from its document: the daemon sends the same with each
 * checkpoint (`CheckpointDigest` in schema/src/link.rs, by these rules), so that the worker
 * stores a checkpoint's text without parsing it. `page_urls`: every page visited (see
 * pageUrls); absent from a daemon that predates it. `problems` and `first_problem`: the length
 * of the document's `problems` and the first one's `summary`; absent when the document has no
 * list (and `first_problem` when the list is empty).
 * @typedef {import('../types/generated/link-checkpoint').CheckpointDigest} CheckpointDigest
 * @typedef {Omit<CheckpointDigest, 'page_urls'> & { page_urls?: string[] }} Digest
 */

/**
 * The digest of a parsed document.
 * @param {ExportDocument} doc
 * @returns {Digest}
 */
export function digestOf(doc) {
  /** @type {Digest} */
  const digest = {
    version: doc.version,
    saved_at: doc.saved_at,
    run: doc.run,
    url: pageUrl(doc),
    page_urls: pageUrls(doc),
    counts: {
      requests: doc.requests?.length ?? 0,
      console: doc.console?.length ?? 0,
      operations: doc.operations?.length ?? 0,
      pages: doc.pages?.length ?? 0,
    },
    failures: (doc.requests ?? []).filter((r) => r.state === 'failed' || (r.status ?? 0) >= 400).length,
  };
  if (Array.isArray(doc.problems)) {
    digest.problems = doc.problems.length;
    const first = doc.problems[0]?.summary;
    if (typeof first === 'string') digest.first_problem = first;
  }
  return digest;
}

/**
 * A digest that came with a checkpoint, checked field by field; throws, naming the field, when
 * one is missing or of the wrong kind.
 * @param {unknown} digest
 * @returns {Digest}
 */
export function checkedDigest(digest) {
  const d = /** @type {any} */ (digest);
  const count = (/** @type {unknown} */ n) => Number.isSafeInteger(n) && /** @type {number} */ (n) >= 0;
  const optional = (/** @type {unknown} */ v, /** @type {(v: any) => boolean} */ ok) => v === undefined || v === null || ok(v);
  /** @type {[string, () => boolean][]} each part, and whether it is as the daemon writes it */
  const parts = [
    ['it is not an object', () => typeof d === 'object' && d !== null],
    ['version', () => Number.isSafeInteger(d.version)],
    ['saved_at', () => Number.isFinite(d.saved_at)],
    ['run', () => typeof d.run === 'object' && d.run !== null],
    ['run (run_id, session, state, started_at)', () => typeof d.run.run_id === 'string' && typeof d.run.session === 'string'
      && typeof d.run.state === 'string' && Number.isFinite(d.run.started_at)],
    ['run (name, stopped_at, stop_reason)', () => optional(d.run.name, (v) => typeof v === 'string')
      && optional(d.run.stopped_at, Number.isFinite)
      && optional(d.run.stop_reason, (v) => typeof v === 'object' && v !== null && typeof v.kind === 'string')],
    ['url', () => typeof d.url === 'string'],
    ['page_urls', () => optional(d.page_urls, (v) => Array.isArray(v) && v.every((u) => typeof u === 'string'))],
    ['counts', () => typeof d.counts === 'object' && d.counts !== null
      && ['requests', 'console', 'operations', 'pages'].every((k) => count(d.counts[k]))],
    ['failures', () => count(d.failures)],
    ['problems', () => optional(d.problems, count)],
    ['first_problem', () => optional(d.first_problem, (v) => typeof v === 'string')],
  ];
  const problem = parts.find(([, ok]) => !ok())?.[0];
  if (problem) throw new Error(`a checkpoint's digest is malformed (${problem}); nothing was stored`);
  return d;
}

/**
 * Whether `json` is the text `digest` was taken from, by its first bytes: the daemon writes an
 * export document's `version`, `saved_at` and `run.run_id` first, so a digest sent with another
 * run's text (a bug) is caught without reading the rest.
 * @param {string} json
 * @param {Digest} digest
 */
export function digestMatches(json, digest) {
  return json.startsWith(`{"version":${digest.version},"saved_at":${digest.saved_at},"run":{"run_id":${JSON.stringify(digest.run.run_id)}`);
}

/**
 * What history knows of a record beyond its document: how many checkpoints it saved, the
 * document's size, where it was imported from, and its stored pictures.
 * @typedef {{ checkpoints: number, bytes: number, imported?: Imported, pictures?: import('./pictures.js').PictureTally }} Stored
 */

/**
 * The metadata of a record, from its latest document. `imported` only for a record imported from
 * a file: captured records do not carry the field at all; `pictures` only when it has some.
 * @param {ExportDocument} doc
 * @param {Stored} stored
 * @returns {RecordMeta}
 */
export function metaOf(doc, stored) {
  return metaFrom(digestOf(doc), stored);
}

/**
 * The metadata of a record, from the digest of its latest document.
 * @param {Digest} digest
 * @param {Stored} stored
 * @returns {RecordMeta}
 */
export function metaFrom(digest, { checkpoints, bytes, imported, pictures }) {
  const run = digest.run;
  /** @type {RecordMeta} */
  const meta = {
    schema: RECORD_SCHEMA,
    run_id: run.run_id,
    name: run.name ?? null,
    session: run.session,
    state: run.state,
    started_at: run.started_at,
    stopped_at: run.stopped_at ?? null,
    stop_reason: run.stop_reason ?? null,
    url: digest.url,
    saved_at: digest.saved_at,
    checkpoints,
    bytes,
    counts: { ...digest.counts },
    failures: digest.failures,
  };
  // Every page visited (`url` is the first); records stored before it existed have only `url`.
  if (digest.page_urls) meta.page_urls = [...digest.page_urls];
  // The problems listed, for records whose document has the list (the daemon's digest has no
  // count, or null, for one without).
  if (typeof digest.problems === 'number') {
    meta.problems = digest.problems;
    if (typeof digest.first_problem === 'string') meta.first_problem = digest.first_problem;
  }
  if (imported) meta.imported = { at: imported.at, file_name: imported.file_name };
  if (pictures && pictures.count > 0) meta.pictures = { count: pictures.count, bytes: pictures.bytes };
  return meta;
}

/**
 * Brings a stored record's metadata to the current shape. Only fields that can be derived from
 * what was stored are added; nothing is invented.
 * @param {any} stored
 * @returns {RecordMeta}
 */
export function migrate(stored) {
  const meta = { ...stored };
  // Records before `schema` existed: the first shape, which had no failure count.
  if (typeof meta.schema !== 'number') meta.schema = 0;
  if (meta.schema < 1) {
    meta.failures ??= null;
    meta.schema = 1;
  }
  // Schema 2 added `imported`, which only imported records have: a record stored before it was
  // checkpointed here, so it stays without the field.
  if (meta.schema < 2) meta.schema = 2;
  // Schema 3 added `pictures`, absent when a record has none: a record stored before it had none.
  if (meta.schema < 3) meta.schema = 3;
  // Schema 4 added `problems` and `first_problem`, absent for a record whose document has no
  // list: a record stored before is listed without them until its next checkpoint.
  if (meta.schema < 4) meta.schema = 4;
  if (meta.schema > RECORD_SCHEMA) {
    // Written by a newer extension: readable as far as the fields we know go.
    return meta;
  }
  return meta;
}

/** The size of a document's JSON text as stored, in UTF-8 bytes. */
export function utf8Size(/** @type {string} */ text) {
  return new TextEncoder().encode(text).length;
}

/**
 * The latest checkpoint of a capture that nobody will finish, recovered as interrupted: pending
 * bodies become unavailable (capture_stopped), unfinished requests `unfinished`, running
 * operations `interrupted` — nothing pending is claimed done. The same rules as the daemon's
 * own stop (actors/src/store/mod.rs, `Capture::stop`).
 * @param {ExportDocument} doc
 * @returns {ExportDocument}
 */
export function interrupt(doc) {
  const copy = structuredClone(doc);
  const run = copy.run;
  if (run.state !== 'active') return copy;
  run.state = 'interrupted';
  run.stopped_at = copy.saved_at;
  run.stop_reason = { kind: 'recovered' };
  for (const request of copy.requests ?? []) {
    for (const key of /** @type {const} */ (['request_body', 'response_body'])) {
      const body = request[key];
      if (body && body.state === 'pending') {
        request[key] = { state: 'unavailable', reason: 'capture_stopped', units: 0 };
      }
    }
    if (request.state === 'pending') request.state = 'unfinished';
  }
  for (const operation of copy.operations ?? []) {
    if (operation.state === 'running') operation.state = 'interrupted';
  }
  return copy;
}
