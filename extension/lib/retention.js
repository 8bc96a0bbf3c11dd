// @ts-check
// Which records automatic retention removes: "History keeps recent stopped records for 30 days,
// up to 50 records / 50 MiB total, evicting the oldest stopped records first. Active captures
// are protected within these limits."
//
// A record's size is its document's and its filmstrip pictures' together (`recordBytes`).
//
// An imported record is a file someone opened here, not a live capture: it is evictable whatever
// the state it was exported in. Its age counts from when it was imported, so an export of an old
// capture can still be imported and read (it would otherwise be past 30 days on arrival).

import { HISTORY_MAX_AGE_MS, HISTORY_MAX_BYTES, HISTORY_MAX_RECORDS } from './constants.js';

/** @typedef {import('./record.js').RecordMeta} RecordMeta */

/**
 * Whether retention may remove a record: anything but a live capture.
 * @param {RecordMeta} record
 */
export function evictable(record) {
  return record.state !== 'active' || !!record.imported;
}

/**
 * When a record arrived in this history: a captured one when its capture started (its first
 * checkpoint), an imported one when it was imported. "Oldest first" is in this order.
 * @param {RecordMeta} record
 */
export function arrivedAt(record) {
  return record.imported ? record.imported.at : record.started_at;
}

/**
 * What a record takes of history's 50 MiB: its document's UTF-8 size and the encoded size of its
 * pictures.
 * @param {RecordMeta} record
 */
export function recordBytes(record) {
  return (record.bytes ?? 0) + (record.pictures?.bytes ?? 0);
}

/**
 * Since when a finished record counts toward its 30 days.
 * @param {RecordMeta} record
 */
function keptSince(record) {
  return record.imported ? record.imported.at : (record.stopped_at ?? record.saved_at);
}

/**
 * @param {RecordMeta[]} records every stored record, the one being saved included with its new
 *   size
 * @param {number} now ms since the Unix epoch
 * @returns {string[]} run ids to delete, oldest first
 */
export function planEvictions(records, now) {
  const evict = new Set();
  // Finished records past 30 days go whatever the totals.
  for (const record of records) {
    if (evictable(record) && keptSince(record) < now - HISTORY_MAX_AGE_MS) {
      evict.add(record.run_id);
    }
  }
  let count = records.length - evict.size;
  let bytes = records.filter((r) => !evict.has(r.run_id)).reduce((sum, r) => sum + recordBytes(r), 0);
  const oldestFirst = records
    .filter((r) => evictable(r) && !evict.has(r.run_id))
    .sort((a, b) => arrivedAt(a) - arrivedAt(b));
  for (const record of oldestFirst) {
    if (count <= HISTORY_MAX_RECORDS && bytes <= HISTORY_MAX_BYTES) break;
    evict.add(record.run_id);
    count -= 1;
    bytes -= recordBytes(record);
  }
  return records.filter((r) => evict.has(r.run_id))
    .sort((a, b) => arrivedAt(a) - arrivedAt(b))
    .map((r) => r.run_id);
}
