//! Every bound of the capture runtime, named once, with the words of the website-debugging
//! contract's "Bounds and lifecycle" (what happens when each is full:
//! `docs/runtime-semantics.md#bounds-and-what-happens-when-full`). Code that enforces a bound
//! names the constant; nothing else spells the number.

use std::time::Duration;

/// "Live in-memory captures: 4 across the extension; saved stopped captures evicted first".
pub const MAX_LIVE_CAPTURES: usize = 4;

/// "Page-load observations: 20 per capture".
pub const MAX_PAGE_LOADS: usize = 20;

/// "Fields / value length: 16 / 256 characters per page observation".
pub const MAX_FIELDS: usize = 16;
/// "Fields / value length: 16 / 256 characters per page observation".
pub const MAX_FIELD_VALUE_CHARS: usize = 256;

/// "Follow-up observations: 4 retained changes per operation, within 15 seconds".
pub const MAX_FOLLOW_UPS: usize = 4;
/// "Follow-up observations: 4 retained changes per operation, within 15 seconds".
pub const FOLLOW_UP_WINDOW: Duration = Duration::from_secs(15);

/// "Requests / operations / console entries: 200 / 64 / 100 per capture".
pub const MAX_REQUESTS: usize = 200;
/// "Requests / operations / console entries: 200 / 64 / 100 per capture".
pub const MAX_OPERATIONS: usize = 64;

/// Filmstrip pictures (`bsk debug start --screenshots`) a capture keeps: beyond the spec's
/// version, which leaves screenshots out of capture, so opt-in. At [`MAX_PICTURE_BYTES`] each,
/// 40 stay under 2 MiB of a record's history budget. Past it, a picture is dropped and counted
/// (`pictures_dropped`).
pub const MAX_PICTURES: usize = 40;

/// The largest filmstrip picture: a masked JPEG is scaled down until it fits, and dropped and
/// counted when even the smallest size does not.
pub const MAX_PICTURE_BYTES: usize = 48 * 1024;

/// Changes of emulation (`bsk emulate`) a capture keeps to stamp requests and operations by
/// their start time. Beyond the spec's version. Every change is an operation too, so the oldest
/// drop off here as operations do; a request older than the oldest kept is stamped with it.
pub const MAX_EMULATION_CHANGES: usize = 16;
/// "Requests / operations / console entries: 200 / 64 / 100 per capture".
pub const MAX_CONSOLE_ENTRIES: usize = 100;

/// "Retained request + response text: 512 Ki UTF-16 code units per capture".
pub const MAX_CAPTURE_TEXT_UNITS: usize = 512 * 1024;

/// "Individual body: 64 Ki code units, with explicit truncation/omission".
pub const MAX_BODY_UNITS: usize = 64 * 1024;

/// "Response acquisition: 4 concurrent jobs, 32 queued, 2.5 s command deadline".
pub const BODY_FETCH_CONCURRENCY: usize = 4;
/// "Response acquisition: 4 concurrent jobs, 32 queued, 2.5 s command deadline".
pub const BODY_FETCH_QUEUE: usize = 32;
/// "Response acquisition: 4 concurrent jobs, 32 queued, 2.5 s command deadline".
pub const BODY_FETCH_DEADLINE: Duration = Duration::from_millis(2500);

/// "Browser response buffers: 2 MiB per target, 256 KiB per resource" (`Network.enable`'s
/// `maxTotalBufferSize`).
pub const BROWSER_BUFFER_PER_TARGET: usize = 2 * 1024 * 1024;
/// "Browser response buffers: 2 MiB per target, 256 KiB per resource" (`Network.enable`'s
/// `maxResourceBufferSize`).
pub const BROWSER_BUFFER_PER_RESOURCE: usize = 256 * 1024;

/// "Attached capture targets: Root + up to 16 existing/new iframe targets".
pub const MAX_IFRAME_TARGETS: usize = 16;

/// Worker targets a capture has attached at once (dedicated and service workers that reach the
/// page): a bound of their own, past the spec, so a page's iframes keep their 16. A worker over
/// it is not captured and is counted (`worker_targets_over_limit`).
pub const MAX_WORKER_TARGETS: usize = 8;

