// Generated from schema/json/link-goodbye.schema.json by `npm run generate` in extension-tests; do not edit.

/**
 * `bskLink.goodbye(…)`: the daemon is stopping cleanly (`bsk daemon stop`, idle exit). The
 * extension shows it disconnected at once instead of waiting for heartbeats to go stale; its
 * active records are marked interrupted as they would be after the stale limit.
 */
export interface Goodbye {
  daemon_id: string;
  /**
   * Ms since the Unix epoch.
   */
  at: number;
}
