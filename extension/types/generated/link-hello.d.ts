// Generated from schema/json/link-hello.schema.json by `npm run generate` in extension-tests; do not edit.

/**
 * `bskLink.hello(…)`: the daemon's first call after attaching.
 */
export interface LinkHello {
  protocol: number;
  /**
   * Distinguishes daemons that share one browser (their heartbeats are kept apart).
   */
  daemon_id: string;
  daemon_version: string;
}
