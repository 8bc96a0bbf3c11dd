// Generated from schema/json/export-document.schema.json (`StopReason::words` in schema/src/capture/run.rs)
// by `npm run generate` in extension-tests; do not edit.
// @ts-check

/** Every stop reason of the export schema, in words. @type {Readonly<Record<string, string>>} */
export const STOP_REASONS = Object.freeze({
  "stopped": "stopped with bsk debug stop",
  "stopped_from_extension": "stopped from the extension’s popup",
  "session_ended": "the session ended",
  "tab_returned": "the tab was returned to its user",
  "tab_closed": "the tab was closed",
  "renderer_crashed": "the page’s renderer crashed",
  "daemon_shutdown": "the bsk daemon shut down",
  "browser_disconnected": "the browser exited or the connection to it was lost",
  "actor_panicked": "a capture component failed",
  "recovered": "left active by a daemon or browser that went away; recovered from its last checkpoint"
});
