// Generated from schema/json/link-heartbeat.schema.json by `npm run generate` in extension-tests; do not edit.

export type CaptureState = "active" | "stopped" | "interrupted";

/**
 * `bskLink.heartbeat(…)`, every 2 s while the link is up: the daemon is alive and these
 * captures are active. Records that no heartbeat names for 10 s are recovered as interrupted.
 */
export interface Heartbeat {
  daemon_id: string;
  daemon_version: string;
  pid: number;
  /**
   * Ms since the Unix epoch.
   */
  at: number;
  /**
   * Run ids of the captures this daemon holds active.
   */
  active_runs: string[];
  /**
   * The daemon's live sessions, for the popup's current-task card.
   */
  sessions?: LinkSession[];
}
/**
 * A live session as the popup shows it.
 */
export interface LinkSession {
  id: string;
  name?: string | null;
  /**
   * The URL of the tab the session created.
   */
  url: string;
  /**
   * The session's latest capture, if it has one.
   */
  capture?: LinkCapture | null;
}
export interface LinkCapture {
  run_id: string;
  name?: string | null;
  state: CaptureState;
  requests: number;
  console: number;
  /**
   * How many problems the capture lists so far, and the first one's line (`POST /api/orders
   * 422 …: QTY_EXCEEDS_STOCK …`), for the popup's task card.
   */
  problems?: number;
  first_problem?: string | null;
}
