// @ts-check
// Which records automatic retention removes: "History keeps recent stopped records for 30 days,
// up to 50 records / 50 MiB total, evicting the oldest stopped records first. Active captures
// are protected within these limits."

import { HISTORY_MAX_AGE_MS, HISTORY_MAX_BYTES, HISTORY_MAX_RECORDS } from './constants.js';

/**
 * @param {import('./record.js').RecordMeta[]} records every stored record, the one being saved
 *   included with its new size
 * @param {number} now ms since the Unix epoch
 * @returns {string[]} run ids to delete, oldest first
 */
export function planEvictions(records, now) {
  const evict = new Set();
  // Finished records past 30 days go whatever the totals.
  for (const record of records) {
    if (record.state !== 'active' && (record.stopped_at ?? record.saved_at) < now - HISTORY_MAX_AGE_MS) {
      evict.add(record.run_id);
    }
  }
  let count = records.length - evict.size;
  let bytes = records.filter((r) => !evict.has(r.run_id)).reduce((sum, r) => sum + (r.bytes ?? 0), 0);
  const oldestFirst = records
    .filter((r) => r.state !== 'active' && !evict.has(r.run_id))
    .sort((a, b) => a.started_at - b.started_at);
  for (const record of oldestFirst) {
    if (count <= HISTORY_MAX_RECORDS && bytes <= HISTORY_MAX_BYTES) break;
    evict.add(record.run_id);
    count -= 1;
    bytes -= record.bytes ?? 0;
  }
  return records.filter((r) => evict.has(r.run_id))
    .sort((a, b) => a.started_at - b.started_at)
    .map((r) => r.run_id);
}
