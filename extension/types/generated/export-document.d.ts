// Generated from schema/json/export-document.schema.json by `npm run generate` in extension-tests; do not edit.

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
 * How much a capture retains.
 */
export type CaptureProfile = "default" | "load";
export type ColorScheme = "dark" | "light";
export type RequestState = ("pending" | "complete" | "failed") | "unfinished";
/**
 * Which kind of worker.
 */
export type WorkerKind = "dedicated" | "shared" | "service";
/**
 * Where a body stands. Every state but `available` and `empty` says why in `reason`.
 */
export type BodyState =
  "pending" | "available" | "empty" | "truncated" | "unavailable" | "omitted" | "evicted" | "not_in_event";
export type BodyReason =
  | ("binary" | "multipart" | "oversized_structured")
  | "saturated"
  | "missing_browser_buffer"
  | "deadline"
  | "capture_stopped"
  | "request_failed"
  | "body_limit"
  | "capture_budget"
  | "read_failed"
  | "streaming"
  | "worker_not_captured";
export type OperationSource = "agent" | "manual";
export type OperationState = ("running" | "completed" | "failed") | "interrupted";
/**
 * Where a [`PageAfter`] snapshot's text is.
 */
export type PageAfterSource =
  | {
      kind: "next_operation";
      operation_id: string;
    }
  | {
      kind: "follow_up";
      index: number;
    }
  | {
      kind: "observation";
    };
/**
 * Who wrote a console entry.
 */
export type ConsoleSource = "website" | "extension" | "browser" | "unknown";
/**
 * What kind of problem.
 */
export type ProblemKind = "failed" | "status" | "exception" | "console_error";

/**
 * The portable JSON document `bsk debug export` writes.
 */
export interface ExportDocument {
  /**
   * Always 1.
   */
  version: number;
  /**
   * When the snapshot was taken, ms since the Unix epoch.
   */
  saved_at: number;
  run: RunInfo;
  requests: RequestRecord[];
  operations: OperationRecord[];
  console: ConsoleEntry[];
  pages: PageLoad[];
  extension_version?: string | null;
  user_agent?: string | null;
  /**
   * Statistics over all the traffic the capture saw, evicted requests included. Absent in
   * exports written before it existed.
   */
  summary?: TrafficSummary | null;
  /**
   * Present on a history checkpoint of a load-profile capture: what it left out.
   */
  slice?: SliceInfo | null;
  /**
   * The record's problems in time order (failed and 4xx/5xx requests, console errors and
   * uncaught exceptions), each with its own words and the operation it followed: what the
   * evidence page shows first and `bsk debug problems` prints. Absent in records saved by a
   * version that did not list them (a reader says so rather than computing them).
   */
  problems?: Problem[] | null;
}
/**
 * A capture ("run") and its state.
 */
export interface RunInfo {
  run_id: string;
  session: string;
  name?: string | null;
  tab_id: string;
  state: CaptureState;
  started_at: number;
  stopped_at?: number | null;
  stop_reason?: StopReason | null;
  counters: Counters;
  coverage: Coverage;
  history: HistoryStatus;
  /**
   * Retained request + response text, in UTF-16 code units (budget 512 Ki, or `limits`).
   */
  text_units: number;
  limits?: CaptureLimits;
  requests: number;
  console: number;
  operations: number;
  pages: number;
  /**
   * The emulation in force on the tab now, or when the capture stopped (`bsk emulate`);
   * absent when none is.
   */
  emulation?: Emulation | null;
}
/**
 * Every drop and eviction, counted. None of them is ever silent.
 */
