// Generated from schema/json/link-checkpoint-ack.schema.json by `npm run generate` in extension-tests; do not edit.

/**
 * `bskLink.checkpoint(document)` answers this once the snapshot is committed to IndexedDB.
 */
export interface CheckpointAck {
  run_id: string;
  /**
   * Checkpoints of this record stored so far.
   */
  checkpoints: number;
  /**
   * Size of the stored document, in bytes of UTF-8.
   */
  bytes: number;
  saved_at: number;
  /**
   * Older records that retention removed to make room (30 days / 50 records / 50 MiB).
   */
  evicted?: string[];
}
