// @ts-check
// Evidence windows: which requests and console entries follow an operation, by start time. A
// record names them (each operation's `windows`); for one saved before it did, the same rule as
// the daemon's (actors/src/store/windows.rs) places them, so the page and `bsk debug operation`
// group alike: both run the table schema/fixtures/windows/cases.json. Association by start time
// is never a claim of cause.

import { BOUNDS } from '../lib/generated/words.js';

/**
 * A time as lib/generated/words.js writes it ("1.5 s", "15 s"), in milliseconds.
 * @param {string} words
 */
function milliseconds(words) {
  const seconds = /^(\d+(?:\.\d+)?) s$/.exec(words)?.[1];
  if (seconds === undefined) throw new Error(`not a time in seconds: ${words}`);
  return Math.round(Number(seconds) * 1000);
}

/**
 * "The immediate evidence window ends [BOUNDS.immediateWindow] after the operation completes"
 * (`IMMEDIATE_WINDOW` in actors/src/bounds.rs).
 */
export const IMMEDIATE_WINDOW_MS = milliseconds(BOUNDS.immediateWindow);

/**
 * "Later requests and console entries can appear for up to [BOUNDS.possiblyRelatedWindow] as
 * possibly related" (`POSSIBLY_RELATED_WINDOW` in actors/src/bounds.rs).
 */
export const POSSIBLY_RELATED_WINDOW_MS = milliseconds(BOUNDS.possiblyRelatedWindow);

/**
 * `[start, immediateEnd)` and `[immediateEnd, relatedEnd)`, ms since the Unix epoch. A running
 * operation's window reaches `now`; both windows are capped by the next operation and by stop.
 * @param {number} started
 * @param {number | undefined} ended
 * @param {number | undefined} nextStart
 * @param {number | undefined} stopped
 * @param {number} now
 */
export function evidenceWindow(started, ended, nextStart, stopped, now) {
  /** @param {number} end */
  const cap = (end) => {
    let capped = nextStart === undefined ? end : Math.min(end, nextStart);
    if (stopped !== undefined) capped = Math.min(capped, stopped);
    return Math.max(capped, started);
  };
  if (ended === undefined || ended === null) {
    const end = cap(Math.max(now, started) + 1);
    return { start: started, immediateEnd: end, relatedEnd: end };
  }
  const immediateEnd = cap(ended + IMMEDIATE_WINDOW_MS);
  const relatedEnd = Math.max(cap(ended + POSSIBLY_RELATED_WINDOW_MS), immediateEnd);
  return { start: started, immediateEnd, relatedEnd };
}

/**
 * @template T
 * @typedef {{ immediate: T[], related: T[] }} Placed
 */

/**
 * Every operation's immediate and possibly related requests and console entries: the ids the
 * record's `windows` name (the daemon placed them), or, for a record saved before it carried
 * them, placed here by the same rule.
 * @param {import('../lib/record.js').ExportDocument} doc
 * @returns {Map<string, { window: ReturnType<typeof evidenceWindow>, requests: Placed<any>, console: Placed<any> }>}
 */
export function placeEvidence(doc) {
  const now = doc.run.stopped_at ?? doc.saved_at;
  const requests = sortedBy(doc.requests ?? [], (r) => r.started_at);
  const entries = sortedBy(doc.console ?? [], (c) => c.at);
  const requestById = new Map(requests.map((r) => [r.id, r]));
  const entryById = new Map(entries.map((c) => [c.id, c]));
  const operations = doc.operations ?? [];
  const placed = new Map();
  operations.forEach((op, index) => {
    const named = op.windows;
    if (named) {
      /** @type {<T>(ids: string[], byId: Map<string, T>) => T[]} */
      const pick = (ids, byId) => ids.flatMap((id) => { const item = byId.get(id); return item ? [item] : []; });
      placed.set(op.id, {
        window: { start: named.immediate.from, immediateEnd: named.immediate.until, relatedEnd: named.possibly_related.until },
        requests: { immediate: pick(named.immediate.requests, requestById), related: pick(named.possibly_related.requests, requestById) },
        console: { immediate: pick(named.immediate.console, entryById), related: pick(named.possibly_related.console, entryById) },
      });
      return;
    }
    const window = evidenceWindow(op.started_at, op.ended_at ?? undefined,
      operations[index + 1]?.started_at, doc.run.stopped_at ?? undefined, now);
    placed.set(op.id, {
      window,
      requests: slice(requests, (r) => r.started_at, window),
      console: slice(entries, (c) => c.at, window),
    });
  });
  return placed;
}

/**
 * @template T
 * @param {T[]} items
 * @param {(item: T) => number} key
 */
function sortedBy(items, key) {
  return items.map((item, i) => ({ item, i, at: key(item) }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map((x) => x.item);
}

/**
 * @template T
 * @param {T[]} sorted
 * @param {(item: T) => number} key
 * @param {{ start: number, immediateEnd: number, relatedEnd: number }} window
 * @returns {Placed<T>}
 */
function slice(sorted, key, window) {
  const a = lowerBound(sorted, key, window.start);
  const b = lowerBound(sorted, key, window.immediateEnd);
  const c = lowerBound(sorted, key, window.relatedEnd);
  return { immediate: sorted.slice(a, b), related: sorted.slice(b, c) };
}

/**
 * The first index whose key is at least `at`.
 * @template T
 * @param {T[]} sorted
 * @param {(item: T) => number} key
 * @param {number} at
 */
function lowerBound(sorted, key, at) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(sorted[mid]) < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