export interface Counters {
  requests_seen: number;
  /**
   * Oldest finished requests evicted to keep 200.
   */
  requests_evicted: number;
  console_seen: number;
  /**
   * Oldest console entries evicted to keep 100.
   */
  console_evicted: number;
  operations_evicted: number;
  pages_evicted: number;
  /**
   * Bodies dropped to stay within 512 Ki code units per capture.
   */
  bodies_evicted: number;
  bodies_truncated: number;
  /**
   * Bodies of retained requests lost because the fetch queue (4 running, 32 queued) was full.
   * A request evicted later takes its count with it (it is in `requests_evicted`), so this
   * is the number of retained requests whose body reads `saturated`.
   */
  bodies_saturated: number;
  /**
   * Bodies that had given way to a full queue and were read on a second try, when the queue
   * had emptied and the browser still held them: no longer counted as saturated. Like
   * `bodies_deadline`, it keeps counting a request evicted later.
   */
  bodies_refetched?: number;
  /**
   * Body fetches not made because their request was evicted before its turn (its body was
   * going nowhere): work saved, no evidence lost.
   */
  body_fetches_skipped?: number;
  /**
   * Body fetches that missed the 2.5 s deadline.
   */
  bodies_deadline: number;
  /**
   * Body reads that failed inside bsk (an internal error, written to the daemon's log): the
   * request is kept, its body reads `read_failed`.
   */
  bodies_read_failed?: number;
  /**
   * Browser events lost because a capture queue was full or the event could not be read.
   */
  events_dropped: number;
  /**
   * ExtraInfo events dropped while waiting for their request.
   */
  extra_info_dropped: number;
  /**
   * Filmstrip pictures (`--screenshots`) not kept: over the 40 a capture keeps, or still over
   * 48 KiB at the smallest size bsk scales to, or not taken (the page did not answer).
   */
  pictures_dropped?: number;
}
/**
 * Which browser targets the capture covers.
 */
export interface Coverage {
  /**
   * Iframe targets captured over the capture's life (at most 16 attached at once; a detached one
   * frees its place).
   */
  iframe_targets: number;
  /**
   * Iframe targets not captured because 16 were attached at the time.
   */
  iframe_targets_over_limit: number;
  /**
   * Iframe targets whose capture set-up failed.
   */
  iframe_setup_failed: number;
  /**
   * Iframe targets that existed before capture started: their earliest requests may be missing.
   */
  iframe_targets_late: number;
  /**
   * Capture started on a page that had already loaded: its load and earlier traffic are not
   * in the capture.
   */
  late_start?: boolean;
  /**
   * Whether the capture records workers' requests (`bsk debug start --workers`).
   */
  workers?: boolean;
  /**
   * Worker targets captured over the capture's life (at most 8 attached at once). Without
   * `--workers`, only their console is recorded.
   */
  worker_targets?: number;
  /**
   * Worker targets not captured because 8 were attached at the time.
   */
  worker_targets_over_limit?: number;
  /**
   * Workers seen while the capture does not record workers' requests: their traffic is not
   * in the capture.
   */
  worker_traffic_not_recorded?: number;
  /**
   * A capture with `--workers` of a tab in the person's own browser context (a borrowed tab,
   * or a session on the shared profile): its shared workers are not covered, since that
   * context's shared workers may serve pages no session owns.
   */
  shared_workers_not_covered?: boolean;
  /**
   * Whether the capture keeps a masked picture of the page after each agent operation
   * (`bsk debug start --screenshots`).
   */
  screenshots?: boolean;
}
/**
 * Whether retained evidence reaches browser-local history.
 */
export interface HistoryStatus {
  available: boolean;
  reason?: string | null;
  checkpoints: number;
  last_checkpoint_at?: number | null;
  /**
   * How far apart checkpoints are now, in ms, when a busy browser has spaced them beyond the
   * 2 s floor (each save waits 50 times as long as the last one took, at most 10 s).
   */
  spacing_ms?: number | null;
}
/**
 * What the capture retains at most. Exports written before limits existed had the spec's.
 */
export interface CaptureLimits {
  profile: CaptureProfile;
  max_requests: number;
  max_console: number;
  /**
   * Retained request + response body text, in UTF-16 code units.
   */
  text_budget: number;
  /**
   * What the daemon reserves for this capture against its memory budget, in bytes: the
   * worst case at these limits.
   */
  memory_reserved: number;
}
/**
 * What is in force on a tab: every override bsk set, none when the tab runs as the session
 * started it.
 */
