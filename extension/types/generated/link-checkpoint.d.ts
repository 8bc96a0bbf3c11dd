// Generated from schema/json/link-checkpoint.schema.json by `npm run generate` in extension-tests; do not edit.

export type CaptureState = "active" | "stopped" | "interrupted";
/**
 * Why a capture stopped. Detach, stop, crash and disconnect all end in one of these.
 */
export type StopReason =
  | {
      kind: "stopped";
    }
  | {
      kind: "stopped_from_extension";
    }
  | {
      kind: "session_ended";
    }
  | {
      kind: "tab_returned";
    }
  | {
      kind: "tab_closed";
    }
  | {
      kind: "renderer_crashed";
    }
  | {
      kind: "daemon_shutdown";
    }
  | {
      kind: "browser_disconnected";
    }
  | {
      kind: "actor_panicked";
      actor: string;
    }
  | {
      kind: "recovered";
    };

/**
 * `bskLink.checkpoint(…)`: one already-redacted checkpoint as the JSON text of its export
 * document. Text, not an object: CDP hands a string argument to the worker as one string,
 * where an object is rebuilt there property by property, and the worker need not serialize
 * the document again to learn its size.
 */
export interface CheckpointText {
  /**
   * The export document, serialized.
   */
  json: string;
  /**
   * Its size in UTF-8 bytes (what history's retention counts).
   */
  bytes: number;
  digest: CheckpointDigest;
}
/**
 * What history lists the record by, from the same document ([`CheckpointDigest`]).
 * Optional for the extension: without it, the worker parses the text to learn the same.
 */
export interface CheckpointDigest {
  version: number;
  saved_at: number;
  run: DigestRun;
  /**
   * The page the record is about: its first page load, else its first document request,
   * else its first request; empty without any.
   */
  url: string;
  /**
   * Every page the record visited, in order: the URLs of its page loads, a reload (the same
   * URL right after itself) once; at most [`MAX_DIGEST_PAGES`], the first ones and the last.
   */
  page_urls: string[];
  counts: DigestCounts;
  /**
   * Requests that failed or answered with a status of 400 or more.
   */
  failures: number;
  /**
   * How many problems the record lists (its `problems`), and the first one's line, as its
   * history row and the popup show them; absent in digests of records without the list.
   */
  problems?: number | null;
  first_problem?: string | null;
}
/**
 * The run as history lists it: the fields of [`RunInfo`] a record's metadata keeps.
 */
export interface DigestRun {
  run_id: string;
  name?: string | null;
  session: string;
  state: CaptureState;
  started_at: number;
  stopped_at?: number | null;
  stop_reason?: StopReason | null;
}
/**
 * How many of each kind of evidence a checkpoint holds.
 */
export interface DigestCounts {
  requests: number;
  console: number;
  operations: number;
  pages: number;
}