/// A dedicated worker's attach travels in the control lane, ahead of the page's evidence: when
/// it comes before the page's request for the worker's script, the script is awaited, so that
/// its request (whose end the page never sees) neither stays pending nor holds settling. At
/// most this many scripts are awaited at once, each for [`WORKER_SCRIPT_AWAITED_MS`]; an entry
/// dropped early only leaves that script pending until the capture stops, where it ends
/// definite.
pub const MAX_AWAITED_WORKER_SCRIPTS: usize = 16;

/// How long a worker's script is awaited after its worker attached (the lanes are
/// milliseconds apart); past it, a request for that URL is an ordinary one.
pub const WORKER_SCRIPT_AWAITED_MS: u64 = 2_000;

/// "Header retention: 4 Ki characters per header set; pending ExtraInfo bounded separately".
pub const MAX_HEADER_SET_CHARS: usize = 4 * 1024;

/// "Changed captures are checkpointed at most once per two seconds, with an immediate save at
/// start and stop."
pub const CHECKPOINT_INTERVAL: Duration = Duration::from_secs(2);

/// A busy browser spaces a capture's checkpoints further: the next throttled save waits this
/// many times as long as the last one took (from its snapshot to the extension's answer), so
/// storing history takes at most a fiftieth of a capture's time while saves take under 0.2 s —
/// the case of many captures on a saturated machine, where each save costs the daemon, the
/// browser and the extension serializing, passing on and storing up to a couple of MiB, once per
/// interval whatever the page's traffic (so the longer a saturated machine makes a page run,
/// the more saves each of its requests pays). Saves that take under 40 ms (an idle browser: a
/// full-size save takes 20–30 ms) keep the 2 s; slower than 0.2 s, they still come every
/// [`CHECKPOINT_SPACING_MOST`].
pub const CHECKPOINT_SPACING_FACTOR: u32 = 50;

/// The furthest apart a busy browser spaces checkpoints: what a crash can lose at most.
pub const CHECKPOINT_SPACING_MOST: Duration = Duration::from_secs(10);

/// "The immediate evidence window ends 1.5 seconds after the operation completes or when the
/// next operation starts."
pub const IMMEDIATE_WINDOW: Duration = Duration::from_millis(1500);
/// "Later requests and console entries can appear for up to 15 seconds as possibly related,
/// capped by the next operation and stop."
pub const POSSIBLY_RELATED_WINDOW: Duration = Duration::from_secs(15);

/// "Continuous typing is grouped with a 350 ms debounce".
pub const TYPING_DEBOUNCE: Duration = Duration::from_millis(350);
/// "Follow-up page observations are coalesced at 700 ms".
pub const FOLLOW_UP_COALESCE: Duration = Duration::from_millis(700);

/// "Captured page text is bounded to 6000 characters; the accessibility fallback also limits
/// 100 lines."
pub const MAX_PAGE_TEXT_CHARS: usize = 6000;

/// Characters past a text bound that are redacted with the text before it, so that a value the
/// bound cuts is recognised (a bare bearer token needs 16 of its characters, an assignment its
/// name, separator and first character) and redacted as far as it is kept.
pub const REDACTION_MARGIN_CHARS: usize = 256;

/// A page observation's document title, redacted as page text is; beyond the spec's list, for
/// naming the page in HAR and on the evidence page (a line, not a text).
pub const MAX_PAGE_TITLE_CHARS: usize = 300;
/// "Captured page text is bounded to 6000 characters; the accessibility fallback also limits
/// 100 lines."
pub const MAX_ACCESSIBILITY_LINES: usize = 100;
/// "The observer scans at most 80 candidate controls."
pub const MAX_CANDIDATE_CONTROLS: usize = 80;

/// "Body field summaries are bounded to 12 requests, 96 scalar fields and 256 characters per
/// value."
pub const FIELD_CHAIN_REQUESTS: usize = 12;
/// "Body field summaries are bounded to 12 requests, 96 scalar fields and 256 characters per
/// value."
pub const FIELD_CHAIN_SCALARS: usize = 96;

// ---- the load profile (`bsk debug start --profile load`) ---------------------------------------
// An opt-in exception to the per-capture bounds above, for load tests
// (`docs/debugging.md#the-load-profile`). The default stays the spec's bounds exactly.