export interface Emulation {
  viewport?: ViewportEmulation | null;
  /**
   * The user agent a device sets.
   */
  user_agent?: string | null;
  network?: NetworkEmulation | null;
  /**
   * CPU slowdown factor.
   */
  cpu?: number | null;
  color_scheme?: ColorScheme | null;
  reduced_motion?: boolean;
  locale?: string | null;
  timezone?: string | null;
}
export interface ViewportEmulation {
  width: number;
  height: number;
  dpr: number;
  mobile: boolean;
  touch: boolean;
  /**
   * The device from bsk's table it came from.
   */
  device?: string | null;
}
export interface NetworkEmulation {
  /**
   * `Slow 3G`, `Offline`, … or `custom`.
   */
  name: string;
  offline: boolean;
  latency_ms: number;
  download_kbps: number;
  upload_kbps: number;
}
/**
 * A request as capture retains it: its [`RequestHead`], headers, timing and bodies.
 */
export interface RequestRecord {
  /**
   * Stable, distinct across redirects and iframe targets.
   */
  id: string;
  /**
   * Bumped on every update; `--since` follows it.
   */
  revision: number;
  redirect_from?: string | null;
  /**
   * On a CORS preflight (`OPTIONS`): the id of the request it guards.
   */
  preflight_for?: string | null;
  /**
   * On a request that needed a CORS preflight: the preflight's id.
   */
  preflight?: string | null;
  url: string;
  method: string;
  resource_type?: string | null;
  state: RequestState;
  /**
   * Milliseconds since the Unix epoch, by the browser's clock (`wallTime`).
   */
  started_at: number;
  status?: number | null;
  /**
   * The CDP target (tab or iframe) the request was seen on.
   */
  target_id: string;
  failure?: string | null;
  /**
   * Served from the memory or disk cache (`fromDiskCache`, `requestServedFromCache`).
   */
  from_cache?: boolean;
  from_service_worker?: boolean;
  /**
   * An HTTPS response whose certificate the browser did not trust: loaded only because the
   * session ignores certificate errors.
   */
  untrusted_certificate?: boolean;
  /**
   * The worker that made the request (`bsk debug start --workers`); absent for the page's
   * and its frames' own requests.
   */
  worker?: WorkerSource | null;
  /**
   * The emulation in force when it started (`bsk emulate`), as
   * [`crate::emulation::Emulation::label`] names it (`Offline`, `390×844 mobile, Slow 3G`);
   * absent when none was.
   */
  emulation?: string | null;
  /**
   * When the browser finished, failed or redirected it, by the same clock (its monotonic
   * `timestamp` moved onto `started_at`'s); the time the daemon read the event when the
   * browser gave no timestamp.
   */
  ended_at?: number | null;
  status_text?: string | null;
  frame_id?: string | null;
  mime_type?: string | null;
  /**
   * Bytes received for it in all (status line, headers and body as sent on the wire), as
   * the browser counted them when it finished (`encodedDataLength`).
   */
  encoded_data_length?: number | null;
  /**
   * Bytes the response's status line and headers took on the wire, as the browser counted
   * them when they arrived (`Response.encodedDataLength`).
   */
  response_headers_size?: number | null;
  /**
   * The response's protocol as Chrome names it (`http/1.1`, `h2`, `h3`, `data`, …).
   */
  protocol?: string | null;
  /**
   * The server's IP address, when the response came over the network.
   */
  remote_ip?: string | null;
  remote_port?: number | null;
  /**
   * Who started it: `{type, url?, line?}`, the first stack frame at most.
   */
  initiator?: {
    [k: string]: unknown;
  };
  /**
   * Chrome's `ResourceTiming`, as sent.
   */
  timing?: ResourceTiming | null;
  request_headers: Headers;
  /**
   * Raw headers from `requestWillBeSentExtraInfo` (cookies included, redacted).
   */
  request_headers_raw?: Headers | null;
  response_headers: Headers;
  /**
   * Raw headers from `responseReceivedExtraInfo` (`Set-Cookie` included, redacted).
   */
  response_headers_raw?: Headers | null;
  request_body: Body;
  response_body: Body;
}
/**
 * A worker as the source of a request or console entry: its kind and script URL (redacted).
 */
export interface WorkerSource {
  kind: WorkerKind;
  url: string;
}
/**
 * Chrome's `ResourceTiming`, as sent: milliseconds after `requestTime` (seconds), `-1` where a phase did not happen.
 */
export interface ResourceTiming {
  [k: string]: number;
}
/**
 * One header set, redacted, bounded to 4 Ki characters.
 */
