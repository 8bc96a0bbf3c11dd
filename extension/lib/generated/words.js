// Generated from actors/src/words.rs and actors/src/bounds.rs by `BSK_UPDATE_SCHEMA=1 cargo test -p bsk-actors`;
// do not edit.
// @ts-check

/** Every body state, in the words a person reads. @type {Readonly<Record<string, string>>} */
export const BODY_STATES = Object.freeze({
  "pending": "pending — asked for, not yet answered",
  "available": "available",
  "empty": "empty — the browser reported no body",
  "truncated": "truncated",
  "unavailable": "unavailable",
  "omitted": "omitted",
  "evicted": "evicted — dropped to stay within the text budget of 512 Ki characters per capture",
  "not_in_event": "not in event — the request event carried no POST data and none could be fetched"
});

/** Every body reason, in words. @type {Readonly<Record<string, string>>} */
export const BODY_REASONS = Object.freeze({
  "binary": "binary",
  "multipart": "multipart content",
  "oversized_structured": "oversized structured body",
  "saturated": "the body queue (32) was full",
  "missing_browser_buffer": "the browser no longer had the body",
  "deadline": "the browser did not answer within 2.5 s",
  "capture_stopped": "capture stopped before the body arrived",
  "request_failed": "the request failed or never finished loading",
  "body_limit": "over the body limit of 64 Ki characters",
  "capture_budget": "over the text budget of 512 Ki characters per capture",
  "read_failed": "bsk failed while reading it (an internal error, in the daemon log)",
  "streaming": "a stream (server-sent events) that had not ended: what arrived is counted",
  "worker_not_captured": "a worker's script, finished on the worker, which this capture does not record (bsk debug start --workers does)"
});

/** The bounds the pages name: counts as numbers, sizes and times as they are read. */
export const BOUNDS = Object.freeze({
  "maxRequests": 200,
  "maxConsole": 100,
  "textBudget": "512 Ki",
  "bodyLimit": "64 Ki",
  "bodyQueue": 32,
  "bodyFetchers": 4,
  "bodyDeadline": "2.5 s",
  "immediateWindow": "1.5 s",
  "possiblyRelatedWindow": "15 s",
  "maxIframeTargets": 16,
  "maxWorkerTargets": 8,
  "maxFields": 16,
  "maxPageTextChars": 6000,
  "maxRoutes": 512,
  "maxPictures": 40,
  "staticTypes": [
    "Image",
    "Font",
    "Stylesheet",
    "Media",
    "Manifest",
    "TextTrack"
  ]
});