/// Most requests a load-profile capture retains.
pub const LOAD_MAX_REQUESTS: usize = 10_000;
/// Most console entries a load-profile capture retains.
pub const LOAD_MAX_CONSOLE_ENTRIES: usize = 5_000;
/// Most body text a load-profile capture retains, in UTF-16 code units (32 Mi).
pub const LOAD_MAX_TEXT_UNITS: usize = 32 * 1024 * 1024;

/// Characters of a URL a capture keeps (a request's, a console entry's, a page load's): a longer
/// one, redacted first, is cut and ends in `…`. Browsers accept URLs of megabytes (`data:` URLs,
/// paths a page makes up), and the daemon reserves a bounded size per record.
pub const MAX_URL_CHARS: usize = 8 * 1024;

/// What the daemon reserves per retained request: four header sets of 4 Ki characters, the URL,
/// timing and the record itself, at their worst.
pub const RESERVED_PER_REQUEST: u64 = 24 * 1024;
/// What the daemon reserves per retained console entry: 4 Ki code units of text, its source and
/// the record.
pub const RESERVED_PER_CONSOLE_ENTRY: u64 = 8 * 1024 + 1024;
/// What the daemon reserves per code unit of retained body text (UTF-8, at worst 3 bytes).
pub const RESERVED_PER_TEXT_UNIT: u64 = 3;

/// "pending ExtraInfo bounded separately": raw headers (`…ExtraInfo` events) that come before
/// their request wait for it, as many as the capture retains requests, from 64 up to 1,000 (a
/// load profile's). In a burst the browser's network service reports hundreds of requests
/// before the renderer does; past the bound the oldest waiting is dropped and counted.
pub fn pending_extra_info(max_requests: usize) -> usize {
    max_requests.clamp(64, 1_000)
}

/// Evicted requests a capture remembers the CDP ids of, so that their late raw headers are let
/// go at once (`store::pending_extra`): more than a burst keeps in flight.
pub const MAX_EVICTED_REMEMBERED: usize = 1024;

/// What the daemon reserves per remembered evicted id: the id twice (a map and its order) and
/// their entries.
pub const RESERVED_PER_EVICTED_ID: u64 = 256;

/// What the daemon reserves per raw header set waiting for its request: 4 Ki characters and
/// the request's id.
pub const RESERVED_PER_PENDING_EXTRA_INFO: u64 = 4 * 1024 + 256;

/// Bodies that gave way to a full fetch queue that the pool remembers for a second try: one
/// request and one response body per request the capture keeps.
pub fn second_tries(max_requests: usize) -> usize {
    2 * max_requests.max(1)
}

/// What the daemon reserves per body remembered for a second try: its job (the record's and
/// the browser's ids, the session, the content type).
pub const RESERVED_PER_SECOND_TRY: u64 = 256;

/// The daemon's default memory budget for its captures' retained evidence (`BSK_MEMORY_BUDGET_MIB`
/// sets another). Default-profile captures reserve about 8 MiB each; a full load profile about
/// 384 MiB.
pub const DEFAULT_MEMORY_BUDGET: u64 = 1024 * 1024 * 1024;

/// The limits of a default capture: the spec's bounds.
pub fn default_limits() -> bsk_schema::capture::CaptureLimits {
    limits(
        bsk_schema::capture::CaptureProfile::Default,
        MAX_REQUESTS,
        MAX_CONSOLE_ENTRIES,
        MAX_CAPTURE_TEXT_UNITS,
    )
}

/// Limits with the memory they reserve.
pub fn limits(
    profile: bsk_schema::capture::CaptureProfile,
    max_requests: usize,
    max_console: usize,
    text_budget: usize,
) -> bsk_schema::capture::CaptureLimits {
    bsk_schema::capture::CaptureLimits {
        profile,
        max_requests,
        max_console,
        text_budget,
        memory_reserved: max_requests as u64 * RESERVED_PER_REQUEST
            + pending_extra_info(max_requests) as u64 * RESERVED_PER_PENDING_EXTRA_INFO
            + MAX_EVICTED_REMEMBERED as u64 * RESERVED_PER_EVICTED_ID
            + second_tries(max_requests) as u64 * RESERVED_PER_SECOND_TRY
            + max_console as u64 * RESERVED_PER_CONSOLE_ENTRY
            + text_budget as u64 * RESERVED_PER_TEXT_UNIT,
    }
}