export interface Headers {
  entries: [unknown, unknown][];
  /**
   * Entries dropped to stay within the bound.
   */
  dropped?: number;
}
/**
 * A request or response body and its state.
 */
export interface Body {
  state: BodyState;
  reason?: BodyReason | null;
  mime_type?: string | null;
  /**
   * Retained, redacted text. Lists never carry it; detail reads and the export do.
   */
  text?: string | null;
  /**
   * Length of `text` in UTF-16 code units.
   */
  units?: number;
  /**
   * Length the browser reported before truncation, in code units, when known.
   */
  original_units?: number | null;
  /**
   * A binary body, identified without keeping a byte of it: its size, SHA-256 and the type
   * its first bytes show. Absent when the bytes could not be read (the body pool was busy,
   * the browser no longer had them).
   */
  binary?: BinaryFacts | null;
  /**
   * A `multipart/*` body as its parts: text parts with their (redacted) values, files by
   * name, type, size and SHA-256, never their content.
   */
  parts?: BodyPart[] | null;
  /**
   * Parts beyond the 64 kept.
   */
  parts_dropped?: number;
  /**
   * A stream's bytes received before it ended unread (`reason: streaming`), as the browser
   * counted them on the wire.
   */
  bytes_seen?: number | null;
}
/**
 * What identifies bytes bsk does not keep.
 */
export interface BinaryFacts {
  bytes: number;
  /**
   * Lowercase hex.
   */
  sha256: string;
  /**
   * The type the first bytes show (`image/png`, `application/pdf`, `application/wasm`,
   * `application/gzip`, …), when they match a known signature.
   */
  sniffed_type?: string | null;
}
/**
 * One part of a multipart body.
 */
export interface BodyPart {
  name?: string | null;
  /**
   * A file part's file name.
   */
  filename?: string | null;
  content_type?: string | null;
  bytes: number;
  /**
   * A text part's value, redacted like a form field (a password part is `[redacted]`), at
   * most 4 Ki code units.
   */
  value?: string | null;
  /**
   * The value was cut at its bound.
   */
  truncated?: boolean;
  /**
   * A file part whose bytes the browser did not hand over: a form navigation's files are
   * read by the network stack and not kept for DevTools, so `bytes` and the digest are
   * unknown (the `upload` operation that chose the file records its size and digest).
   */
  unread?: boolean;
  /**
   * A file or binary part: SHA-256 of its bytes (lowercase hex), and the type they show.
   */
  sha256?: string | null;
  sniffed_type?: string | null;
}
export interface OperationRecord {
  id: string;
  revision: number;
  source: OperationSource;
  /**
   * `navigate`, `click`, `fill`, …
   */
  name: string;
  /**
   * The operation's parameters, values redacted.
   */
  params: {
    [k: string]: unknown;
  };
  /**
   * The elements it acted on, named when it acted (a drag names its source, then its
   * target). Operations without a target, and records saved before names existed, have none.
   */
  acted_on?: ActedOn[];
  /**
   * The emulation in force when it started (`bsk emulate`), as [`crate::emulation::Emulation::label`]
   * names it; absent when none was.
   */
  emulation?: string | null;
  state: OperationState;
  started_at: number;
  ended_at?: number | null;
  summary?: string | null;
  error?: string | null;
  /**
   * The page's visible text just before an agent input was dispatched (redacted, at most
   * 6,000 characters): the operation's before-state, against which its text changes are
   * read. Manual operations and captures recorded before it existed have none.
   */
  before_text?: string | null;
  /**
   * The page right after the operation completed.
   */
  observation?: PageObservation | null;
  /**
   * Later changes of the page within 15 s (coalesced at 700 ms), at most 4.
   */
  follow_ups?: PageObservation[];
  /**
   * Changing observations beyond the 4 retained.
   */
  follow_ups_evicted?: number;
  /**
   * The page as it looked once the operation settled (`--screenshots`): a masked JPEG.
   */
  picture?: Picture | null;
  /**
   * Manual input events suppressed because an agent operation was producing them.
   */
  suppressed_manual_events?: number;
  /**
   * Per field: original, operation-time, submitted, response and later page values. Filled
   * by `bsk debug operation` and the export.
   */
  field_chain?: FieldChain[] | null;
  /**
   * The ids of the requests and console entries in the operation's evidence windows, so an
   * export stands alone without recomputing them. Filled by the export.
   */
  windows?: OperationWindows | null;
  /**
   * What its windows hold, counted as the record's Problems are. Filled by the export.
   */
  counts?: WindowCounts | null;
  /**
   * The page as it stood once the operation's window closed (see [`PageAfter`]). Filled by
   * the export.
   */
  page_after?: PageAfter | null;
  /**
   * The page text the operation added and removed: from its before-state to
   * [`OperationRecord::page_after`], as `bsk debug operation` shows it. Filled by the export.
   */
  text_change?: TextChange | null;
}
/**
 * An element an operation acted on, named as a person reads it: its accessible role and name
 * (cleaned as `observe` cleans names, and redacted), and the frame it is in.
 */
