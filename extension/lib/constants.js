// @ts-check
// Every bound of browser-local history, in the words of the website-debugging contract's
// "History and export" and "Bounds and lifecycle" (docs/debugging.md#reading-evidence-as-a-person).

import { BOUNDS } from './generated/words.js';

/** "History keeps recent stopped records for 30 days". */
export const HISTORY_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** "up to 50 records". */
export const HISTORY_MAX_RECORDS = 50;

/**
 * "/ 50 MiB total", counted as the UTF-8 size of each stored document plus the encoded size of
 * each filmstrip picture stored with it.
 */
export const HISTORY_MAX_BYTES = 50 * 1024 * 1024;

/**
 * Filmstrip pictures (`bsk debug start --screenshots`) a capture keeps: at most
 * `BOUNDS.maxPictures` (generated from `MAX_PICTURES` in actors/src/bounds.rs), each a masked
 * JPEG of at most 48 KiB. `MAX_PICTURE_BYTES` must equal the one in actors/src/bounds.rs
 * (unit/pictures.test.js checks). A picture over the size is refused here, not stored; the
 * daemon counts what it does not keep (`run.counters.pictures_dropped`).
 */
export const MAX_PICTURES = BOUNDS.maxPictures;
/** See MAX_PICTURES. */
export const MAX_PICTURE_BYTES = 48 * 1024;

/**
 * The shape of a stored record. Bumped when the stored shape changes; `migrate` in
 * record.js brings older records forward without inventing fields.
 *   1  `failures` (the count of failed requests)
 *   2  `imported: { at, file_name }` on records imported from an exported file
 *   3  `pictures: { count, bytes }`, the filmstrip pictures stored apart for the record (in the
 *      `pictures` store), on records that have any
 *   4  `problems` and `first_problem`, the count of the problems the document lists and the
 *      first one's line, on records whose document has the list
 */
export const RECORD_SCHEMA = 4;

/**
 * "The JSON document contains version: 1": the only export document version this extension
 * stores, whether checkpointed by the daemon or imported from a file.
 */
export const EXPORT_VERSION = 1;

/**
 * The daemon ↔ extension link protocol. The daemon refuses an extension that answers another
 * number and says so in `bsk status` (must equal `LINK_PROTOCOL` in schema/src/link.rs).
 * 3: filmstrip pictures travel once each (`bskLink.picture`), and checkpoints refer to them by id.
 */
export const LINK_PROTOCOL = 3;

/**
 * The daemon says it is alive (and which captures are active) every 2 s. A record whose capture
 * nobody has reported for this long, and that has not been saved for as long, was left behind by
 * a daemon or browser that went away: it is recovered as interrupted.
 */
export const HEARTBEAT_STALE_MS = 10_000;

/** The IndexedDB database of this browser profile that holds history. */
export const DB_NAME = 'bsk-history';

/** Pages hear of saved checkpoints on this BroadcastChannel, so a live record updates. */
export const CHANGES_CHANNEL = 'bsk-history-changes';