export interface ActedOn {
  /**
   * The `@eN` ref or CSS selector the agent gave.
   */
  target: string;
  /**
   * Its accessible role (`button`, `textbox`, `link`, …).
   */
  role?: string | null;
  /**
   * Its accessible name; absent when it has none.
   */
  name?: string | null;
  /**
   * Its tag, lowercase (`button`, `input`, `div`).
   */
  tag: string;
  /**
   * Its `id` attribute.
   */
  element_id?: string | null;
  /**
   * The start of its text, when it has no accessible name (at most 40 characters).
   */
  text?: string | null;
  /**
   * The URL of the frame it is in; `main frame` for the top document.
   */
  frame: string;
}
/**
 * What the main page showed at one moment: bounded visible text and up to 16 fields. Shadow DOM
 * and iframes are not covered.
 */
export interface PageObservation {
  /**
   * Ms since the Unix epoch.
   */
  at: number;
  url: string;
  /**
   * The document's title, redacted, at most 300 characters; absent in observations made
   * before it was recorded.
   */
  title?: string | null;
  /**
   * Visible main-page text, redacted, at most 6000 characters.
   */
  text: string;
  text_truncated?: boolean;
  /**
   * `dom` (the page's rendered text) or `accessibility` (accessible names, at most 100 lines,
   * when the page has no rendered text).
   */
  text_source: string;
  fields: FieldSnapshot[];
  /**
   * Controls looked at (at most 80).
   */
  candidates_scanned: number;
  /**
   * More controls existed than were scanned.
   */
  candidates_over_limit?: boolean;
  /**
   * Fields left out: no usable name or id, a duplicate, an overly long or custom identity.
   */
  unidentified?: number;
  /**
   * Fields past the 16 kept.
   */
  fields_over_limit?: number;
}
/**
 * One conventional form field as the observer saw it.
 */
export interface FieldSnapshot {
  /**
   * The field's `name`, else its `id`: a stable identity, never guessed.
   */
  name: string;
  /**
   * The form's id, name or action; absent for a field outside a form.
   */
  form?: string | null;
  /**
   * `text`, `email`, `select`, `textarea`, `checkbox`, …
   */
  kind: string;
  /**
   * The value, redacted, at most 256 characters; absent when omitted.
   */
  value?: string | null;
  /**
   * A credential, payment or file field: its value is never recorded.
   */
  omitted?: boolean;
  truncated?: boolean;
}
/**
 * A picture of the page once an operation settled (`bsk debug start --screenshots`): a JPEG,
 * sensitive fields painted over (pixels are masked by field, not redacted by content), at most
 * 48 KiB. Pictures are immutable: between the daemon and the extension each travels once, by
 * id; the export carries it inline.
 */
export interface Picture {
  /**
   * `p1`, `p2`, … within the capture.
   */
  id: string;
  /**
   * `image/jpeg`.
   */
  mime_type: string;
  /**
   * The encoded picture's size.
   */
  bytes: number;
  width: number;
  height: number;
  /**
   * SHA-256 of the encoded bytes, hex.
   */
  sha256: string;
  /**
   * Ms since the Unix epoch.
   */
  taken_at: number;
  /**
   * The picture itself, base64: in the export, and in memory; lists, reads and history's
   * checkpoints leave it out (history keeps it apart, by id).
   */
  base64?: string | null;
}
/**
 * One field followed through an operation.
 */
export interface FieldChain {
  name: string;
  original: ChainValue;
  operation_time: ChainValue;
  submitted: ChainValue;
  response: ChainValue;
  later: ChainValue;
}
/**
 * Where one value of a field chain came from, or why it is missing.
 */
export interface ChainValue {
  value?: string | null;
  /**
   * The request the value came from (submitted and response values).
   */
  request_id?: string | null;
  /**
   * The page load it came from (later values).
   */
  page_id?: string | null;
  /**
   * Why it is not linked: `not_recorded`, `not_found`, `different_name`, `array`,
   * `duplicate_name`, `truncated_body`, `missing_body`, `omitted`.
   */
  unlinked?: string | null;
  /**
   * Operations that happened between this one and the later load (not a causal claim).
   */
  intervening_operations?: string[];
}
/**
 * An operation's two evidence windows by id.
 */
export interface OperationWindows {
  immediate: WindowIds;
  possibly_related: WindowIds1;
}
/**
 * From the operation's start until 1.5 s after it completed, or the next operation.
 */
export interface WindowIds {
  from: number;
  until: number;
  requests: string[];
  console: string[];
}
/**
 * Up to 15 s after it completed, capped by the next operation and by stop: by start time,
 * not proven cause.
 */
export interface WindowIds1 {
  from: number;
  until: number;
  requests: string[];
  console: string[];
}
/**
 * How many problems an operation's windows hold, as the Problems list counts them: errors are
 * failed and 4xx/5xx requests, console errors and exceptions (a request's echoes are not
 * counted again); warnings are console warnings.
 */
export interface WindowCounts {
  /**
   * Requests in both windows, static ones included.
   */
  requests: number;
  /**
   * Requests in both windows that lists fold (static resources, `data:`, extension traffic),
   * never a failing one.
   */
  folded: number;
  console: number;
  errors: number;
  warnings: number;
}
/**
 * Which snapshot shows the page after an operation: the last one taken before the next
 * operation started, within the 15 s follow-up window. That is the next operation's
 * before-state when it came within the window, else the operation's latest follow-up, else its
 * observation. The text is where it is named, not copied.
 */
export interface PageAfter {
  /**
   * When the snapshot was taken, ms since the Unix epoch.
   */
  at: number;
  from: PageAfterSource;
}
/**
 * Lines of visible page text that appeared or disappeared, at most 10 of each.
 */
export interface TextChange {
  added: string[];
  removed: string[];
  /**
   * More lines changed than are listed.
   */
  truncated: boolean;
}
export interface ConsoleEntry {
  id: string;
  revision: number;
  /**
   * Milliseconds since the Unix epoch: when the browser says it was logged, else when the
   * daemon read it (a dialog).
   */
  at: number;
  source: ConsoleSource;
  /**
   * `log`, `info`, `warning`, `error`, `debug`, …
   */
  level: string;
  /**
   * `console` (console API), `exception` (uncaught error or unhandled rejection), `browser`,
   * or `dialog` (a JavaScript alert, confirm, prompt or beforeunload the page opened).
   */
  kind: string;
  /**
   * Redacted, at most 4 Ki characters.
   */
  text: string;
  url?: string | null;
  /**
   * The source line, 0-based as Chrome reports it; `bsk debug console` and the evidence page
   * show it 1-based, as editors and DevTools do.
   */
  line?: number | null;
  /**
   * The source column, 0-based as Chrome reports it; shown 1-based.
   */
  column?: number | null;
  target_id: string;
  /**
   * The worker that logged it; absent for the page's and its frames' own entries.
   */
  worker?: WorkerSource | null;
}
/**
 * One main-frame page load, for context.
 */
export interface PageLoad {
  id: string;
  revision: number;
  url: string;
  /**
   * When the navigation committed, ms since the Unix epoch.
   */
  at: number;
  dom_content_loaded_at?: number | null;
  loaded_at?: number | null;
  /**
   * The page as it stood after `load`, when the observer could read it.
   */
  observation?: PageObservation | null;
}
/**
 * Statistics over every request a capture saw since it started, evicted ones included: what is
 * left of a load test's traffic once its records are gone (`bsk debug summary`).
 */
export interface TrafficSummary {
  /**
   * Requests counted: every redirect hop and every CORS preflight is one, as the server sees
   * them.
   */
  requests: number;
  /**
   * One row per method and route, most requests first; at most 512.
   */
  routes: RouteStats[];
  /**
   * Every request on a route beyond the 512th, together (`route` is `other`).
   */
  other?: RouteStats | null;
  /**
   * Requests counted whose outcome the summary could not follow: more than 4096 were in flight
   * at once. They are in `requests` and their route's `count`, in no outcome.
   */
  untracked?: number;
}
/**
 * One method and route of a [`TrafficSummary`].
 */
export interface RouteStats {
  method: string;
  /**
   * Host (with port) and path; numeric, UUID and long hexadecimal segments read `{id}`; the
   * query is left out. `data:`, `blob:` and the like are their scheme.
   */
  route: string;
  count: number;
  /**
   * Responses by status class (`1xx` … `5xx`), redirects included. A response whose body then
   * failed is counted here and in `failed`.
   */
  status: {
    [k: string]: number;
  };
  /**
   * Requests that ended with `Network.loadingFailed`.
   */
  failed: number;
  /**
   * Failures by the browser's error text, most frequent first; at most 8, the rest in
   * `failures_other`.
   */
  failures?: FailureCount[];
  failures_other?: number;
  /**
   * Served from the browser's cache or a service worker.
   */
  cached?: number;
  /**
   * Neither finished nor failed (yet, or when the capture stopped).
   */
  in_flight: number;
  /**
   * Duration from the request being sent to its last byte or failure, over finished requests.
   */
  duration_ms?: Percentiles | null;
  /**
   * Bytes received on the wire, headers included (Chromium's `encodedDataLength`).
   */
  bytes_in: number;
  /**
   * Request body bytes sent, where the browser reported them.
   */
  bytes_out: number;
  /**
   * When the first and the latest request of the route were sent, ms since the Unix epoch.
   */
  first_seen: number;
  last_seen: number;
}
/**
 * A failure's error text and how many requests ended with it.
 */
export interface FailureCount {
  error: string;
  count: number;
}
/**
 * Duration percentiles, in milliseconds, within 2% of the exact value (log-scaled buckets).
 */
export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}
/**
 * Requests and console entries a checkpoint of a load-profile capture left out: history keeps
 * the spec-bounded newest slice; `bsk debug export --output` has everything.
 */
export interface SliceInfo {
  requests_left_out: number;
  console_left_out: number;
  /**
   * Bodies of kept requests whose text was left out to stay within 512 Ki code units.
   */
  bodies_left_out: number;
}
/**
 * One problem of a record, in time order.
 */
export interface Problem {
  kind: ProblemKind;
  /**
   * When it started (a request) or was logged (a console entry), ms since the Unix epoch.
   */
  at: number;
  /**
   * The request (`failed`, `status`).
   */
  request_id?: string | null;
  /**
   * The console entry (`exception`, `console_error`).
   */
  console_id?: string | null;
  /**
   * One line a person reads first: `POST /api/orders 422 Unprocessable Entity:
   * QTY_EXCEEDS_STOCK Only 2 left`, or the exception's text.
   */
  summary: string;
  /**
   * The error code the response body names (the first string at a key named like `code`),
   * for a JSON body.
   */
  code?: string | null;
  /**
   * The message the response body gives (the first string at `message`, `error`, `detail`,
   * `title`, …; or the first line of a short text body), or the failure's text, or the
   * console entry's text.
   */
  message?: string | null;
  /**
   * Where an exception or error was thrown or logged: `url:line:column` (1-based).
   */
  source?: string | null;
  /**
   * The browser's own console errors about this request ("Failed to load resource"), listed
   * with it rather than as problems of their own.
   */
  echoes?: string[];
  /**
   * The frame or worker it came from, by origin and path, when not the page's own document.
   */
  frame?: string | null;
  /**
   * The operation in whose window it started (immediate or possibly related): by start
   * time, not proven cause.
   */
  after?: ProblemAfter | null;
}
/**
 * The operation a problem followed.
 */
export interface ProblemAfter {
  operation_id: string;
  /**
   * `click button "Place order"`: its name and what it acted on.
   */
  label: string;
  /**
   * Within the operation's immediate window (else possibly related, up to 15 s later).
   */
  immediate: boolean;
}
