// Generated from schema/json/export-document.schema.json by `npm run generate` in extension-tests (Ajv standalone code); do not edit.
// @ts-nocheck
"use strict";
export const validate = validate20;
export default validate20;
const schema31 = {"$schema":"https://json-schema.org/draft/2020-12/schema","title":"ExportDocument","description":"The portable JSON document `bsk debug export` writes.","type":"object","properties":{"version":{"description":"Always 1.","type":"integer","format":"uint32","minimum":0},"saved_at":{"description":"When the snapshot was taken, ms since the Unix epoch.","type":"integer","format":"uint64","minimum":0},"run":{"$ref":"#/$defs/RunInfo"},"requests":{"type":"array","items":{"$ref":"#/$defs/RequestRecord"}},"operations":{"type":"array","items":{"$ref":"#/$defs/OperationRecord"}},"console":{"type":"array","items":{"$ref":"#/$defs/ConsoleEntry"}},"pages":{"type":"array","items":{"$ref":"#/$defs/PageLoad"}},"extension_version":{"type":["string","null"]},"user_agent":{"type":["string","null"]},"summary":{"description":"Statistics over all the traffic the capture saw, evicted requests included. Absent in\nexports written before it existed.","anyOf":[{"$ref":"#/$defs/TrafficSummary"},{"type":"null"}]},"slice":{"description":"Present on a history checkpoint of a load-profile capture: what it left out.","anyOf":[{"$ref":"#/$defs/SliceInfo"},{"type":"null"}]},"problems":{"description":"The record's problems in time order (failed and 4xx/5xx requests, console errors and\nuncaught exceptions), each with its own words and the operation it followed: what the\nevidence page shows first and `bsk debug problems` prints. Absent in records saved by a\nversion that did not list them (a reader says so rather than computing them).","type":["array","null"],"items":{"$ref":"#/$defs/Problem"}}},"required":["version","saved_at","run","requests","operations","console","pages"],"$defs":{"RunInfo":{"description":"A capture (\"run\") and its state.","type":"object","properties":{"run_id":{"type":"string"},"session":{"type":"string"},"name":{"type":["string","null"]},"tab_id":{"type":"string"},"state":{"$ref":"#/$defs/CaptureState"},"started_at":{"type":"integer","format":"uint64","minimum":0},"stopped_at":{"type":["integer","null"],"format":"uint64","minimum":0},"stop_reason":{"anyOf":[{"$ref":"#/$defs/StopReason"},{"type":"null"}]},"counters":{"$ref":"#/$defs/Counters"},"coverage":{"$ref":"#/$defs/Coverage"},"history":{"$ref":"#/$defs/HistoryStatus"},"text_units":{"description":"Retained request + response text, in UTF-16 code units (budget 512 Ki, or `limits`).","type":"integer","format":"uint","minimum":0},"limits":{"description":"What the capture retains at most. Exports written before limits existed had the spec's.","$ref":"#/$defs/CaptureLimits","default":{"profile":"default","max_requests":200,"max_console":100,"text_budget":524288,"memory_reserved":0}},"requests":{"type":"integer","format":"uint","minimum":0},"console":{"type":"integer","format":"uint","minimum":0},"operations":{"type":"integer","format":"uint","minimum":0},"pages":{"type":"integer","format":"uint","minimum":0},"emulation":{"description":"The emulation in force on the tab now, or when the capture stopped (`bsk emulate`);\nabsent when none is.","anyOf":[{"$ref":"#/$defs/Emulation"},{"type":"null"}]}},"required":["run_id","session","tab_id","state","started_at","counters","coverage","history","text_units","requests","console","operations","pages"]},"CaptureState":{"type":"string","enum":["active","stopped","interrupted"]},"StopReason":{"description":"Why a capture stopped. Detach, stop, crash and disconnect all end in one of these.","oneOf":[{"description":"`bsk debug stop` (or the MCP tool's stop).","type":"object","properties":{"kind":{"type":"string","const":"stopped"}},"required":["kind"],"x-words":"stopped with bsk debug stop"},{"description":"The person stopped it from the extension's popup.","type":"object","properties":{"kind":{"type":"string","const":"stopped_from_extension"}},"required":["kind"],"x-words":"stopped from the extension’s popup"},{"description":"The session ended (`bsk session stop`, idle timeout).","type":"object","properties":{"kind":{"type":"string","const":"session_ended"}},"required":["kind"],"x-words":"the session ended"},{"description":"The captured tab was returned to its user.","type":"object","properties":{"kind":{"type":"string","const":"tab_returned"}},"required":["kind"],"x-words":"the tab was returned to its user"},{"description":"The captured tab was closed.","type":"object","properties":{"kind":{"type":"string","const":"tab_closed"}},"required":["kind"],"x-words":"the tab was closed"},{"description":"The captured page's renderer crashed; the capture is interrupted.","type":"object","properties":{"kind":{"type":"string","const":"renderer_crashed"}},"required":["kind"],"x-words":"the page’s renderer crashed"},{"description":"The daemon shut down.","type":"object","properties":{"kind":{"type":"string","const":"daemon_shutdown"}},"required":["kind"],"x-words":"the bsk daemon shut down"},{"description":"The browser exited or the connection to it was lost.","type":"object","properties":{"kind":{"type":"string","const":"browser_disconnected"}},"required":["kind"],"x-words":"the browser exited or the connection to it was lost"},{"description":"A capture actor panicked; `actor` names which kind.","type":"object","properties":{"kind":{"type":"string","const":"actor_panicked"},"actor":{"type":"string"}},"required":["kind","actor"],"x-words":"a capture component failed"},{"description":"Set by the extension, never by the daemon: the record was still active when the browser\nor extension restarted or its daemon went away, so its latest checkpoint was recovered as\ninterrupted.","type":"object","properties":{"kind":{"type":"string","const":"recovered"}},"required":["kind"],"x-words":"left active by a daemon or browser that went away; recovered from its last checkpoint"}]},"Counters":{"description":"Every drop and eviction, counted. None of them is ever silent.","type":"object","properties":{"requests_seen":{"type":"integer","format":"uint64","minimum":0},"requests_evicted":{"description":"Oldest finished requests evicted to keep 200.","type":"integer","format":"uint64","minimum":0},"console_seen":{"type":"integer","format":"uint64","minimum":0},"console_evicted":{"description":"Oldest console entries evicted to keep 100.","type":"integer","format":"uint64","minimum":0},"operations_evicted":{"type":"integer","format":"uint64","minimum":0},"pages_evicted":{"type":"integer","format":"uint64","minimum":0},"bodies_evicted":{"description":"Bodies dropped to stay within 512 Ki code units per capture.","type":"integer","format":"uint64","minimum":0},"bodies_truncated":{"type":"integer","format":"uint64","minimum":0},"bodies_saturated":{"description":"Bodies of retained requests lost because the fetch queue (4 running, 32 queued) was full.\nA request evicted later takes its count with it (it is in `requests_evicted`), so this\nis the number of retained requests whose body reads `saturated`.","type":"integer","format":"uint64","minimum":0},"bodies_refetched":{"description":"Bodies that had given way to a full queue and were read on a second try, when the queue\nhad emptied and the browser still held them: no longer counted as saturated. Like\n`bodies_deadline`, it keeps counting a request evicted later.","type":"integer","format":"uint64","minimum":0,"default":0},"body_fetches_skipped":{"description":"Body fetches not made because their request was evicted before its turn (its body was\ngoing nowhere): work saved, no evidence lost.","type":"integer","format":"uint64","minimum":0,"default":0},"bodies_deadline":{"description":"Body fetches that missed the 2.5 s deadline.","type":"integer","format":"uint64","minimum":0},"bodies_read_failed":{"description":"Body reads that failed inside bsk (an internal error, written to the daemon's log): the\nrequest is kept, its body reads `read_failed`.","type":"integer","format":"uint64","minimum":0,"default":0},"events_dropped":{"description":"Browser events lost because a capture queue was full or the event could not be read.","type":"integer","format":"uint64","minimum":0},"extra_info_dropped":{"description":"ExtraInfo events dropped while waiting for their request.","type":"integer","format":"uint64","minimum":0},"pictures_dropped":{"description":"Filmstrip pictures (`--screenshots`) not kept: over the 40 a capture keeps, or still over\n48 KiB at the smallest size bsk scales to, or not taken (the page did not answer).","type":"integer","format":"uint64","minimum":0}},"required":["requests_seen","requests_evicted","console_seen","console_evicted","operations_evicted","pages_evicted","bodies_evicted","bodies_truncated","bodies_saturated","bodies_deadline","events_dropped","extra_info_dropped"]},"Coverage":{"description":"Which browser targets the capture covers.","type":"object","properties":{"iframe_targets":{"description":"Iframe targets captured over the capture's life (at most 16 attached at once; a detached one\nfrees its place).","type":"integer","format":"uint64","minimum":0},"iframe_targets_over_limit":{"description":"Iframe targets not captured because 16 were attached at the time.","type":"integer","format":"uint64","minimum":0},"iframe_setup_failed":{"description":"Iframe targets whose capture set-up failed.","type":"integer","format":"uint64","minimum":0},"iframe_targets_late":{"description":"Iframe targets that existed before capture started: their earliest requests may be missing.","type":"integer","format":"uint64","minimum":0},"late_start":{"description":"Capture started on a page that had already loaded: its load and earlier traffic are not\nin the capture.","type":"boolean","default":false},"workers":{"description":"Whether the capture records workers' requests (`bsk debug start --workers`).","type":"boolean"},"worker_targets":{"description":"Worker targets captured over the capture's life (at most 8 attached at once). Without\n`--workers`, only their console is recorded.","type":"integer","format":"uint64","minimum":0},"worker_targets_over_limit":{"description":"Worker targets not captured because 8 were attached at the time.","type":"integer","format":"uint64","minimum":0},"worker_traffic_not_recorded":{"description":"Workers seen while the capture does not record workers' requests: their traffic is not\nin the capture.","type":"integer","format":"uint64","minimum":0},"shared_workers_not_covered":{"description":"A capture with `--workers` of a tab in the person's own browser context (a borrowed tab,\nor a session on the shared profile): its shared workers are not covered, since that\ncontext's shared workers may serve pages no session owns.","type":"boolean"},"screenshots":{"description":"Whether the capture keeps a masked picture of the page after each agent operation\n(`bsk debug start --screenshots`).","type":"boolean"}},"required":["iframe_targets","iframe_targets_over_limit","iframe_setup_failed","iframe_targets_late"]},"HistoryStatus":{"description":"Whether retained evidence reaches browser-local history.","type":"object","properties":{"available":{"type":"boolean"},"reason":{"type":["string","null"]},"checkpoints":{"type":"integer","format":"uint64","minimum":0},"last_checkpoint_at":{"type":["integer","null"],"format":"uint64","minimum":0},"spacing_ms":{"description":"How far apart checkpoints are now, in ms, when a busy browser has spaced them beyond the\n2 s floor (each save waits 50 times as long as the last one took, at most 10 s).","type":["integer","null"],"format":"uint64","minimum":0}},"required":["available","checkpoints"]},"CaptureLimits":{"description":"The retention limits of one capture and the memory they may take.","type":"object","properties":{"profile":{"$ref":"#/$defs/CaptureProfile"},"max_requests":{"type":"integer","format":"uint","minimum":0},"max_console":{"type":"integer","format":"uint","minimum":0},"text_budget":{"description":"Retained request + response body text, in UTF-16 code units.","type":"integer","format":"uint","minimum":0},"memory_reserved":{"description":"What the daemon reserves for this capture against its memory budget, in bytes: the\nworst case at these limits.","type":"integer","format":"uint64","minimum":0}},"required":["profile","max_requests","max_console","text_budget","memory_reserved"]},"CaptureProfile":{"description":"How much a capture retains.","oneOf":[{"description":"The spec's bounds: 200 requests, 100 console entries, 512 Ki code units of text.","type":"string","const":"default"},{"description":"Opt-in larger retention for load tests (up to 10,000 requests, 5,000 console entries,\n32 Mi code units), under the daemon's memory budget; checkpoints keep the spec-bounded\nnewest slice and the summary.","type":"string","const":"load"}]},"Emulation":{"description":"What is in force on a tab: every override bsk set, none when the tab runs as the session\nstarted it.","type":"object","properties":{"viewport":{"anyOf":[{"$ref":"#/$defs/ViewportEmulation"},{"type":"null"}]},"user_agent":{"description":"The user agent a device sets.","type":["string","null"]},"network":{"anyOf":[{"$ref":"#/$defs/NetworkEmulation"},{"type":"null"}]},"cpu":{"description":"CPU slowdown factor.","type":["number","null"],"format":"double"},"color_scheme":{"anyOf":[{"$ref":"#/$defs/ColorScheme"},{"type":"null"}]},"reduced_motion":{"type":"boolean"},"locale":{"type":["string","null"]},"timezone":{"type":["string","null"]}}},"ViewportEmulation":{"type":"object","properties":{"width":{"type":"integer","format":"uint32","minimum":0},"height":{"type":"integer","format":"uint32","minimum":0},"dpr":{"type":"number","format":"double"},"mobile":{"type":"boolean"},"touch":{"type":"boolean"},"device":{"description":"The device from bsk's table it came from.","type":["string","null"]}},"required":["width","height","dpr","mobile","touch"]},"NetworkEmulation":{"type":"object","properties":{"name":{"description":"`Slow 3G`, `Offline`, … or `custom`.","type":"string"},"offline":{"type":"boolean"},"latency_ms":{"type":"number","format":"double"},"download_kbps":{"type":"number","format":"double"},"upload_kbps":{"type":"number","format":"double"}},"required":["name","offline","latency_ms","download_kbps","upload_kbps"]},"ColorScheme":{"type":"string","enum":["dark","light"]},"RequestRecord":{"description":"A request as capture retains it: its [`RequestHead`], headers, timing and bodies.","type":"object","properties":{"id":{"description":"Stable, distinct across redirects and iframe targets.","type":"string"},"revision":{"description":"Bumped on every update; `--since` follows it.","type":"integer","format":"uint64","minimum":0},"redirect_from":{"type":["string","null"]},"preflight_for":{"description":"On a CORS preflight (`OPTIONS`): the id of the request it guards.","type":["string","null"]},"preflight":{"description":"On a request that needed a CORS preflight: the preflight's id.","type":["string","null"]},"url":{"type":"string"},"method":{"type":"string"},"resource_type":{"type":["string","null"]},"state":{"$ref":"#/$defs/RequestState"},"started_at":{"description":"Milliseconds since the Unix epoch, by the browser's clock (`wallTime`).","type":"integer","format":"uint64","minimum":0},"status":{"type":["integer","null"],"format":"uint16","minimum":0,"maximum":65535},"target_id":{"description":"The CDP target (tab or iframe) the request was seen on.","type":"string"},"failure":{"type":["string","null"]},"from_cache":{"description":"Served from the memory or disk cache (`fromDiskCache`, `requestServedFromCache`).","type":"boolean","default":false},"from_service_worker":{"type":"boolean","default":false},"untrusted_certificate":{"description":"An HTTPS response whose certificate the browser did not trust: loaded only because the\nsession ignores certificate errors.","type":"boolean"},"worker":{"description":"The worker that made the request (`bsk debug start --workers`); absent for the page's\nand its frames' own requests.","anyOf":[{"$ref":"#/$defs/WorkerSource"},{"type":"null"}]},"emulation":{"description":"The emulation in force when it started (`bsk emulate`), as\n[`crate::emulation::Emulation::label`] names it (`Offline`, `390×844 mobile, Slow 3G`);\nabsent when none was.","type":["string","null"]},"ended_at":{"description":"When the browser finished, failed or redirected it, by the same clock (its monotonic\n`timestamp` moved onto `started_at`'s); the time the daemon read the event when the\nbrowser gave no timestamp.","type":["integer","null"],"format":"uint64","minimum":0},"status_text":{"type":["string","null"]},"frame_id":{"type":["string","null"]},"mime_type":{"type":["string","null"]},"encoded_data_length":{"description":"Bytes received for it in all (status line, headers and body as sent on the wire), as\nthe browser counted them when it finished (`encodedDataLength`).","type":["number","null"],"format":"double"},"response_headers_size":{"description":"Bytes the response's status line and headers took on the wire, as the browser counted\nthem when they arrived (`Response.encodedDataLength`).","type":["integer","null"],"format":"uint64","minimum":0},"protocol":{"description":"The response's protocol as Chrome names it (`http/1.1`, `h2`, `h3`, `data`, …).","type":["string","null"]},"remote_ip":{"description":"The server's IP address, when the response came over the network.","type":["string","null"]},"remote_port":{"type":["integer","null"],"format":"uint16","minimum":0,"maximum":65535},"initiator":{"description":"Who started it: `{type, url?, line?}`, the first stack frame at most."},"timing":{"description":"Chrome's `ResourceTiming`, as sent.","anyOf":[{"$ref":"#/$defs/ResourceTiming"},{"type":"null"}]},"request_headers":{"$ref":"#/$defs/Headers"},"request_headers_raw":{"description":"Raw headers from `requestWillBeSentExtraInfo` (cookies included, redacted).","anyOf":[{"$ref":"#/$defs/Headers"},{"type":"null"}]},"response_headers":{"$ref":"#/$defs/Headers"},"response_headers_raw":{"description":"Raw headers from `responseReceivedExtraInfo` (`Set-Cookie` included, redacted).","anyOf":[{"$ref":"#/$defs/Headers"},{"type":"null"}]},"request_body":{"$ref":"#/$defs/Body"},"response_body":{"$ref":"#/$defs/Body"}},"required":["id","revision","url","method","state","started_at","target_id","request_headers","response_headers","request_body","response_body"]},"RequestState":{"oneOf":[{"type":"string","enum":["pending","complete","failed"]},{"description":"Capture ended before the request finished.","type":"string","const":"unfinished"}]},"WorkerSource":{"description":"A worker as the source of a request or console entry: its kind and script URL (redacted).","type":"object","properties":{"kind":{"$ref":"#/$defs/WorkerKind"},"url":{"type":"string"}},"required":["kind","url"]},"WorkerKind":{"description":"Which kind of worker.","oneOf":[{"description":"A dedicated worker (`new Worker(url)`).","type":"string","const":"dedicated"},{"description":"A shared worker (`new SharedWorker(url)`).","type":"string","const":"shared"},{"description":"A service worker.","type":"string","const":"service"}]},"ResourceTiming":{"description":"Chrome's `ResourceTiming`, as sent: milliseconds after `requestTime` (seconds), `-1` where a phase did not happen.","type":"object","additionalProperties":{"type":"number"}},"Headers":{"description":"One header set, redacted, bounded to 4 Ki characters.","type":"object","properties":{"entries":{"type":"array","items":{"type":"array","prefixItems":[{"type":"string"},{"type":"string"}],"minItems":2,"maxItems":2}},"dropped":{"description":"Entries dropped to stay within the bound.","type":"integer","format":"uint","minimum":0}},"required":["entries"]},"Body":{"description":"A request or response body and its state.","type":"object","properties":{"state":{"$ref":"#/$defs/BodyState"},"reason":{"anyOf":[{"$ref":"#/$defs/BodyReason"},{"type":"null"}]},"mime_type":{"type":["string","null"]},"text":{"description":"Retained, redacted text. Lists never carry it; detail reads and the export do.","type":["string","null"]},"units":{"description":"Length of `text` in UTF-16 code units.","type":"integer","format":"uint","minimum":0,"default":0},"original_units":{"description":"Length the browser reported before truncation, in code units, when known.","type":["integer","null"],"format":"uint","minimum":0},"binary":{"description":"A binary body, identified without keeping a byte of it: its size, SHA-256 and the type\nits first bytes show. Absent when the bytes could not be read (the body pool was busy,\nthe browser no longer had them).","anyOf":[{"$ref":"#/$defs/BinaryFacts"},{"type":"null"}]},"parts":{"description":"A `multipart/*` body as its parts: text parts with their (redacted) values, files by\nname, type, size and SHA-256, never their content.","type":["array","null"],"items":{"$ref":"#/$defs/BodyPart"}},"parts_dropped":{"description":"Parts beyond the 64 kept.","type":"integer","format":"uint","minimum":0},"bytes_seen":{"description":"A stream's bytes received before it ended unread (`reason: streaming`), as the browser\ncounted them on the wire.","type":["integer","null"],"format":"uint64","minimum":0}},"required":["state"]},"BodyState":{"description":"Where a body stands. Every state but `available` and `empty` says why in `reason`.","oneOf":[{"description":"Asked for, not yet answered.","type":"string","const":"pending"},{"description":"Retained in full.","type":"string","const":"available"},{"description":"The browser reported no body.","type":"string","const":"empty"},{"description":"Retained up to the per-body or per-capture limit; not suitable for `--pointer`.","type":"string","const":"truncated"},{"description":"Could not be read (see `reason`).","type":"string","const":"unavailable"},{"description":"Deliberately not retained (binary, multipart, oversized structured body).","type":"string","const":"omitted"},{"description":"Retained once, then dropped to stay within the capture's text budget.","type":"string","const":"evicted"},{"description":"The request event carried no POST data and none could be fetched.","type":"string","const":"not_in_event"}]},"BodyReason":{"oneOf":[{"type":"string","enum":["binary","multipart","oversized_structured"]},{"description":"The body fetcher's queue (32) was full.","type":"string","const":"saturated"},{"description":"The browser no longer had the body (evicted from its buffer, or never buffered).","type":"string","const":"missing_browser_buffer"},{"description":"`Network.getResponseBody` did not answer within 2.5 s.","type":"string","const":"deadline"},{"description":"Capture stopped (or was interrupted) before the body arrived.","type":"string","const":"capture_stopped"},{"description":"The request failed or never finished loading.","type":"string","const":"request_failed"},{"description":"Over the 64 Ki code-unit individual body limit.","type":"string","const":"body_limit"},{"description":"Over the 512 Ki code-unit per-capture text budget.","type":"string","const":"capture_budget"},{"description":"bsk failed while reading the body (an internal error; the daemon's log says which).","type":"string","const":"read_failed"},{"description":"A streaming response (server-sent events) that had not ended: `bytes_seen` says how much\nof it arrived.","type":"string","const":"streaming"},{"description":"A worker's script: the request starts on the page and finishes on the worker's own\ntarget, which this capture does not record (`bsk debug start --workers` does).","type":"string","const":"worker_not_captured"}]},"BinaryFacts":{"description":"What identifies bytes bsk does not keep.","type":"object","properties":{"bytes":{"type":"integer","format":"uint64","minimum":0},"sha256":{"description":"Lowercase hex.","type":"string"},"sniffed_type":{"description":"The type the first bytes show (`image/png`, `application/pdf`, `application/wasm`,\n`application/gzip`, …), when they match a known signature.","type":["string","null"]}},"required":["bytes","sha256"]},"BodyPart":{"description":"One part of a multipart body.","type":"object","properties":{"name":{"type":["string","null"]},"filename":{"description":"A file part's file name.","type":["string","null"]},"content_type":{"type":["string","null"]},"bytes":{"type":"integer","format":"uint64","minimum":0},"value":{"description":"A text part's value, redacted like a form field (a password part is `[redacted]`), at\nmost 4 Ki code units.","type":["string","null"]},"truncated":{"description":"The value was cut at its bound.","type":"boolean"},"unread":{"description":"A file part whose bytes the browser did not hand over: a form navigation's files are\nread by the network stack and not kept for DevTools, so `bytes` and the digest are\nunknown (the `upload` operation that chose the file records its size and digest).","type":"boolean"},"sha256":{"description":"A file or binary part: SHA-256 of its bytes (lowercase hex), and the type they show.","type":["string","null"]},"sniffed_type":{"type":["string","null"]}},"required":["bytes"]},"OperationRecord":{"type":"object","properties":{"id":{"type":"string"},"revision":{"type":"integer","format":"uint64","minimum":0},"source":{"$ref":"#/$defs/OperationSource"},"name":{"description":"`navigate`, `click`, `fill`, …","type":"string"},"params":{"description":"The operation's parameters, values redacted."},"acted_on":{"description":"The elements it acted on, named when it acted (a drag names its source, then its\ntarget). Operations without a target, and records saved before names existed, have none.","type":"array","items":{"$ref":"#/$defs/ActedOn"}},"emulation":{"description":"The emulation in force when it started (`bsk emulate`), as [`crate::emulation::Emulation::label`]\nnames it; absent when none was.","type":["string","null"]},"state":{"$ref":"#/$defs/OperationState"},"started_at":{"type":"integer","format":"uint64","minimum":0},"ended_at":{"type":["integer","null"],"format":"uint64","minimum":0},"summary":{"type":["string","null"]},"error":{"type":["string","null"]},"before_text":{"description":"The page's visible text just before an agent input was dispatched (redacted, at most\n6,000 characters): the operation's before-state, against which its text changes are\nread. Manual operations and captures recorded before it existed have none.","type":["string","null"]},"observation":{"description":"The page right after the operation completed.","anyOf":[{"$ref":"#/$defs/PageObservation"},{"type":"null"}]},"follow_ups":{"description":"Later changes of the page within 15 s (coalesced at 700 ms), at most 4.","type":"array","items":{"$ref":"#/$defs/PageObservation"}},"follow_ups_evicted":{"description":"Changing observations beyond the 4 retained.","type":"integer","format":"uint64","minimum":0},"picture":{"description":"The page as it looked once the operation settled (`--screenshots`): a masked JPEG.","anyOf":[{"$ref":"#/$defs/Picture"},{"type":"null"}]},"suppressed_manual_events":{"description":"Manual input events suppressed because an agent operation was producing them.","type":"integer","format":"uint64","minimum":0},"field_chain":{"description":"Per field: original, operation-time, submitted, response and later page values. Filled\nby `bsk debug operation` and the export.","type":["array","null"],"items":{"$ref":"#/$defs/FieldChain"}},"windows":{"description":"The ids of the requests and console entries in the operation's evidence windows, so an\nexport stands alone without recomputing them. Filled by the export.","anyOf":[{"$ref":"#/$defs/OperationWindows"},{"type":"null"}]},"counts":{"description":"What its windows hold, counted as the record's Problems are. Filled by the export.","anyOf":[{"$ref":"#/$defs/WindowCounts"},{"type":"null"}]},"page_after":{"description":"The page as it stood once the operation's window closed (see [`PageAfter`]). Filled by\nthe export.","anyOf":[{"$ref":"#/$defs/PageAfter"},{"type":"null"}]},"text_change":{"description":"The page text the operation added and removed: from its before-state to\n[`OperationRecord::page_after`], as `bsk debug operation` shows it. Filled by the export.","anyOf":[{"$ref":"#/$defs/TextChange"},{"type":"null"}]}},"required":["id","revision","source","name","params","state","started_at"]},"OperationSource":{"type":"string","enum":["agent","manual"]},"ActedOn":{"description":"An element an operation acted on, named as a person reads it: its accessible role and name\n(cleaned as `observe` cleans names, and redacted), and the frame it is in.","type":"object","properties":{"target":{"description":"The `@eN` ref or CSS selector the agent gave.","type":"string"},"role":{"description":"Its accessible role (`button`, `textbox`, `link`, …).","type":["string","null"]},"name":{"description":"Its accessible name; absent when it has none.","type":["string","null"]},"tag":{"description":"Its tag, lowercase (`button`, `input`, `div`).","type":"string"},"element_id":{"description":"Its `id` attribute.","type":["string","null"]},"text":{"description":"The start of its text, when it has no accessible name (at most 40 characters).","type":["string","null"]},"frame":{"description":"The URL of the frame it is in; `main frame` for the top document.","type":"string"}},"required":["target","tag","frame"]},"OperationState":{"oneOf":[{"type":"string","enum":["running","completed","failed"]},{"description":"The capture ended while it ran; it is not claimed to have finished.","type":"string","const":"interrupted"}]},"PageObservation":{"description":"What the main page showed at one moment: bounded visible text and up to 16 fields. Shadow DOM\nand iframes are not covered.","type":"object","properties":{"at":{"description":"Ms since the Unix epoch.","type":"integer","format":"uint64","minimum":0},"url":{"type":"string"},"title":{"description":"The document's title, redacted, at most 300 characters; absent in observations made\nbefore it was recorded.","type":["string","null"]},"text":{"description":"Visible main-page text, redacted, at most 6000 characters.","type":"string"},"text_truncated":{"type":"boolean"},"text_source":{"description":"`dom` (the page's rendered text) or `accessibility` (accessible names, at most 100 lines,\nwhen the page has no rendered text).","type":"string"},"fields":{"type":"array","items":{"$ref":"#/$defs/FieldSnapshot"}},"candidates_scanned":{"description":"Controls looked at (at most 80).","type":"integer","format":"uint64","minimum":0},"candidates_over_limit":{"description":"More controls existed than were scanned.","type":"boolean"},"unidentified":{"description":"Fields left out: no usable name or id, a duplicate, an overly long or custom identity.","type":"integer","format":"uint64","minimum":0,"default":0},"fields_over_limit":{"description":"Fields past the 16 kept.","type":"integer","format":"uint64","minimum":0,"default":0}},"required":["at","url","text","text_source","fields","candidates_scanned"]},"FieldSnapshot":{"description":"One conventional form field as the observer saw it.","type":"object","properties":{"name":{"description":"The field's `name`, else its `id`: a stable identity, never guessed.","type":"string"},"form":{"description":"The form's id, name or action; absent for a field outside a form.","type":["string","null"]},"kind":{"description":"`text`, `email`, `select`, `textarea`, `checkbox`, …","type":"string"},"value":{"description":"The value, redacted, at most 256 characters; absent when omitted.","type":["string","null"]},"omitted":{"description":"A credential, payment or file field: its value is never recorded.","type":"boolean"},"truncated":{"type":"boolean"}},"required":["name","kind"]},"Picture":{"description":"A picture of the page once an operation settled (`bsk debug start --screenshots`): a JPEG,\nsensitive fields painted over (pixels are masked by field, not redacted by content), at most\n48 KiB. Pictures are immutable: between the daemon and the extension each travels once, by\nid; the export carries it inline.","type":"object","properties":{"id":{"description":"`p1`, `p2`, … within the capture.","type":"string"},"mime_type":{"description":"`image/jpeg`.","type":"string"},"bytes":{"description":"The encoded picture's size.","type":"integer","format":"uint64","minimum":0},"width":{"type":"integer","format":"uint32","minimum":0},"height":{"type":"integer","format":"uint32","minimum":0},"sha256":{"description":"SHA-256 of the encoded bytes, hex.","type":"string"},"taken_at":{"description":"Ms since the Unix epoch.","type":"integer","format":"uint64","minimum":0},"base64":{"description":"The picture itself, base64: in the export, and in memory; lists, reads and history's\ncheckpoints leave it out (history keeps it apart, by id).","type":["string","null"]}},"required":["id","mime_type","bytes","width","height","sha256","taken_at"]},"FieldChain":{"description":"One field followed through an operation.","type":"object","properties":{"name":{"type":"string"},"original":{"$ref":"#/$defs/ChainValue"},"operation_time":{"$ref":"#/$defs/ChainValue"},"submitted":{"$ref":"#/$defs/ChainValue"},"response":{"$ref":"#/$defs/ChainValue"},"later":{"$ref":"#/$defs/ChainValue"}},"required":["name","original","operation_time","submitted","response","later"]},"ChainValue":{"description":"Where one value of a field chain came from, or why it is missing.","type":"object","properties":{"value":{"type":["string","null"]},"request_id":{"description":"The request the value came from (submitted and response values).","type":["string","null"]},"page_id":{"description":"The page load it came from (later values).","type":["string","null"]},"unlinked":{"description":"Why it is not linked: `not_recorded`, `not_found`, `different_name`, `array`,\n`duplicate_name`, `truncated_body`, `missing_body`, `omitted`.","type":["string","null"]},"intervening_operations":{"description":"Operations that happened between this one and the later load (not a causal claim).","type":"array","items":{"type":"string"}}}},"OperationWindows":{"description":"An operation's two evidence windows by id.","type":"object","properties":{"immediate":{"description":"From the operation's start until 1.5 s after it completed, or the next operation.","$ref":"#/$defs/WindowIds"},"possibly_related":{"description":"Up to 15 s after it completed, capped by the next operation and by stop: by start time,\nnot proven cause.","$ref":"#/$defs/WindowIds"}},"required":["immediate","possibly_related"]},"WindowIds":{"description":"The requests and console entries that started inside `[from, until)` (ms since the epoch).","type":"object","properties":{"from":{"type":"integer","format":"uint64","minimum":0},"until":{"type":"integer","format":"uint64","minimum":0},"requests":{"type":"array","items":{"type":"string"}},"console":{"type":"array","items":{"type":"string"}}},"required":["from","until","requests","console"]},"WindowCounts":{"description":"How many problems an operation's windows hold, as the Problems list counts them: errors are\nfailed and 4xx/5xx requests, console errors and exceptions (a request's echoes are not\ncounted again); warnings are console warnings.","type":"object","properties":{"requests":{"description":"Requests in both windows, static ones included.","type":"integer","format":"uint","minimum":0},"folded":{"description":"Requests in both windows that lists fold (static resources, `data:`, extension traffic),\nnever a failing one.","type":"integer","format":"uint","minimum":0},"console":{"type":"integer","format":"uint","minimum":0},"errors":{"type":"integer","format":"uint","minimum":0},"warnings":{"type":"integer","format":"uint","minimum":0}},"required":["requests","folded","console","errors","warnings"]},"PageAfter":{"description":"Which snapshot shows the page after an operation: the last one taken before the next\noperation started, within the 15 s follow-up window. That is the next operation's\nbefore-state when it came within the window, else the operation's latest follow-up, else its\nobservation. The text is where it is named, not copied.","type":"object","properties":{"at":{"description":"When the snapshot was taken, ms since the Unix epoch.","type":"integer","format":"uint64","minimum":0},"from":{"$ref":"#/$defs/PageAfterSource"}},"required":["at","from"]},"PageAfterSource":{"description":"Where a [`PageAfter`] snapshot's text is.","oneOf":[{"description":"`before_text` of the next operation.","type":"object","properties":{"kind":{"type":"string","const":"next_operation"},"operation_id":{"type":"string"}},"required":["kind","operation_id"]},{"description":"`follow_ups[index]` of this operation.","type":"object","properties":{"kind":{"type":"string","const":"follow_up"},"index":{"type":"integer","format":"uint","minimum":0}},"required":["kind","index"]},{"description":"`observation` of this operation.","type":"object","properties":{"kind":{"type":"string","const":"observation"}},"required":["kind"]}]},"TextChange":{"description":"Lines of visible page text that appeared or disappeared, at most 10 of each.","type":"object","properties":{"added":{"type":"array","items":{"type":"string"}},"removed":{"type":"array","items":{"type":"string"}},"truncated":{"description":"More lines changed than are listed.","type":"boolean"}},"required":["added","removed","truncated"]},"ConsoleEntry":{"type":"object","properties":{"id":{"type":"string"},"revision":{"type":"integer","format":"uint64","minimum":0},"at":{"description":"Milliseconds since the Unix epoch: when the browser says it was logged, else when the\ndaemon read it (a dialog).","type":"integer","format":"uint64","minimum":0},"source":{"$ref":"#/$defs/ConsoleSource"},"level":{"description":"`log`, `info`, `warning`, `error`, `debug`, …","type":"string"},"kind":{"description":"`console` (console API), `exception` (uncaught error or unhandled rejection), `browser`,\nor `dialog` (a JavaScript alert, confirm, prompt or beforeunload the page opened).","type":"string"},"text":{"description":"Redacted, at most 4 Ki characters.","type":"string"},"url":{"type":["string","null"]},"line":{"description":"The source line, 0-based as Chrome reports it; `bsk debug console` and the evidence page\nshow it 1-based, as editors and DevTools do.","type":["integer","null"],"format":"uint64","minimum":0},"column":{"description":"The source column, 0-based as Chrome reports it; shown 1-based.","type":["integer","null"],"format":"uint64","minimum":0},"target_id":{"type":"string"},"worker":{"description":"The worker that logged it; absent for the page's and its frames' own entries.","anyOf":[{"$ref":"#/$defs/WorkerSource"},{"type":"null"}]}},"required":["id","revision","at","source","level","kind","text","target_id"]},"ConsoleSource":{"description":"Who wrote a console entry.","oneOf":[{"description":"The site's own pages and scripts (http, https, file, data, blob URLs).","type":"string","const":"website"},{"description":"A browser extension (`chrome-extension://`).","type":"string","const":"extension"},{"description":"The browser itself (`Log.entryAdded`: failed loads, violations, interventions).","type":"string","const":"browser"},{"description":"No source URL.","type":"string","const":"unknown"}]},"PageLoad":{"description":"One main-frame page load, for context.","type":"object","properties":{"id":{"type":"string"},"revision":{"type":"integer","format":"uint64","minimum":0},"url":{"type":"string"},"at":{"description":"When the navigation committed, ms since the Unix epoch.","type":"integer","format":"uint64","minimum":0},"dom_content_loaded_at":{"type":["integer","null"],"format":"uint64","minimum":0},"loaded_at":{"type":["integer","null"],"format":"uint64","minimum":0},"observation":{"description":"The page as it stood after `load`, when the observer could read it.","anyOf":[{"$ref":"#/$defs/PageObservation"},{"type":"null"}]}},"required":["id","revision","url","at"]},"TrafficSummary":{"description":"Statistics over every request a capture saw since it started, evicted ones included: what is\nleft of a load test's traffic once its records are gone (`bsk debug summary`).","type":"object","properties":{"requests":{"description":"Requests counted: every redirect hop and every CORS preflight is one, as the server sees\nthem.","type":"integer","format":"uint64","minimum":0},"routes":{"description":"One row per method and route, most requests first; at most 512.","type":"array","items":{"$ref":"#/$defs/RouteStats"}},"other":{"description":"Every request on a route beyond the 512th, together (`route` is `other`).","anyOf":[{"$ref":"#/$defs/RouteStats"},{"type":"null"}]},"untracked":{"description":"Requests counted whose outcome the summary could not follow: more than 4096 were in flight\nat once. They are in `requests` and their route's `count`, in no outcome.","type":"integer","format":"uint64","minimum":0,"default":0}},"required":["requests","routes"]},"RouteStats":{"description":"One method and route of a [`TrafficSummary`].","type":"object","properties":{"method":{"type":"string"},"route":{"description":"Host (with port) and path; numeric, UUID and long hexadecimal segments read `{id}`; the\nquery is left out. `data:`, `blob:` and the like are their scheme.","type":"string"},"count":{"type":"integer","format":"uint64","minimum":0},"status":{"description":"Responses by status class (`1xx` … `5xx`), redirects included. A response whose body then\nfailed is counted here and in `failed`.","type":"object","additionalProperties":{"type":"integer","format":"uint64","minimum":0}},"failed":{"description":"Requests that ended with `Network.loadingFailed`.","type":"integer","format":"uint64","minimum":0},"failures":{"description":"Failures by the browser's error text, most frequent first; at most 8, the rest in\n`failures_other`.","type":"array","items":{"$ref":"#/$defs/FailureCount"}},"failures_other":{"type":"integer","format":"uint64","minimum":0},"cached":{"description":"Served from the browser's cache or a service worker.","type":"integer","format":"uint64","minimum":0},"in_flight":{"description":"Neither finished nor failed (yet, or when the capture stopped).","type":"integer","format":"uint64","minimum":0},"duration_ms":{"description":"Duration from the request being sent to its last byte or failure, over finished requests.","anyOf":[{"$ref":"#/$defs/Percentiles"},{"type":"null"}]},"bytes_in":{"description":"Bytes received on the wire, headers included (Chromium's `encodedDataLength`).","type":"integer","format":"uint64","minimum":0},"bytes_out":{"description":"Request body bytes sent, where the browser reported them.","type":"integer","format":"uint64","minimum":0},"first_seen":{"description":"When the first and the latest request of the route were sent, ms since the Unix epoch.","type":"integer","format":"uint64","minimum":0},"last_seen":{"type":"integer","format":"uint64","minimum":0}},"required":["method","route","count","status","failed","in_flight","bytes_in","bytes_out","first_seen","last_seen"]},"FailureCount":{"description":"A failure's error text and how many requests ended with it.","type":"object","properties":{"error":{"type":"string"},"count":{"type":"integer","format":"uint64","minimum":0}},"required":["error","count"]},"Percentiles":{"description":"Duration percentiles, in milliseconds, within 2% of the exact value (log-scaled buckets).","type":"object","properties":{"p50":{"type":"number","format":"double"},"p95":{"type":"number","format":"double"},"p99":{"type":"number","format":"double"},"max":{"type":"number","format":"double"}},"required":["p50","p95","p99","max"]},"SliceInfo":{"description":"Requests and console entries a checkpoint of a load-profile capture left out: history keeps\nthe spec-bounded newest slice; `bsk debug export --output` has everything.","type":"object","properties":{"requests_left_out":{"type":"integer","format":"uint","minimum":0},"console_left_out":{"type":"integer","format":"uint","minimum":0},"bodies_left_out":{"description":"Bodies of kept requests whose text was left out to stay within 512 Ki code units.","type":"integer","format":"uint","minimum":0}},"required":["requests_left_out","console_left_out","bodies_left_out"]},"Problem":{"description":"One problem of a record, in time order.","type":"object","properties":{"kind":{"$ref":"#/$defs/ProblemKind"},"at":{"description":"When it started (a request) or was logged (a console entry), ms since the Unix epoch.","type":"integer","format":"uint64","minimum":0},"request_id":{"description":"The request (`failed`, `status`).","type":["string","null"]},"console_id":{"description":"The console entry (`exception`, `console_error`).","type":["string","null"]},"summary":{"description":"One line a person reads first: `POST /api/orders 422 Unprocessable Entity:\nQTY_EXCEEDS_STOCK Only 2 left`, or the exception's text.","type":"string"},"code":{"description":"The error code the response body names (the first string at a key named like `code`),\nfor a JSON body.","type":["string","null"]},"message":{"description":"The message the response body gives (the first string at `message`, `error`, `detail`,\n`title`, …; or the first line of a short text body), or the failure's text, or the\nconsole entry's text.","type":["string","null"]},"source":{"description":"Where an exception or error was thrown or logged: `url:line:column` (1-based).","type":["string","null"]},"echoes":{"description":"The browser's own console errors about this request (\"Failed to load resource\"), listed\nwith it rather than as problems of their own.","type":"array","items":{"type":"string"}},"frame":{"description":"The frame or worker it came from, by origin and path, when not the page's own document.","type":["string","null"]},"after":{"description":"The operation in whose window it started (immediate or possibly related): by start\ntime, not proven cause.","anyOf":[{"$ref":"#/$defs/ProblemAfter"},{"type":"null"}]}},"required":["kind","at","summary"]},"ProblemKind":{"description":"What kind of problem.","oneOf":[{"description":"The request failed (network error, blocked, cancelled).","type":"string","const":"failed"},{"description":"The response's status is 4xx or 5xx.","type":"string","const":"status"},{"description":"An uncaught exception or unhandled rejection.","type":"string","const":"exception"},{"description":"A console entry at level error.","type":"string","const":"console_error"}]},"ProblemAfter":{"description":"The operation a problem followed.","type":"object","properties":{"operation_id":{"type":"string"},"label":{"description":"`click button \"Place order\"`: its name and what it acted on.","type":"string"},"immediate":{"description":"Within the operation's immediate window (else possibly related, up to 15 s later).","type":"boolean"}},"required":["operation_id","label","immediate"]}}};
const schema85 = {"description":"Requests and console entries a checkpoint of a load-profile capture left out: history keeps\nthe spec-bounded newest slice; `bsk debug export --output` has everything.","type":"object","properties":{"requests_left_out":{"type":"integer","format":"uint","minimum":0},"console_left_out":{"type":"integer","format":"uint","minimum":0},"bodies_left_out":{"description":"Bodies of kept requests whose text was left out to stay within 512 Ki code units.","type":"integer","format":"uint","minimum":0}},"required":["requests_left_out","console_left_out","bodies_left_out"]};
const schema32 = {"description":"A capture (\"run\") and its state.","type":"object","properties":{"run_id":{"type":"string"},"session":{"type":"string"},"name":{"type":["string","null"]},"tab_id":{"type":"string"},"state":{"$ref":"#/$defs/CaptureState"},"started_at":{"type":"integer","format":"uint64","minimum":0},"stopped_at":{"type":["integer","null"],"format":"uint64","minimum":0},"stop_reason":{"anyOf":[{"$ref":"#/$defs/StopReason"},{"type":"null"}]},"counters":{"$ref":"#/$defs/Counters"},"coverage":{"$ref":"#/$defs/Coverage"},"history":{"$ref":"#/$defs/HistoryStatus"},"text_units":{"description":"Retained request + response text, in UTF-16 code units (budget 512 Ki, or `limits`).","type":"integer","format":"uint","minimum":0},"limits":{"description":"What the capture retains at most. Exports written before limits existed had the spec's.","$ref":"#/$defs/CaptureLimits","default":{"profile":"default","max_requests":200,"max_console":100,"text_budget":524288,"memory_reserved":0}},"requests":{"type":"integer","format":"uint","minimum":0},"console":{"type":"integer","format":"uint","minimum":0},"operations":{"type":"integer","format":"uint","minimum":0},"pages":{"type":"integer","format":"uint","minimum":0},"emulation":{"description":"The emulation in force on the tab now, or when the capture stopped (`bsk emulate`);\nabsent when none is.","anyOf":[{"$ref":"#/$defs/Emulation"},{"type":"null"}]}},"required":["run_id","session","tab_id","state","started_at","counters","coverage","history","text_units","requests","console","operations","pages"]};
const schema33 = {"type":"string","enum":["active","stopped","interrupted"]};
const schema34 = {"description":"Why a capture stopped. Detach, stop, crash and disconnect all end in one of these.","oneOf":[{"description":"`bsk debug stop` (or the MCP tool's stop).","type":"object","properties":{"kind":{"type":"string","const":"stopped"}},"required":["kind"],"x-words":"stopped with bsk debug stop"},{"description":"The person stopped it from the extension's popup.","type":"object","properties":{"kind":{"type":"string","const":"stopped_from_extension"}},"required":["kind"],"x-words":"stopped from the extension’s popup"},{"description":"The session ended (`bsk session stop`, idle timeout).","type":"object","properties":{"kind":{"type":"string","const":"session_ended"}},"required":["kind"],"x-words":"the session ended"},{"description":"The captured tab was returned to its user.","type":"object","properties":{"kind":{"type":"string","const":"tab_returned"}},"required":["kind"],"x-words":"the tab was returned to its user"},{"description":"The captured tab was closed.","type":"object","properties":{"kind":{"type":"string","const":"tab_closed"}},"required":["kind"],"x-words":"the tab was closed"},{"description":"The captured page's renderer crashed; the capture is interrupted.","type":"object","properties":{"kind":{"type":"string","const":"renderer_crashed"}},"required":["kind"],"x-words":"the page’s renderer crashed"},{"description":"The daemon shut down.","type":"object","properties":{"kind":{"type":"string","const":"daemon_shutdown"}},"required":["kind"],"x-words":"the bsk daemon shut down"},{"description":"The browser exited or the connection to it was lost.","type":"object","properties":{"kind":{"type":"string","const":"browser_disconnected"}},"required":["kind"],"x-words":"the browser exited or the connection to it was lost"},{"description":"A capture actor panicked; `actor` names which kind.","type":"object","properties":{"kind":{"type":"string","const":"actor_panicked"},"actor":{"type":"string"}},"required":["kind","actor"],"x-words":"a capture component failed"},{"description":"Set by the extension, never by the daemon: the record was still active when the browser\nor extension restarted or its daemon went away, so its latest checkpoint was recovered as\ninterrupted.","type":"object","properties":{"kind":{"type":"string","const":"recovered"}},"required":["kind"],"x-words":"left active by a daemon or browser that went away; recovered from its last checkpoint"}]};
const schema35 = {"description":"Every drop and eviction, counted. None of them is ever silent.","type":"object","properties":{"requests_seen":{"type":"integer","format":"uint64","minimum":0},"requests_evicted":{"description":"Oldest finished requests evicted to keep 200.","type":"integer","format":"uint64","minimum":0},"console_seen":{"type":"integer","format":"uint64","minimum":0},"console_evicted":{"description":"Oldest console entries evicted to keep 100.","type":"integer","format":"uint64","minimum":0},"operations_evicted":{"type":"integer","format":"uint64","minimum":0},"pages_evicted":{"type":"integer","format":"uint64","minimum":0},"bodies_evicted":{"description":"Bodies dropped to stay within 512 Ki code units per capture.","type":"integer","format":"uint64","minimum":0},"bodies_truncated":{"type":"integer","format":"uint64","minimum":0},"bodies_saturated":{"description":"Bodies of retained requests lost because the fetch queue (4 running, 32 queued) was full.\nA request evicted later takes its count with it (it is in `requests_evicted`), so this\nis the number of retained requests whose body reads `saturated`.","type":"integer","format":"uint64","minimum":0},"bodies_refetched":{"description":"Bodies that had given way to a full queue and were read on a second try, when the queue\nhad emptied and the browser still held them: no longer counted as saturated. Like\n`bodies_deadline`, it keeps counting a request evicted later.","type":"integer","format":"uint64","minimum":0,"default":0},"body_fetches_skipped":{"description":"Body fetches not made because their request was evicted before its turn (its body was\ngoing nowhere): work saved, no evidence lost.","type":"integer","format":"uint64","minimum":0,"default":0},"bodies_deadline":{"description":"Body fetches that missed the 2.5 s deadline.","type":"integer","format":"uint64","minimum":0},"bodies_read_failed":{"description":"Body reads that failed inside bsk (an internal error, written to the daemon's log): the\nrequest is kept, its body reads `read_failed`.","type":"integer","format":"uint64","minimum":0,"default":0},"events_dropped":{"description":"Browser events lost because a capture queue was full or the event could not be read.","type":"integer","format":"uint64","minimum":0},"extra_info_dropped":{"description":"ExtraInfo events dropped while waiting for their request.","type":"integer","format":"uint64","minimum":0},"pictures_dropped":{"description":"Filmstrip pictures (`--screenshots`) not kept: over the 40 a capture keeps, or still over\n48 KiB at the smallest size bsk scales to, or not taken (the page did not answer).","type":"integer","format":"uint64","minimum":0}},"required":["requests_seen","requests_evicted","console_seen","console_evicted","operations_evicted","pages_evicted","bodies_evicted","bodies_truncated","bodies_saturated","bodies_deadline","events_dropped","extra_info_dropped"]};
const schema36 = {"description":"Which browser targets the capture covers.","type":"object","properties":{"iframe_targets":{"description":"Iframe targets captured over the capture's life (at most 16 attached at once; a detached one\nfrees its place).","type":"integer","format":"uint64","minimum":0},"iframe_targets_over_limit":{"description":"Iframe targets not captured because 16 were attached at the time.","type":"integer","format":"uint64","minimum":0},"iframe_setup_failed":{"description":"Iframe targets whose capture set-up failed.","type":"integer","format":"uint64","minimum":0},"iframe_targets_late":{"description":"Iframe targets that existed before capture started: their earliest requests may be missing.","type":"integer","format":"uint64","minimum":0},"late_start":{"description":"Capture started on a page that had already loaded: its load and earlier traffic are not\nin the capture.","type":"boolean","default":false},"workers":{"description":"Whether the capture records workers' requests (`bsk debug start --workers`).","type":"boolean"},"worker_targets":{"description":"Worker targets captured over the capture's life (at most 8 attached at once). Without\n`--workers`, only their console is recorded.","type":"integer","format":"uint64","minimum":0},"worker_targets_over_limit":{"description":"Worker targets not captured because 8 were attached at the time.","type":"integer","format":"uint64","minimum":0},"worker_traffic_not_recorded":{"description":"Workers seen while the capture does not record workers' requests: their traffic is not\nin the capture.","type":"integer","format":"uint64","minimum":0},"shared_workers_not_covered":{"description":"A capture with `--workers` of a tab in the person's own browser context (a borrowed tab,\nor a session on the shared profile): its shared workers are not covered, since that\ncontext's shared workers may serve pages no session owns.","type":"boolean"},"screenshots":{"description":"Whether the capture keeps a masked picture of the page after each agent operation\n(`bsk debug start --screenshots`).","type":"boolean"}},"required":["iframe_targets","iframe_targets_over_limit","iframe_setup_failed","iframe_targets_late"]};
const schema37 = {"description":"Whether retained evidence reaches browser-local history.","type":"object","properties":{"available":{"type":"boolean"},"reason":{"type":["string","null"]},"checkpoints":{"type":"integer","format":"uint64","minimum":0},"last_checkpoint_at":{"type":["integer","null"],"format":"uint64","minimum":0},"spacing_ms":{"description":"How far apart checkpoints are now, in ms, when a busy browser has spaced them beyond the\n2 s floor (each save waits 50 times as long as the last one took, at most 10 s).","type":["integer","null"],"format":"uint64","minimum":0}},"required":["available","checkpoints"]};
const schema38 = {"description":"The retention limits of one capture and the memory they may take.","type":"object","properties":{"profile":{"$ref":"#/$defs/CaptureProfile"},"max_requests":{"type":"integer","format":"uint","minimum":0},"max_console":{"type":"integer","format":"uint","minimum":0},"text_budget":{"description":"Retained request + response body text, in UTF-16 code units.","type":"integer","format":"uint","minimum":0},"memory_reserved":{"description":"What the daemon reserves for this capture against its memory budget, in bytes: the\nworst case at these limits.","type":"integer","format":"uint64","minimum":0}},"required":["profile","max_requests","max_console","text_budget","memory_reserved"]};
const schema39 = {"description":"How much a capture retains.","oneOf":[{"description":"The spec's bounds: 200 requests, 100 console entries, 512 Ki code units of text.","type":"string","const":"default"},{"description":"Opt-in larger retention for load tests (up to 10,000 requests, 5,000 console entries,\n32 Mi code units), under the daemon's memory budget; checkpoints keep the spec-bounded\nnewest slice and the summary.","type":"string","const":"load"}]};

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate22.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.profile === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "profile"},message:"must have required property '"+"profile"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.max_requests === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "max_requests"},message:"must have required property '"+"max_requests"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.max_console === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "max_console"},message:"must have required property '"+"max_console"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.text_budget === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "text_budget"},message:"must have required property '"+"text_budget"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.memory_reserved === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "memory_reserved"},message:"must have required property '"+"memory_reserved"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.profile !== undefined){
let data0 = data.profile;
const _errs3 = errors;
let valid2 = false;
let passing0 = null;
const _errs4 = errors;
if(typeof data0 !== "string"){
const err5 = {instancePath:instancePath+"/profile",schemaPath:"#/$defs/CaptureProfile/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if("default" !== data0){
const err6 = {instancePath:instancePath+"/profile",schemaPath:"#/$defs/CaptureProfile/oneOf/0/const",keyword:"const",params:{allowedValue: "default"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid0 = _errs4 === errors;
if(_valid0){
valid2 = true;
passing0 = 0;
}
const _errs6 = errors;
if(typeof data0 !== "string"){
const err7 = {instancePath:instancePath+"/profile",schemaPath:"#/$defs/CaptureProfile/oneOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if("load" !== data0){
const err8 = {instancePath:instancePath+"/profile",schemaPath:"#/$defs/CaptureProfile/oneOf/1/const",keyword:"const",params:{allowedValue: "load"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid0 = _errs6 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid2 = true;
passing0 = 1;
}
}
if(!valid2){
const err9 = {instancePath:instancePath+"/profile",schemaPath:"#/$defs/CaptureProfile/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
else {
errors = _errs3;
if(vErrors !== null){
if(_errs3){
vErrors.length = _errs3;
}
else {
vErrors = null;
}
}
}
}
if(data.max_requests !== undefined){
let data1 = data.max_requests;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err10 = {instancePath:instancePath+"/max_requests",schemaPath:"#/properties/max_requests/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err11 = {instancePath:instancePath+"/max_requests",schemaPath:"#/properties/max_requests/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
if(data.max_console !== undefined){
let data2 = data.max_console;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err12 = {instancePath:instancePath+"/max_console",schemaPath:"#/properties/max_console/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
const err13 = {instancePath:instancePath+"/max_console",schemaPath:"#/properties/max_console/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.text_budget !== undefined){
let data3 = data.text_budget;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err14 = {instancePath:instancePath+"/text_budget",schemaPath:"#/properties/text_budget/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err15 = {instancePath:instancePath+"/text_budget",schemaPath:"#/properties/text_budget/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
if(data.memory_reserved !== undefined){
let data4 = data.memory_reserved;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err16 = {instancePath:instancePath+"/memory_reserved",schemaPath:"#/properties/memory_reserved/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err17 = {instancePath:instancePath+"/memory_reserved",schemaPath:"#/properties/memory_reserved/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
}
else {
const err18 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
validate22.errors = vErrors;
return errors === 0;
}
validate22.evaluated = {"props":{"profile":true,"max_requests":true,"max_console":true,"text_budget":true,"memory_reserved":true},"dynamicProps":false,"dynamicItems":false};

const schema40 = {"description":"What is in force on a tab: every override bsk set, none when the tab runs as the session\nstarted it.","type":"object","properties":{"viewport":{"anyOf":[{"$ref":"#/$defs/ViewportEmulation"},{"type":"null"}]},"user_agent":{"description":"The user agent a device sets.","type":["string","null"]},"network":{"anyOf":[{"$ref":"#/$defs/NetworkEmulation"},{"type":"null"}]},"cpu":{"description":"CPU slowdown factor.","type":["number","null"],"format":"double"},"color_scheme":{"anyOf":[{"$ref":"#/$defs/ColorScheme"},{"type":"null"}]},"reduced_motion":{"type":"boolean"},"locale":{"type":["string","null"]},"timezone":{"type":["string","null"]}}};
const schema41 = {"type":"object","properties":{"width":{"type":"integer","format":"uint32","minimum":0},"height":{"type":"integer","format":"uint32","minimum":0},"dpr":{"type":"number","format":"double"},"mobile":{"type":"boolean"},"touch":{"type":"boolean"},"device":{"description":"The device from bsk's table it came from.","type":["string","null"]}},"required":["width","height","dpr","mobile","touch"]};
const schema42 = {"type":"object","properties":{"name":{"description":"`Slow 3G`, `Offline`, … or `custom`.","type":"string"},"offline":{"type":"boolean"},"latency_ms":{"type":"number","format":"double"},"download_kbps":{"type":"number","format":"double"},"upload_kbps":{"type":"number","format":"double"}},"required":["name","offline","latency_ms","download_kbps","upload_kbps"]};
const schema43 = {"type":"string","enum":["dark","light"]};

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate24.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.viewport !== undefined){
let data0 = data.viewport;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
if(data0.width === undefined){
const err0 = {instancePath:instancePath+"/viewport",schemaPath:"#/$defs/ViewportEmulation/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data0.height === undefined){
const err1 = {instancePath:instancePath+"/viewport",schemaPath:"#/$defs/ViewportEmulation/required",keyword:"required",params:{missingProperty: "height"},message:"must have required property '"+"height"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data0.dpr === undefined){
const err2 = {instancePath:instancePath+"/viewport",schemaPath:"#/$defs/ViewportEmulation/required",keyword:"required",params:{missingProperty: "dpr"},message:"must have required property '"+"dpr"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data0.mobile === undefined){
const err3 = {instancePath:instancePath+"/viewport",schemaPath:"#/$defs/ViewportEmulation/required",keyword:"required",params:{missingProperty: "mobile"},message:"must have required property '"+"mobile"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data0.touch === undefined){
const err4 = {instancePath:instancePath+"/viewport",schemaPath:"#/$defs/ViewportEmulation/required",keyword:"required",params:{missingProperty: "touch"},message:"must have required property '"+"touch"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data0.width !== undefined){
let data1 = data0.width;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err5 = {instancePath:instancePath+"/viewport/width",schemaPath:"#/$defs/ViewportEmulation/properties/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/viewport/width",schemaPath:"#/$defs/ViewportEmulation/properties/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data0.height !== undefined){
let data2 = data0.height;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err7 = {instancePath:instancePath+"/viewport/height",schemaPath:"#/$defs/ViewportEmulation/properties/height/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
const err8 = {instancePath:instancePath+"/viewport/height",schemaPath:"#/$defs/ViewportEmulation/properties/height/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
if(data0.dpr !== undefined){
let data3 = data0.dpr;
if(!((typeof data3 == "number") && (isFinite(data3)))){
const err9 = {instancePath:instancePath+"/viewport/dpr",schemaPath:"#/$defs/ViewportEmulation/properties/dpr/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data0.mobile !== undefined){
if(typeof data0.mobile !== "boolean"){
const err10 = {instancePath:instancePath+"/viewport/mobile",schemaPath:"#/$defs/ViewportEmulation/properties/mobile/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data0.touch !== undefined){
if(typeof data0.touch !== "boolean"){
const err11 = {instancePath:instancePath+"/viewport/touch",schemaPath:"#/$defs/ViewportEmulation/properties/touch/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data0.device !== undefined){
let data6 = data0.device;
if((typeof data6 !== "string") && (data6 !== null)){
const err12 = {instancePath:instancePath+"/viewport/device",schemaPath:"#/$defs/ViewportEmulation/properties/device/type",keyword:"type",params:{type: schema41.properties.device.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath:instancePath+"/viewport",schemaPath:"#/$defs/ViewportEmulation/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(_valid0){
var props0 = {};
props0.width = true;
props0.height = true;
props0.dpr = true;
props0.mobile = true;
props0.touch = true;
props0.device = true;
}
const _errs18 = errors;
if(data0 !== null){
const err14 = {instancePath:instancePath+"/viewport",schemaPath:"#/properties/viewport/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid0 = _errs18 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const err15 = {instancePath:instancePath+"/viewport",schemaPath:"#/properties/viewport/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
}
if(data.user_agent !== undefined){
let data7 = data.user_agent;
if((typeof data7 !== "string") && (data7 !== null)){
const err16 = {instancePath:instancePath+"/user_agent",schemaPath:"#/properties/user_agent/type",keyword:"type",params:{type: schema40.properties.user_agent.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.network !== undefined){
let data8 = data.network;
const _errs23 = errors;
let valid4 = false;
const _errs24 = errors;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.name === undefined){
const err17 = {instancePath:instancePath+"/network",schemaPath:"#/$defs/NetworkEmulation/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data8.offline === undefined){
const err18 = {instancePath:instancePath+"/network",schemaPath:"#/$defs/NetworkEmulation/required",keyword:"required",params:{missingProperty: "offline"},message:"must have required property '"+"offline"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data8.latency_ms === undefined){
const err19 = {instancePath:instancePath+"/network",schemaPath:"#/$defs/NetworkEmulation/required",keyword:"required",params:{missingProperty: "latency_ms"},message:"must have required property '"+"latency_ms"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data8.download_kbps === undefined){
const err20 = {instancePath:instancePath+"/network",schemaPath:"#/$defs/NetworkEmulation/required",keyword:"required",params:{missingProperty: "download_kbps"},message:"must have required property '"+"download_kbps"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data8.upload_kbps === undefined){
const err21 = {instancePath:instancePath+"/network",schemaPath:"#/$defs/NetworkEmulation/required",keyword:"required",params:{missingProperty: "upload_kbps"},message:"must have required property '"+"upload_kbps"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data8.name !== undefined){
if(typeof data8.name !== "string"){
const err22 = {instancePath:instancePath+"/network/name",schemaPath:"#/$defs/NetworkEmulation/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data8.offline !== undefined){
if(typeof data8.offline !== "boolean"){
const err23 = {instancePath:instancePath+"/network/offline",schemaPath:"#/$defs/NetworkEmulation/properties/offline/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data8.latency_ms !== undefined){
let data11 = data8.latency_ms;
if(!((typeof data11 == "number") && (isFinite(data11)))){
const err24 = {instancePath:instancePath+"/network/latency_ms",schemaPath:"#/$defs/NetworkEmulation/properties/latency_ms/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data8.download_kbps !== undefined){
let data12 = data8.download_kbps;
if(!((typeof data12 == "number") && (isFinite(data12)))){
const err25 = {instancePath:instancePath+"/network/download_kbps",schemaPath:"#/$defs/NetworkEmulation/properties/download_kbps/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data8.upload_kbps !== undefined){
let data13 = data8.upload_kbps;
if(!((typeof data13 == "number") && (isFinite(data13)))){
const err26 = {instancePath:instancePath+"/network/upload_kbps",schemaPath:"#/$defs/NetworkEmulation/properties/upload_kbps/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/network",schemaPath:"#/$defs/NetworkEmulation/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var _valid1 = _errs24 === errors;
valid4 = valid4 || _valid1;
if(_valid1){
var props1 = {};
props1.name = true;
props1.offline = true;
props1.latency_ms = true;
props1.download_kbps = true;
props1.upload_kbps = true;
}
const _errs37 = errors;
if(data8 !== null){
const err28 = {instancePath:instancePath+"/network",schemaPath:"#/properties/network/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var _valid1 = _errs37 === errors;
valid4 = valid4 || _valid1;
if(!valid4){
const err29 = {instancePath:instancePath+"/network",schemaPath:"#/properties/network/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
else {
errors = _errs23;
if(vErrors !== null){
if(_errs23){
vErrors.length = _errs23;
}
else {
vErrors = null;
}
}
}
}
if(data.cpu !== undefined){
let data14 = data.cpu;
if((!((typeof data14 == "number") && (isFinite(data14)))) && (data14 !== null)){
const err30 = {instancePath:instancePath+"/cpu",schemaPath:"#/properties/cpu/type",keyword:"type",params:{type: schema40.properties.cpu.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.color_scheme !== undefined){
let data15 = data.color_scheme;
const _errs42 = errors;
let valid7 = false;
const _errs43 = errors;
if(typeof data15 !== "string"){
const err31 = {instancePath:instancePath+"/color_scheme",schemaPath:"#/$defs/ColorScheme/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(!((data15 === "dark") || (data15 === "light"))){
const err32 = {instancePath:instancePath+"/color_scheme",schemaPath:"#/$defs/ColorScheme/enum",keyword:"enum",params:{allowedValues: schema43.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var _valid2 = _errs43 === errors;
valid7 = valid7 || _valid2;
const _errs46 = errors;
if(data15 !== null){
const err33 = {instancePath:instancePath+"/color_scheme",schemaPath:"#/properties/color_scheme/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
var _valid2 = _errs46 === errors;
valid7 = valid7 || _valid2;
if(!valid7){
const err34 = {instancePath:instancePath+"/color_scheme",schemaPath:"#/properties/color_scheme/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
else {
errors = _errs42;
if(vErrors !== null){
if(_errs42){
vErrors.length = _errs42;
}
else {
vErrors = null;
}
}
}
}
if(data.reduced_motion !== undefined){
if(typeof data.reduced_motion !== "boolean"){
const err35 = {instancePath:instancePath+"/reduced_motion",schemaPath:"#/properties/reduced_motion/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.locale !== undefined){
let data17 = data.locale;
if((typeof data17 !== "string") && (data17 !== null)){
const err36 = {instancePath:instancePath+"/locale",schemaPath:"#/properties/locale/type",keyword:"type",params:{type: schema40.properties.locale.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.timezone !== undefined){
let data18 = data.timezone;
if((typeof data18 !== "string") && (data18 !== null)){
const err37 = {instancePath:instancePath+"/timezone",schemaPath:"#/properties/timezone/type",keyword:"type",params:{type: schema40.properties.timezone.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
else {
const err38 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
validate24.errors = vErrors;
return errors === 0;
}
validate24.evaluated = {"props":{"viewport":true,"user_agent":true,"network":true,"cpu":true,"color_scheme":true,"reduced_motion":true,"locale":true,"timezone":true},"dynamicProps":false,"dynamicItems":false};


function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate21.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.run_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "run_id"},message:"must have required property '"+"run_id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.session === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "session"},message:"must have required property '"+"session"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.tab_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tab_id"},message:"must have required property '"+"tab_id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.state === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "state"},message:"must have required property '"+"state"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.started_at === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "started_at"},message:"must have required property '"+"started_at"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.counters === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "counters"},message:"must have required property '"+"counters"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.coverage === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "coverage"},message:"must have required property '"+"coverage"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.history === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "history"},message:"must have required property '"+"history"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.text_units === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "text_units"},message:"must have required property '"+"text_units"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.requests === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "requests"},message:"must have required property '"+"requests"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.console === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "console"},message:"must have required property '"+"console"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.operations === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "operations"},message:"must have required property '"+"operations"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.pages === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "pages"},message:"must have required property '"+"pages"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.run_id !== undefined){
if(typeof data.run_id !== "string"){
const err13 = {instancePath:instancePath+"/run_id",schemaPath:"#/properties/run_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.session !== undefined){
if(typeof data.session !== "string"){
const err14 = {instancePath:instancePath+"/session",schemaPath:"#/properties/session/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.name !== undefined){
let data2 = data.name;
if((typeof data2 !== "string") && (data2 !== null)){
const err15 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: schema32.properties.name.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.tab_id !== undefined){
if(typeof data.tab_id !== "string"){
const err16 = {instancePath:instancePath+"/tab_id",schemaPath:"#/properties/tab_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.state !== undefined){
let data4 = data.state;
if(typeof data4 !== "string"){
const err17 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/CaptureState/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(!(((data4 === "active") || (data4 === "stopped")) || (data4 === "interrupted"))){
const err18 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/CaptureState/enum",keyword:"enum",params:{allowedValues: schema33.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.started_at !== undefined){
let data5 = data.started_at;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err19 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 0 || isNaN(data5)){
const err20 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
if(data.stopped_at !== undefined){
let data6 = data.stopped_at;
if((!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))) && (data6 !== null)){
const err21 = {instancePath:instancePath+"/stopped_at",schemaPath:"#/properties/stopped_at/type",keyword:"type",params:{type: schema32.properties.stopped_at.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 0 || isNaN(data6)){
const err22 = {instancePath:instancePath+"/stopped_at",schemaPath:"#/properties/stopped_at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
if(data.stop_reason !== undefined){
let data7 = data.stop_reason;
const _errs17 = errors;
let valid2 = false;
const _errs18 = errors;
const _errs20 = errors;
let valid4 = false;
let passing0 = null;
const _errs21 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.kind === undefined){
const err23 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/0/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data7.kind !== undefined){
let data8 = data7.kind;
if(typeof data8 !== "string"){
const err24 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/0/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if("stopped" !== data8){
const err25 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/0/properties/kind/const",keyword:"const",params:{allowedValue: "stopped"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var _valid1 = _errs21 === errors;
if(_valid1){
valid4 = true;
passing0 = 0;
var props0 = {};
props0.kind = true;
}
const _errs25 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.kind === undefined){
const err27 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/1/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data7.kind !== undefined){
let data9 = data7.kind;
if(typeof data9 !== "string"){
const err28 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/1/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if("stopped_from_extension" !== data9){
const err29 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/1/properties/kind/const",keyword:"const",params:{allowedValue: "stopped_from_extension"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var _valid1 = _errs25 === errors;
if(_valid1 && valid4){
valid4 = false;
passing0 = [passing0, 1];
}
else {
if(_valid1){
valid4 = true;
passing0 = 1;
if(props0 !== true){
props0 = props0 || {};
props0.kind = true;
}
}
const _errs29 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.kind === undefined){
const err31 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/2/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(data7.kind !== undefined){
let data10 = data7.kind;
if(typeof data10 !== "string"){
const err32 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/2/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if("session_ended" !== data10){
const err33 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/2/properties/kind/const",keyword:"const",params:{allowedValue: "session_ended"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/2/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
var _valid1 = _errs29 === errors;
if(_valid1 && valid4){
valid4 = false;
passing0 = [passing0, 2];
}
else {
if(_valid1){
valid4 = true;
passing0 = 2;
if(props0 !== true){
props0 = props0 || {};
props0.kind = true;
}
}
const _errs33 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.kind === undefined){
const err35 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/3/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data7.kind !== undefined){
let data11 = data7.kind;
if(typeof data11 !== "string"){
const err36 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/3/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if("tab_returned" !== data11){
const err37 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/3/properties/kind/const",keyword:"const",params:{allowedValue: "tab_returned"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
else {
const err38 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/3/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
var _valid1 = _errs33 === errors;
if(_valid1 && valid4){
valid4 = false;
passing0 = [passing0, 3];
}
else {
if(_valid1){
valid4 = true;
passing0 = 3;
if(props0 !== true){
props0 = props0 || {};
props0.kind = true;
}
}
const _errs37 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.kind === undefined){
const err39 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/4/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data7.kind !== undefined){
let data12 = data7.kind;
if(typeof data12 !== "string"){
const err40 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/4/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if("tab_closed" !== data12){
const err41 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/4/properties/kind/const",keyword:"const",params:{allowedValue: "tab_closed"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/4/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
var _valid1 = _errs37 === errors;
if(_valid1 && valid4){
valid4 = false;
passing0 = [passing0, 4];
}
else {
if(_valid1){
valid4 = true;
passing0 = 4;
if(props0 !== true){
props0 = props0 || {};
props0.kind = true;
}
}
const _errs41 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.kind === undefined){
const err43 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/5/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(data7.kind !== undefined){
let data13 = data7.kind;
if(typeof data13 !== "string"){
const err44 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/5/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if("renderer_crashed" !== data13){
const err45 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/5/properties/kind/const",keyword:"const",params:{allowedValue: "renderer_crashed"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
}
else {
const err46 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/5/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
var _valid1 = _errs41 === errors;
if(_valid1 && valid4){
valid4 = false;
passing0 = [passing0, 5];
}
else {
if(_valid1){
valid4 = true;
passing0 = 5;
if(props0 !== true){
props0 = props0 || {};
props0.kind = true;
}
}
const _errs45 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.kind === undefined){
const err47 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/6/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(data7.kind !== undefined){
let data14 = data7.kind;
if(typeof data14 !== "string"){
const err48 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/6/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if("daemon_shutdown" !== data14){
const err49 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/6/properties/kind/const",keyword:"const",params:{allowedValue: "daemon_shutdown"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
else {
const err50 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/6/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
var _valid1 = _errs45 === errors;
if(_valid1 && valid4){
valid4 = false;
passing0 = [passing0, 6];
}
else {
if(_valid1){
valid4 = true;
passing0 = 6;
if(props0 !== true){
props0 = props0 || {};
props0.kind = true;
}
}
const _errs49 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.kind === undefined){
const err51 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/7/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if(data7.kind !== undefined){
let data15 = data7.kind;
if(typeof data15 !== "string"){
const err52 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/7/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if("browser_disconnected" !== data15){
const err53 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/7/properties/kind/const",keyword:"const",params:{allowedValue: "browser_disconnected"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
else {
const err54 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/7/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
var _valid1 = _errs49 === errors;
if(_valid1 && valid4){
valid4 = false;
passing0 = [passing0, 7];
}
else {
if(_valid1){
valid4 = true;
passing0 = 7;
if(props0 !== true){
props0 = props0 || {};
props0.kind = true;
}
}
const _errs53 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.kind === undefined){
const err55 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/8/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(data7.actor === undefined){
const err56 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/8/required",keyword:"required",params:{missingProperty: "actor"},message:"must have required property '"+"actor"+"'"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if(data7.kind !== undefined){
let data16 = data7.kind;
if(typeof data16 !== "string"){
const err57 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/8/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
if("actor_panicked" !== data16){
const err58 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/8/properties/kind/const",keyword:"const",params:{allowedValue: "actor_panicked"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data7.actor !== undefined){
if(typeof data7.actor !== "string"){
const err59 = {instancePath:instancePath+"/stop_reason/actor",schemaPath:"#/$defs/StopReason/oneOf/8/properties/actor/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
}
else {
const err60 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/8/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
var _valid1 = _errs53 === errors;
if(_valid1 && valid4){
valid4 = false;
passing0 = [passing0, 8];
}
else {
if(_valid1){
valid4 = true;
passing0 = 8;
if(props0 !== true){
props0 = props0 || {};
props0.kind = true;
props0.actor = true;
}
}
const _errs59 = errors;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.kind === undefined){
const err61 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/9/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(data7.kind !== undefined){
let data18 = data7.kind;
if(typeof data18 !== "string"){
const err62 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/9/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if("recovered" !== data18){
const err63 = {instancePath:instancePath+"/stop_reason/kind",schemaPath:"#/$defs/StopReason/oneOf/9/properties/kind/const",keyword:"const",params:{allowedValue: "recovered"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
else {
const err64 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf/9/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
var _valid1 = _errs59 === errors;
if(_valid1 && valid4){
valid4 = false;
passing0 = [passing0, 9];
}
else {
if(_valid1){
valid4 = true;
passing0 = 9;
if(props0 !== true){
props0 = props0 || {};
props0.kind = true;
}
}
}
}
}
}
}
}
}
}
}
if(!valid4){
const err65 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/$defs/StopReason/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
else {
errors = _errs20;
if(vErrors !== null){
if(_errs20){
vErrors.length = _errs20;
}
else {
vErrors = null;
}
}
}
var _valid0 = _errs18 === errors;
valid2 = valid2 || _valid0;
const _errs63 = errors;
if(data7 !== null){
const err66 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/properties/stop_reason/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
var _valid0 = _errs63 === errors;
valid2 = valid2 || _valid0;
if(!valid2){
const err67 = {instancePath:instancePath+"/stop_reason",schemaPath:"#/properties/stop_reason/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
else {
errors = _errs17;
if(vErrors !== null){
if(_errs17){
vErrors.length = _errs17;
}
else {
vErrors = null;
}
}
}
}
if(data.counters !== undefined){
let data19 = data.counters;
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.requests_seen === undefined){
const err68 = {instancePath:instancePath+"/counters",schemaPath:"#/$defs/Counters/required",keyword:"required",params:{missingProperty: "requests_seen"},message:"must have required property '"+"requests_seen"+"'"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if(data19.requests_evicted === undefined){
const err69 = {instancePath:instancePath+"/counters",schemaPath:"#/$defs/Counters/required",keyword:"required",params:{missingProperty: "requests_evicted"},message:"must have required property '"+"requests_evicted"+"'"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if(data19.console_seen === undefined){
const err70 = {instancePath:instancePath+"/counters",schemaPath:"#/$defs/Counters/required",keyword:"required",params:{missingProperty: "console_seen"},message:"must have required property '"+"console_seen"+"'"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if(data19.console_evicted === undefined){
const err71 = {instancePath:instancePath+"/counters",schemaPath:"#/$defs/Counters/required",keyword:"required",params:{missingProperty: "console_evicted"},message:"must have required property '"+"console_evicted"+"'"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if(data19.operations_evicted === undefined){
const err72 = {instancePath:instancePath+"/counters",schemaPath:"#/$defs/Counters/required",keyword:"required",params:{missingProperty: "operations_evicted"},message:"must have required property '"+"operations_evicted"+"'"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if(data19.pages_evicted === undefined){
const err73 = {instancePath:instancePath+"/counters",schemaPath:"#/$defs/Counters/required",keyword:"required",params:{missingProperty: "pages_evicted"},message:"must have required property '"+"pages_evicted"+"'"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
if(data19.bodies_evicted === undefined){
const err74 = {instancePath:instancePath+"/counters",schemaPath:"#/$defs/Counters/required",keyword:"required",params:{missingProperty: "bodies_evicted"},message:"must have required property '"+"bodies_evicted"+"'"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
if(data19.bodies_truncated === undefined){
const err75 = {instancePath:instancePath+"/counters",schemaPath:"#/$defs/Counters/required",keyword:"required",params:{missingProperty: "bodies_truncated"},message:"must have required property '"+"bodies_truncated"+"'"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
if(data19.bodies_saturated === undefined){
const err76 = {instancePath:instancePath+"/counters",schemaPath:"#/$defs/Counters/required",keyword:"required",params:{missingProperty: "bodies_saturated"},message:"must have required property '"+"bodies_saturated"+"'"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
if(data19.bodies_deadline === undefined){
const err77 = {instancePath:instancePath+"/counters",schemaPath:"#/$defs/Counters/required",keyword:"required",params:{missingProperty: "bodies_deadline"},message:"must have required property '"+"bodies_deadline"+"'"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
if(data19.events_dropped === undefined){
const err78 = {instancePath:instancePath+"/counters",schemaPath:"#/$defs/Counters/required",keyword:"required",params:{missingProperty: "events_dropped"},message:"must have required property '"+"events_dropped"+"'"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
if(data19.extra_info_dropped === undefined){
const err79 = {instancePath:instancePath+"/counters",schemaPath:"#/$defs/Counters/required",keyword:"required",params:{missingProperty: "extra_info_dropped"},message:"must have required property '"+"extra_info_dropped"+"'"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
if(data19.requests_seen !== undefined){
let data20 = data19.requests_seen;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err80 = {instancePath:instancePath+"/counters/requests_seen",schemaPath:"#/$defs/Counters/properties/requests_seen/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 0 || isNaN(data20)){
const err81 = {instancePath:instancePath+"/counters/requests_seen",schemaPath:"#/$defs/Counters/properties/requests_seen/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
}
if(data19.requests_evicted !== undefined){
let data21 = data19.requests_evicted;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err82 = {instancePath:instancePath+"/counters/requests_evicted",schemaPath:"#/$defs/Counters/properties/requests_evicted/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 0 || isNaN(data21)){
const err83 = {instancePath:instancePath+"/counters/requests_evicted",schemaPath:"#/$defs/Counters/properties/requests_evicted/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
}
if(data19.console_seen !== undefined){
let data22 = data19.console_seen;
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
const err84 = {instancePath:instancePath+"/counters/console_seen",schemaPath:"#/$defs/Counters/properties/console_seen/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 < 0 || isNaN(data22)){
const err85 = {instancePath:instancePath+"/counters/console_seen",schemaPath:"#/$defs/Counters/properties/console_seen/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
}
if(data19.console_evicted !== undefined){
let data23 = data19.console_evicted;
if(!(((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23))) && (isFinite(data23)))){
const err86 = {instancePath:instancePath+"/counters/console_evicted",schemaPath:"#/$defs/Counters/properties/console_evicted/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
if((typeof data23 == "number") && (isFinite(data23))){
if(data23 < 0 || isNaN(data23)){
const err87 = {instancePath:instancePath+"/counters/console_evicted",schemaPath:"#/$defs/Counters/properties/console_evicted/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
}
if(data19.operations_evicted !== undefined){
let data24 = data19.operations_evicted;
if(!(((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24))) && (isFinite(data24)))){
const err88 = {instancePath:instancePath+"/counters/operations_evicted",schemaPath:"#/$defs/Counters/properties/operations_evicted/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 < 0 || isNaN(data24)){
const err89 = {instancePath:instancePath+"/counters/operations_evicted",schemaPath:"#/$defs/Counters/properties/operations_evicted/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
}
if(data19.pages_evicted !== undefined){
let data25 = data19.pages_evicted;
if(!(((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25))) && (isFinite(data25)))){
const err90 = {instancePath:instancePath+"/counters/pages_evicted",schemaPath:"#/$defs/Counters/properties/pages_evicted/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
if((typeof data25 == "number") && (isFinite(data25))){
if(data25 < 0 || isNaN(data25)){
const err91 = {instancePath:instancePath+"/counters/pages_evicted",schemaPath:"#/$defs/Counters/properties/pages_evicted/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
}
if(data19.bodies_evicted !== undefined){
let data26 = data19.bodies_evicted;
if(!(((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26))) && (isFinite(data26)))){
const err92 = {instancePath:instancePath+"/counters/bodies_evicted",schemaPath:"#/$defs/Counters/properties/bodies_evicted/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
if((typeof data26 == "number") && (isFinite(data26))){
if(data26 < 0 || isNaN(data26)){
const err93 = {instancePath:instancePath+"/counters/bodies_evicted",schemaPath:"#/$defs/Counters/properties/bodies_evicted/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
}
if(data19.bodies_truncated !== undefined){
let data27 = data19.bodies_truncated;
if(!(((typeof data27 == "number") && (!(data27 % 1) && !isNaN(data27))) && (isFinite(data27)))){
const err94 = {instancePath:instancePath+"/counters/bodies_truncated",schemaPath:"#/$defs/Counters/properties/bodies_truncated/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
if((typeof data27 == "number") && (isFinite(data27))){
if(data27 < 0 || isNaN(data27)){
const err95 = {instancePath:instancePath+"/counters/bodies_truncated",schemaPath:"#/$defs/Counters/properties/bodies_truncated/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
}
if(data19.bodies_saturated !== undefined){
let data28 = data19.bodies_saturated;
if(!(((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28))) && (isFinite(data28)))){
const err96 = {instancePath:instancePath+"/counters/bodies_saturated",schemaPath:"#/$defs/Counters/properties/bodies_saturated/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
if((typeof data28 == "number") && (isFinite(data28))){
if(data28 < 0 || isNaN(data28)){
const err97 = {instancePath:instancePath+"/counters/bodies_saturated",schemaPath:"#/$defs/Counters/properties/bodies_saturated/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
}
if(data19.bodies_refetched !== undefined){
let data29 = data19.bodies_refetched;
if(!(((typeof data29 == "number") && (!(data29 % 1) && !isNaN(data29))) && (isFinite(data29)))){
const err98 = {instancePath:instancePath+"/counters/bodies_refetched",schemaPath:"#/$defs/Counters/properties/bodies_refetched/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
if((typeof data29 == "number") && (isFinite(data29))){
if(data29 < 0 || isNaN(data29)){
const err99 = {instancePath:instancePath+"/counters/bodies_refetched",schemaPath:"#/$defs/Counters/properties/bodies_refetched/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
}
if(data19.body_fetches_skipped !== undefined){
let data30 = data19.body_fetches_skipped;
if(!(((typeof data30 == "number") && (!(data30 % 1) && !isNaN(data30))) && (isFinite(data30)))){
const err100 = {instancePath:instancePath+"/counters/body_fetches_skipped",schemaPath:"#/$defs/Counters/properties/body_fetches_skipped/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
if((typeof data30 == "number") && (isFinite(data30))){
if(data30 < 0 || isNaN(data30)){
const err101 = {instancePath:instancePath+"/counters/body_fetches_skipped",schemaPath:"#/$defs/Counters/properties/body_fetches_skipped/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
}
if(data19.bodies_deadline !== undefined){
let data31 = data19.bodies_deadline;
if(!(((typeof data31 == "number") && (!(data31 % 1) && !isNaN(data31))) && (isFinite(data31)))){
const err102 = {instancePath:instancePath+"/counters/bodies_deadline",schemaPath:"#/$defs/Counters/properties/bodies_deadline/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
if((typeof data31 == "number") && (isFinite(data31))){
if(data31 < 0 || isNaN(data31)){
const err103 = {instancePath:instancePath+"/counters/bodies_deadline",schemaPath:"#/$defs/Counters/properties/bodies_deadline/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
}
if(data19.bodies_read_failed !== undefined){
let data32 = data19.bodies_read_failed;
if(!(((typeof data32 == "number") && (!(data32 % 1) && !isNaN(data32))) && (isFinite(data32)))){
const err104 = {instancePath:instancePath+"/counters/bodies_read_failed",schemaPath:"#/$defs/Counters/properties/bodies_read_failed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
if((typeof data32 == "number") && (isFinite(data32))){
if(data32 < 0 || isNaN(data32)){
const err105 = {instancePath:instancePath+"/counters/bodies_read_failed",schemaPath:"#/$defs/Counters/properties/bodies_read_failed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
}
if(data19.events_dropped !== undefined){
let data33 = data19.events_dropped;
if(!(((typeof data33 == "number") && (!(data33 % 1) && !isNaN(data33))) && (isFinite(data33)))){
const err106 = {instancePath:instancePath+"/counters/events_dropped",schemaPath:"#/$defs/Counters/properties/events_dropped/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
if((typeof data33 == "number") && (isFinite(data33))){
if(data33 < 0 || isNaN(data33)){
const err107 = {instancePath:instancePath+"/counters/events_dropped",schemaPath:"#/$defs/Counters/properties/events_dropped/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
}
if(data19.extra_info_dropped !== undefined){
let data34 = data19.extra_info_dropped;
if(!(((typeof data34 == "number") && (!(data34 % 1) && !isNaN(data34))) && (isFinite(data34)))){
const err108 = {instancePath:instancePath+"/counters/extra_info_dropped",schemaPath:"#/$defs/Counters/properties/extra_info_dropped/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
if((typeof data34 == "number") && (isFinite(data34))){
if(data34 < 0 || isNaN(data34)){
const err109 = {instancePath:instancePath+"/counters/extra_info_dropped",schemaPath:"#/$defs/Counters/properties/extra_info_dropped/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
}
}
if(data19.pictures_dropped !== undefined){
let data35 = data19.pictures_dropped;
if(!(((typeof data35 == "number") && (!(data35 % 1) && !isNaN(data35))) && (isFinite(data35)))){
const err110 = {instancePath:instancePath+"/counters/pictures_dropped",schemaPath:"#/$defs/Counters/properties/pictures_dropped/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
if((typeof data35 == "number") && (isFinite(data35))){
if(data35 < 0 || isNaN(data35)){
const err111 = {instancePath:instancePath+"/counters/pictures_dropped",schemaPath:"#/$defs/Counters/properties/pictures_dropped/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
}
}
}
else {
const err112 = {instancePath:instancePath+"/counters",schemaPath:"#/$defs/Counters/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
}
if(data.coverage !== undefined){
let data36 = data.coverage;
if(data36 && typeof data36 == "object" && !Array.isArray(data36)){
if(data36.iframe_targets === undefined){
const err113 = {instancePath:instancePath+"/coverage",schemaPath:"#/$defs/Coverage/required",keyword:"required",params:{missingProperty: "iframe_targets"},message:"must have required property '"+"iframe_targets"+"'"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
if(data36.iframe_targets_over_limit === undefined){
const err114 = {instancePath:instancePath+"/coverage",schemaPath:"#/$defs/Coverage/required",keyword:"required",params:{missingProperty: "iframe_targets_over_limit"},message:"must have required property '"+"iframe_targets_over_limit"+"'"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
if(data36.iframe_setup_failed === undefined){
const err115 = {instancePath:instancePath+"/coverage",schemaPath:"#/$defs/Coverage/required",keyword:"required",params:{missingProperty: "iframe_setup_failed"},message:"must have required property '"+"iframe_setup_failed"+"'"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
if(data36.iframe_targets_late === undefined){
const err116 = {instancePath:instancePath+"/coverage",schemaPath:"#/$defs/Coverage/required",keyword:"required",params:{missingProperty: "iframe_targets_late"},message:"must have required property '"+"iframe_targets_late"+"'"};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
if(data36.iframe_targets !== undefined){
let data37 = data36.iframe_targets;
if(!(((typeof data37 == "number") && (!(data37 % 1) && !isNaN(data37))) && (isFinite(data37)))){
const err117 = {instancePath:instancePath+"/coverage/iframe_targets",schemaPath:"#/$defs/Coverage/properties/iframe_targets/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
if((typeof data37 == "number") && (isFinite(data37))){
if(data37 < 0 || isNaN(data37)){
const err118 = {instancePath:instancePath+"/coverage/iframe_targets",schemaPath:"#/$defs/Coverage/properties/iframe_targets/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
}
}
if(data36.iframe_targets_over_limit !== undefined){
let data38 = data36.iframe_targets_over_limit;
if(!(((typeof data38 == "number") && (!(data38 % 1) && !isNaN(data38))) && (isFinite(data38)))){
const err119 = {instancePath:instancePath+"/coverage/iframe_targets_over_limit",schemaPath:"#/$defs/Coverage/properties/iframe_targets_over_limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
if((typeof data38 == "number") && (isFinite(data38))){
if(data38 < 0 || isNaN(data38)){
const err120 = {instancePath:instancePath+"/coverage/iframe_targets_over_limit",schemaPath:"#/$defs/Coverage/properties/iframe_targets_over_limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
}
}
if(data36.iframe_setup_failed !== undefined){
let data39 = data36.iframe_setup_failed;
if(!(((typeof data39 == "number") && (!(data39 % 1) && !isNaN(data39))) && (isFinite(data39)))){
const err121 = {instancePath:instancePath+"/coverage/iframe_setup_failed",schemaPath:"#/$defs/Coverage/properties/iframe_setup_failed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
if((typeof data39 == "number") && (isFinite(data39))){
if(data39 < 0 || isNaN(data39)){
const err122 = {instancePath:instancePath+"/coverage/iframe_setup_failed",schemaPath:"#/$defs/Coverage/properties/iframe_setup_failed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
}
}
if(data36.iframe_targets_late !== undefined){
let data40 = data36.iframe_targets_late;
if(!(((typeof data40 == "number") && (!(data40 % 1) && !isNaN(data40))) && (isFinite(data40)))){
const err123 = {instancePath:instancePath+"/coverage/iframe_targets_late",schemaPath:"#/$defs/Coverage/properties/iframe_targets_late/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
if((typeof data40 == "number") && (isFinite(data40))){
if(data40 < 0 || isNaN(data40)){
const err124 = {instancePath:instancePath+"/coverage/iframe_targets_late",schemaPath:"#/$defs/Coverage/properties/iframe_targets_late/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
}
}
if(data36.late_start !== undefined){
if(typeof data36.late_start !== "boolean"){
const err125 = {instancePath:instancePath+"/coverage/late_start",schemaPath:"#/$defs/Coverage/properties/late_start/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
}
if(data36.workers !== undefined){
if(typeof data36.workers !== "boolean"){
const err126 = {instancePath:instancePath+"/coverage/workers",schemaPath:"#/$defs/Coverage/properties/workers/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
}
if(data36.worker_targets !== undefined){
let data43 = data36.worker_targets;
if(!(((typeof data43 == "number") && (!(data43 % 1) && !isNaN(data43))) && (isFinite(data43)))){
const err127 = {instancePath:instancePath+"/coverage/worker_targets",schemaPath:"#/$defs/Coverage/properties/worker_targets/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
if((typeof data43 == "number") && (isFinite(data43))){
if(data43 < 0 || isNaN(data43)){
const err128 = {instancePath:instancePath+"/coverage/worker_targets",schemaPath:"#/$defs/Coverage/properties/worker_targets/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
}
}
if(data36.worker_targets_over_limit !== undefined){
let data44 = data36.worker_targets_over_limit;
if(!(((typeof data44 == "number") && (!(data44 % 1) && !isNaN(data44))) && (isFinite(data44)))){
const err129 = {instancePath:instancePath+"/coverage/worker_targets_over_limit",schemaPath:"#/$defs/Coverage/properties/worker_targets_over_limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
if((typeof data44 == "number") && (isFinite(data44))){
if(data44 < 0 || isNaN(data44)){
const err130 = {instancePath:instancePath+"/coverage/worker_targets_over_limit",schemaPath:"#/$defs/Coverage/properties/worker_targets_over_limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err130];
}
else {
vErrors.push(err130);
}
errors++;
}
}
}
if(data36.worker_traffic_not_recorded !== undefined){
let data45 = data36.worker_traffic_not_recorded;
if(!(((typeof data45 == "number") && (!(data45 % 1) && !isNaN(data45))) && (isFinite(data45)))){
const err131 = {instancePath:instancePath+"/coverage/worker_traffic_not_recorded",schemaPath:"#/$defs/Coverage/properties/worker_traffic_not_recorded/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
if((typeof data45 == "number") && (isFinite(data45))){
if(data45 < 0 || isNaN(data45)){
const err132 = {instancePath:instancePath+"/coverage/worker_traffic_not_recorded",schemaPath:"#/$defs/Coverage/properties/worker_traffic_not_recorded/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
}
}
if(data36.shared_workers_not_covered !== undefined){
if(typeof data36.shared_workers_not_covered !== "boolean"){
const err133 = {instancePath:instancePath+"/coverage/shared_workers_not_covered",schemaPath:"#/$defs/Coverage/properties/shared_workers_not_covered/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
}
}
if(data36.screenshots !== undefined){
if(typeof data36.screenshots !== "boolean"){
const err134 = {instancePath:instancePath+"/coverage/screenshots",schemaPath:"#/$defs/Coverage/properties/screenshots/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
}
}
else {
const err135 = {instancePath:instancePath+"/coverage",schemaPath:"#/$defs/Coverage/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
}
errors++;
}
}
if(data.history !== undefined){
let data48 = data.history;
if(data48 && typeof data48 == "object" && !Array.isArray(data48)){
if(data48.available === undefined){
const err136 = {instancePath:instancePath+"/history",schemaPath:"#/$defs/HistoryStatus/required",keyword:"required",params:{missingProperty: "available"},message:"must have required property '"+"available"+"'"};
if(vErrors === null){
vErrors = [err136];
}
else {
vErrors.push(err136);
}
errors++;
}
if(data48.checkpoints === undefined){
const err137 = {instancePath:instancePath+"/history",schemaPath:"#/$defs/HistoryStatus/required",keyword:"required",params:{missingProperty: "checkpoints"},message:"must have required property '"+"checkpoints"+"'"};
if(vErrors === null){
vErrors = [err137];
}
else {
vErrors.push(err137);
}
errors++;
}
if(data48.available !== undefined){
if(typeof data48.available !== "boolean"){
const err138 = {instancePath:instancePath+"/history/available",schemaPath:"#/$defs/HistoryStatus/properties/available/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err138];
}
else {
vErrors.push(err138);
}
errors++;
}
}
if(data48.reason !== undefined){
let data50 = data48.reason;
if((typeof data50 !== "string") && (data50 !== null)){
const err139 = {instancePath:instancePath+"/history/reason",schemaPath:"#/$defs/HistoryStatus/properties/reason/type",keyword:"type",params:{type: schema37.properties.reason.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err139];
}
else {
vErrors.push(err139);
}
errors++;
}
}
if(data48.checkpoints !== undefined){
let data51 = data48.checkpoints;
if(!(((typeof data51 == "number") && (!(data51 % 1) && !isNaN(data51))) && (isFinite(data51)))){
const err140 = {instancePath:instancePath+"/history/checkpoints",schemaPath:"#/$defs/HistoryStatus/properties/checkpoints/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err140];
}
else {
vErrors.push(err140);
}
errors++;
}
if((typeof data51 == "number") && (isFinite(data51))){
if(data51 < 0 || isNaN(data51)){
const err141 = {instancePath:instancePath+"/history/checkpoints",schemaPath:"#/$defs/HistoryStatus/properties/checkpoints/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err141];
}
else {
vErrors.push(err141);
}
errors++;
}
}
}
if(data48.last_checkpoint_at !== undefined){
let data52 = data48.last_checkpoint_at;
if((!(((typeof data52 == "number") && (!(data52 % 1) && !isNaN(data52))) && (isFinite(data52)))) && (data52 !== null)){
const err142 = {instancePath:instancePath+"/history/last_checkpoint_at",schemaPath:"#/$defs/HistoryStatus/properties/last_checkpoint_at/type",keyword:"type",params:{type: schema37.properties.last_checkpoint_at.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err142];
}
else {
vErrors.push(err142);
}
errors++;
}
if((typeof data52 == "number") && (isFinite(data52))){
if(data52 < 0 || isNaN(data52)){
const err143 = {instancePath:instancePath+"/history/last_checkpoint_at",schemaPath:"#/$defs/HistoryStatus/properties/last_checkpoint_at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err143];
}
else {
vErrors.push(err143);
}
errors++;
}
}
}
if(data48.spacing_ms !== undefined){
let data53 = data48.spacing_ms;
if((!(((typeof data53 == "number") && (!(data53 % 1) && !isNaN(data53))) && (isFinite(data53)))) && (data53 !== null)){
const err144 = {instancePath:instancePath+"/history/spacing_ms",schemaPath:"#/$defs/HistoryStatus/properties/spacing_ms/type",keyword:"type",params:{type: schema37.properties.spacing_ms.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err144];
}
else {
vErrors.push(err144);
}
errors++;
}
if((typeof data53 == "number") && (isFinite(data53))){
if(data53 < 0 || isNaN(data53)){
const err145 = {instancePath:instancePath+"/history/spacing_ms",schemaPath:"#/$defs/HistoryStatus/properties/spacing_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err145];
}
else {
vErrors.push(err145);
}
errors++;
}
}
}
}
else {
const err146 = {instancePath:instancePath+"/history",schemaPath:"#/$defs/HistoryStatus/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err146];
}
else {
vErrors.push(err146);
}
errors++;
}
}
if(data.text_units !== undefined){
let data54 = data.text_units;
if(!(((typeof data54 == "number") && (!(data54 % 1) && !isNaN(data54))) && (isFinite(data54)))){
const err147 = {instancePath:instancePath+"/text_units",schemaPath:"#/properties/text_units/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err147];
}
else {
vErrors.push(err147);
}
errors++;
}
if((typeof data54 == "number") && (isFinite(data54))){
if(data54 < 0 || isNaN(data54)){
const err148 = {instancePath:instancePath+"/text_units",schemaPath:"#/properties/text_units/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err148];
}
else {
vErrors.push(err148);
}
errors++;
}
}
}
if(data.limits !== undefined){
if(!(validate22(data.limits, {instancePath:instancePath+"/limits",parentData:data,parentDataProperty:"limits",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
errors = vErrors.length;
}
}
if(data.requests !== undefined){
let data56 = data.requests;
if(!(((typeof data56 == "number") && (!(data56 % 1) && !isNaN(data56))) && (isFinite(data56)))){
const err149 = {instancePath:instancePath+"/requests",schemaPath:"#/properties/requests/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err149];
}
else {
vErrors.push(err149);
}
errors++;
}
if((typeof data56 == "number") && (isFinite(data56))){
if(data56 < 0 || isNaN(data56)){
const err150 = {instancePath:instancePath+"/requests",schemaPath:"#/properties/requests/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err150];
}
else {
vErrors.push(err150);
}
errors++;
}
}
}
if(data.console !== undefined){
let data57 = data.console;
if(!(((typeof data57 == "number") && (!(data57 % 1) && !isNaN(data57))) && (isFinite(data57)))){
const err151 = {instancePath:instancePath+"/console",schemaPath:"#/properties/console/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err151];
}
else {
vErrors.push(err151);
}
errors++;
}
if((typeof data57 == "number") && (isFinite(data57))){
if(data57 < 0 || isNaN(data57)){
const err152 = {instancePath:instancePath+"/console",schemaPath:"#/properties/console/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err152];
}
else {
vErrors.push(err152);
}
errors++;
}
}
}
if(data.operations !== undefined){
let data58 = data.operations;
if(!(((typeof data58 == "number") && (!(data58 % 1) && !isNaN(data58))) && (isFinite(data58)))){
const err153 = {instancePath:instancePath+"/operations",schemaPath:"#/properties/operations/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err153];
}
else {
vErrors.push(err153);
}
errors++;
}
if((typeof data58 == "number") && (isFinite(data58))){
if(data58 < 0 || isNaN(data58)){
const err154 = {instancePath:instancePath+"/operations",schemaPath:"#/properties/operations/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err154];
}
else {
vErrors.push(err154);
}
errors++;
}
}
}
if(data.pages !== undefined){
let data59 = data.pages;
if(!(((typeof data59 == "number") && (!(data59 % 1) && !isNaN(data59))) && (isFinite(data59)))){
const err155 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err155];
}
else {
vErrors.push(err155);
}
errors++;
}
if((typeof data59 == "number") && (isFinite(data59))){
if(data59 < 0 || isNaN(data59)){
const err156 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err156];
}
else {
vErrors.push(err156);
}
errors++;
}
}
}
if(data.emulation !== undefined){
let data60 = data.emulation;
const _errs150 = errors;
let valid21 = false;
const _errs151 = errors;
if(!(validate24(data60, {instancePath:instancePath+"/emulation",parentData:data,parentDataProperty:"emulation",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
var _valid2 = _errs151 === errors;
valid21 = valid21 || _valid2;
if(_valid2){
var props1 = {};
props1.viewport = true;
props1.user_agent = true;
props1.network = true;
props1.cpu = true;
props1.color_scheme = true;
props1.reduced_motion = true;
props1.locale = true;
props1.timezone = true;
}
const _errs152 = errors;
if(data60 !== null){
const err157 = {instancePath:instancePath+"/emulation",schemaPath:"#/properties/emulation/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err157];
}
else {
vErrors.push(err157);
}
errors++;
}
var _valid2 = _errs152 === errors;
valid21 = valid21 || _valid2;
if(!valid21){
const err158 = {instancePath:instancePath+"/emulation",schemaPath:"#/properties/emulation/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err158];
}
else {
vErrors.push(err158);
}
errors++;
}
else {
errors = _errs150;
if(vErrors !== null){
if(_errs150){
vErrors.length = _errs150;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err159 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err159];
}
else {
vErrors.push(err159);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"props":{"run_id":true,"session":true,"name":true,"tab_id":true,"state":true,"started_at":true,"stopped_at":true,"stop_reason":true,"counters":true,"coverage":true,"history":true,"text_units":true,"limits":true,"requests":true,"console":true,"operations":true,"pages":true,"emulation":true},"dynamicProps":false,"dynamicItems":false};

const schema44 = {"description":"A request as capture retains it: its [`RequestHead`], headers, timing and bodies.","type":"object","properties":{"id":{"description":"Stable, distinct across redirects and iframe targets.","type":"string"},"revision":{"description":"Bumped on every update; `--since` follows it.","type":"integer","format":"uint64","minimum":0},"redirect_from":{"type":["string","null"]},"preflight_for":{"description":"On a CORS preflight (`OPTIONS`): the id of the request it guards.","type":["string","null"]},"preflight":{"description":"On a request that needed a CORS preflight: the preflight's id.","type":["string","null"]},"url":{"type":"string"},"method":{"type":"string"},"resource_type":{"type":["string","null"]},"state":{"$ref":"#/$defs/RequestState"},"started_at":{"description":"Milliseconds since the Unix epoch, by the browser's clock (`wallTime`).","type":"integer","format":"uint64","minimum":0},"status":{"type":["integer","null"],"format":"uint16","minimum":0,"maximum":65535},"target_id":{"description":"The CDP target (tab or iframe) the request was seen on.","type":"string"},"failure":{"type":["string","null"]},"from_cache":{"description":"Served from the memory or disk cache (`fromDiskCache`, `requestServedFromCache`).","type":"boolean","default":false},"from_service_worker":{"type":"boolean","default":false},"untrusted_certificate":{"description":"An HTTPS response whose certificate the browser did not trust: loaded only because the\nsession ignores certificate errors.","type":"boolean"},"worker":{"description":"The worker that made the request (`bsk debug start --workers`); absent for the page's\nand its frames' own requests.","anyOf":[{"$ref":"#/$defs/WorkerSource"},{"type":"null"}]},"emulation":{"description":"The emulation in force when it started (`bsk emulate`), as\n[`crate::emulation::Emulation::label`] names it (`Offline`, `390×844 mobile, Slow 3G`);\nabsent when none was.","type":["string","null"]},"ended_at":{"description":"When the browser finished, failed or redirected it, by the same clock (its monotonic\n`timestamp` moved onto `started_at`'s); the time the daemon read the event when the\nbrowser gave no timestamp.","type":["integer","null"],"format":"uint64","minimum":0},"status_text":{"type":["string","null"]},"frame_id":{"type":["string","null"]},"mime_type":{"type":["string","null"]},"encoded_data_length":{"description":"Bytes received for it in all (status line, headers and body as sent on the wire), as\nthe browser counted them when it finished (`encodedDataLength`).","type":["number","null"],"format":"double"},"response_headers_size":{"description":"Bytes the response's status line and headers took on the wire, as the browser counted\nthem when they arrived (`Response.encodedDataLength`).","type":["integer","null"],"format":"uint64","minimum":0},"protocol":{"description":"The response's protocol as Chrome names it (`http/1.1`, `h2`, `h3`, `data`, …).","type":["string","null"]},"remote_ip":{"description":"The server's IP address, when the response came over the network.","type":["string","null"]},"remote_port":{"type":["integer","null"],"format":"uint16","minimum":0,"maximum":65535},"initiator":{"description":"Who started it: `{type, url?, line?}`, the first stack frame at most."},"timing":{"description":"Chrome's `ResourceTiming`, as sent.","anyOf":[{"$ref":"#/$defs/ResourceTiming"},{"type":"null"}]},"request_headers":{"$ref":"#/$defs/Headers"},"request_headers_raw":{"description":"Raw headers from `requestWillBeSentExtraInfo` (cookies included, redacted).","anyOf":[{"$ref":"#/$defs/Headers"},{"type":"null"}]},"response_headers":{"$ref":"#/$defs/Headers"},"response_headers_raw":{"description":"Raw headers from `responseReceivedExtraInfo` (`Set-Cookie` included, redacted).","anyOf":[{"$ref":"#/$defs/Headers"},{"type":"null"}]},"request_body":{"$ref":"#/$defs/Body"},"response_body":{"$ref":"#/$defs/Body"}},"required":["id","revision","url","method","state","started_at","target_id","request_headers","response_headers","request_body","response_body"]};
const schema45 = {"oneOf":[{"type":"string","enum":["pending","complete","failed"]},{"description":"Capture ended before the request finished.","type":"string","const":"unfinished"}]};
const schema48 = {"description":"Chrome's `ResourceTiming`, as sent: milliseconds after `requestTime` (seconds), `-1` where a phase did not happen.","type":"object","additionalProperties":{"type":"number"}};
const schema49 = {"description":"One header set, redacted, bounded to 4 Ki characters.","type":"object","properties":{"entries":{"type":"array","items":{"type":"array","prefixItems":[{"type":"string"},{"type":"string"}],"minItems":2,"maxItems":2}},"dropped":{"description":"Entries dropped to stay within the bound.","type":"integer","format":"uint","minimum":0}},"required":["entries"]};
const schema46 = {"description":"A worker as the source of a request or console entry: its kind and script URL (redacted).","type":"object","properties":{"kind":{"$ref":"#/$defs/WorkerKind"},"url":{"type":"string"}},"required":["kind","url"]};
const schema47 = {"description":"Which kind of worker.","oneOf":[{"description":"A dedicated worker (`new Worker(url)`).","type":"string","const":"dedicated"},{"description":"A shared worker (`new SharedWorker(url)`).","type":"string","const":"shared"},{"description":"A service worker.","type":"string","const":"service"}]};

function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate28.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.url === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.kind !== undefined){
let data0 = data.kind;
const _errs3 = errors;
let valid2 = false;
let passing0 = null;
const _errs4 = errors;
if(typeof data0 !== "string"){
const err2 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/WorkerKind/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if("dedicated" !== data0){
const err3 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/WorkerKind/oneOf/0/const",keyword:"const",params:{allowedValue: "dedicated"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
var _valid0 = _errs4 === errors;
if(_valid0){
valid2 = true;
passing0 = 0;
}
const _errs6 = errors;
if(typeof data0 !== "string"){
const err4 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/WorkerKind/oneOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if("shared" !== data0){
const err5 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/WorkerKind/oneOf/1/const",keyword:"const",params:{allowedValue: "shared"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var _valid0 = _errs6 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid2 = true;
passing0 = 1;
}
const _errs8 = errors;
if(typeof data0 !== "string"){
const err6 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/WorkerKind/oneOf/2/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if("service" !== data0){
const err7 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/WorkerKind/oneOf/2/const",keyword:"const",params:{allowedValue: "service"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var _valid0 = _errs8 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 2];
}
else {
if(_valid0){
valid2 = true;
passing0 = 2;
}
}
}
if(!valid2){
const err8 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/WorkerKind/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
else {
errors = _errs3;
if(vErrors !== null){
if(_errs3){
vErrors.length = _errs3;
}
else {
vErrors = null;
}
}
}
}
if(data.url !== undefined){
if(typeof data.url !== "string"){
const err9 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate28.errors = vErrors;
return errors === 0;
}
validate28.evaluated = {"props":{"kind":true,"url":true},"dynamicProps":false,"dynamicItems":false};

const schema53 = {"description":"A request or response body and its state.","type":"object","properties":{"state":{"$ref":"#/$defs/BodyState"},"reason":{"anyOf":[{"$ref":"#/$defs/BodyReason"},{"type":"null"}]},"mime_type":{"type":["string","null"]},"text":{"description":"Retained, redacted text. Lists never carry it; detail reads and the export do.","type":["string","null"]},"units":{"description":"Length of `text` in UTF-16 code units.","type":"integer","format":"uint","minimum":0,"default":0},"original_units":{"description":"Length the browser reported before truncation, in code units, when known.","type":["integer","null"],"format":"uint","minimum":0},"binary":{"description":"A binary body, identified without keeping a byte of it: its size, SHA-256 and the type\nits first bytes show. Absent when the bytes could not be read (the body pool was busy,\nthe browser no longer had them).","anyOf":[{"$ref":"#/$defs/BinaryFacts"},{"type":"null"}]},"parts":{"description":"A `multipart/*` body as its parts: text parts with their (redacted) values, files by\nname, type, size and SHA-256, never their content.","type":["array","null"],"items":{"$ref":"#/$defs/BodyPart"}},"parts_dropped":{"description":"Parts beyond the 64 kept.","type":"integer","format":"uint","minimum":0},"bytes_seen":{"description":"A stream's bytes received before it ended unread (`reason: streaming`), as the browser\ncounted them on the wire.","type":["integer","null"],"format":"uint64","minimum":0}},"required":["state"]};
const schema54 = {"description":"Where a body stands. Every state but `available` and `empty` says why in `reason`.","oneOf":[{"description":"Asked for, not yet answered.","type":"string","const":"pending"},{"description":"Retained in full.","type":"string","const":"available"},{"description":"The browser reported no body.","type":"string","const":"empty"},{"description":"Retained up to the per-body or per-capture limit; not suitable for `--pointer`.","type":"string","const":"truncated"},{"description":"Could not be read (see `reason`).","type":"string","const":"unavailable"},{"description":"Deliberately not retained (binary, multipart, oversized structured body).","type":"string","const":"omitted"},{"description":"Retained once, then dropped to stay within the capture's text budget.","type":"string","const":"evicted"},{"description":"The request event carried no POST data and none could be fetched.","type":"string","const":"not_in_event"}]};
const schema55 = {"oneOf":[{"type":"string","enum":["binary","multipart","oversized_structured"]},{"description":"The body fetcher's queue (32) was full.","type":"string","const":"saturated"},{"description":"The browser no longer had the body (evicted from its buffer, or never buffered).","type":"string","const":"missing_browser_buffer"},{"description":"`Network.getResponseBody` did not answer within 2.5 s.","type":"string","const":"deadline"},{"description":"Capture stopped (or was interrupted) before the body arrived.","type":"string","const":"capture_stopped"},{"description":"The request failed or never finished loading.","type":"string","const":"request_failed"},{"description":"Over the 64 Ki code-unit individual body limit.","type":"string","const":"body_limit"},{"description":"Over the 512 Ki code-unit per-capture text budget.","type":"string","const":"capture_budget"},{"description":"bsk failed while reading the body (an internal error; the daemon's log says which).","type":"string","const":"read_failed"},{"description":"A streaming response (server-sent events) that had not ended: `bytes_seen` says how much\nof it arrived.","type":"string","const":"streaming"},{"description":"A worker's script: the request starts on the page and finishes on the worker's own\ntarget, which this capture does not record (`bsk debug start --workers` does).","type":"string","const":"worker_not_captured"}]};
const schema56 = {"description":"What identifies bytes bsk does not keep.","type":"object","properties":{"bytes":{"type":"integer","format":"uint64","minimum":0},"sha256":{"description":"Lowercase hex.","type":"string"},"sniffed_type":{"description":"The type the first bytes show (`image/png`, `application/pdf`, `application/wasm`,\n`application/gzip`, …), when they match a known signature.","type":["string","null"]}},"required":["bytes","sha256"]};
const schema57 = {"description":"One part of a multipart body.","type":"object","properties":{"name":{"type":["string","null"]},"filename":{"description":"A file part's file name.","type":["string","null"]},"content_type":{"type":["string","null"]},"bytes":{"type":"integer","format":"uint64","minimum":0},"value":{"description":"A text part's value, redacted like a form field (a password part is `[redacted]`), at\nmost 4 Ki code units.","type":["string","null"]},"truncated":{"description":"The value was cut at its bound.","type":"boolean"},"unread":{"description":"A file part whose bytes the browser did not hand over: a form navigation's files are\nread by the network stack and not kept for DevTools, so `bytes` and the digest are\nunknown (the `upload` operation that chose the file records its size and digest).","type":"boolean"},"sha256":{"description":"A file or binary part: SHA-256 of its bytes (lowercase hex), and the type they show.","type":["string","null"]},"sniffed_type":{"type":["string","null"]}},"required":["bytes"]};

function validate30(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate30.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.state === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "state"},message:"must have required property '"+"state"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.state !== undefined){
let data0 = data.state;
const _errs3 = errors;
let valid2 = false;
let passing0 = null;
const _errs4 = errors;
if(typeof data0 !== "string"){
const err1 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if("pending" !== data0){
const err2 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/0/const",keyword:"const",params:{allowedValue: "pending"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
var _valid0 = _errs4 === errors;
if(_valid0){
valid2 = true;
passing0 = 0;
}
const _errs6 = errors;
if(typeof data0 !== "string"){
const err3 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if("available" !== data0){
const err4 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/1/const",keyword:"const",params:{allowedValue: "available"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid0 = _errs6 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid2 = true;
passing0 = 1;
}
const _errs8 = errors;
if(typeof data0 !== "string"){
const err5 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/2/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if("empty" !== data0){
const err6 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/2/const",keyword:"const",params:{allowedValue: "empty"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid0 = _errs8 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 2];
}
else {
if(_valid0){
valid2 = true;
passing0 = 2;
}
const _errs10 = errors;
if(typeof data0 !== "string"){
const err7 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/3/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if("truncated" !== data0){
const err8 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/3/const",keyword:"const",params:{allowedValue: "truncated"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid0 = _errs10 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 3];
}
else {
if(_valid0){
valid2 = true;
passing0 = 3;
}
const _errs12 = errors;
if(typeof data0 !== "string"){
const err9 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/4/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if("unavailable" !== data0){
const err10 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/4/const",keyword:"const",params:{allowedValue: "unavailable"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid0 = _errs12 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 4];
}
else {
if(_valid0){
valid2 = true;
passing0 = 4;
}
const _errs14 = errors;
if(typeof data0 !== "string"){
const err11 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/5/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if("omitted" !== data0){
const err12 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/5/const",keyword:"const",params:{allowedValue: "omitted"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var _valid0 = _errs14 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 5];
}
else {
if(_valid0){
valid2 = true;
passing0 = 5;
}
const _errs16 = errors;
if(typeof data0 !== "string"){
const err13 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/6/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if("evicted" !== data0){
const err14 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/6/const",keyword:"const",params:{allowedValue: "evicted"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid0 = _errs16 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 6];
}
else {
if(_valid0){
valid2 = true;
passing0 = 6;
}
const _errs18 = errors;
if(typeof data0 !== "string"){
const err15 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/7/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if("not_in_event" !== data0){
const err16 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf/7/const",keyword:"const",params:{allowedValue: "not_in_event"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var _valid0 = _errs18 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 7];
}
else {
if(_valid0){
valid2 = true;
passing0 = 7;
}
}
}
}
}
}
}
}
if(!valid2){
const err17 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/BodyState/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
else {
errors = _errs3;
if(vErrors !== null){
if(_errs3){
vErrors.length = _errs3;
}
else {
vErrors = null;
}
}
}
}
if(data.reason !== undefined){
let data1 = data.reason;
const _errs21 = errors;
let valid3 = false;
const _errs22 = errors;
const _errs24 = errors;
let valid5 = false;
let passing1 = null;
const _errs25 = errors;
if(typeof data1 !== "string"){
const err18 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(!(((data1 === "binary") || (data1 === "multipart")) || (data1 === "oversized_structured"))){
const err19 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/0/enum",keyword:"enum",params:{allowedValues: schema55.oneOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var _valid2 = _errs25 === errors;
if(_valid2){
valid5 = true;
passing1 = 0;
}
const _errs27 = errors;
if(typeof data1 !== "string"){
const err20 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if("saturated" !== data1){
const err21 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/1/const",keyword:"const",params:{allowedValue: "saturated"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var _valid2 = _errs27 === errors;
if(_valid2 && valid5){
valid5 = false;
passing1 = [passing1, 1];
}
else {
if(_valid2){
valid5 = true;
passing1 = 1;
}
const _errs29 = errors;
if(typeof data1 !== "string"){
const err22 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/2/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if("missing_browser_buffer" !== data1){
const err23 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/2/const",keyword:"const",params:{allowedValue: "missing_browser_buffer"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var _valid2 = _errs29 === errors;
if(_valid2 && valid5){
valid5 = false;
passing1 = [passing1, 2];
}
else {
if(_valid2){
valid5 = true;
passing1 = 2;
}
const _errs31 = errors;
if(typeof data1 !== "string"){
const err24 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/3/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if("deadline" !== data1){
const err25 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/3/const",keyword:"const",params:{allowedValue: "deadline"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
var _valid2 = _errs31 === errors;
if(_valid2 && valid5){
valid5 = false;
passing1 = [passing1, 3];
}
else {
if(_valid2){
valid5 = true;
passing1 = 3;
}
const _errs33 = errors;
if(typeof data1 !== "string"){
const err26 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/4/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if("capture_stopped" !== data1){
const err27 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/4/const",keyword:"const",params:{allowedValue: "capture_stopped"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var _valid2 = _errs33 === errors;
if(_valid2 && valid5){
valid5 = false;
passing1 = [passing1, 4];
}
else {
if(_valid2){
valid5 = true;
passing1 = 4;
}
const _errs35 = errors;
if(typeof data1 !== "string"){
const err28 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/5/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if("request_failed" !== data1){
const err29 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/5/const",keyword:"const",params:{allowedValue: "request_failed"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
var _valid2 = _errs35 === errors;
if(_valid2 && valid5){
valid5 = false;
passing1 = [passing1, 5];
}
else {
if(_valid2){
valid5 = true;
passing1 = 5;
}
const _errs37 = errors;
if(typeof data1 !== "string"){
const err30 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/6/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if("body_limit" !== data1){
const err31 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/6/const",keyword:"const",params:{allowedValue: "body_limit"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
var _valid2 = _errs37 === errors;
if(_valid2 && valid5){
valid5 = false;
passing1 = [passing1, 6];
}
else {
if(_valid2){
valid5 = true;
passing1 = 6;
}
const _errs39 = errors;
if(typeof data1 !== "string"){
const err32 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/7/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if("capture_budget" !== data1){
const err33 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/7/const",keyword:"const",params:{allowedValue: "capture_budget"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
var _valid2 = _errs39 === errors;
if(_valid2 && valid5){
valid5 = false;
passing1 = [passing1, 7];
}
else {
if(_valid2){
valid5 = true;
passing1 = 7;
}
const _errs41 = errors;
if(typeof data1 !== "string"){
const err34 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/8/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if("read_failed" !== data1){
const err35 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/8/const",keyword:"const",params:{allowedValue: "read_failed"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
var _valid2 = _errs41 === errors;
if(_valid2 && valid5){
valid5 = false;
passing1 = [passing1, 8];
}
else {
if(_valid2){
valid5 = true;
passing1 = 8;
}
const _errs43 = errors;
if(typeof data1 !== "string"){
const err36 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/9/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if("streaming" !== data1){
const err37 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/9/const",keyword:"const",params:{allowedValue: "streaming"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
var _valid2 = _errs43 === errors;
if(_valid2 && valid5){
valid5 = false;
passing1 = [passing1, 9];
}
else {
if(_valid2){
valid5 = true;
passing1 = 9;
}
const _errs45 = errors;
if(typeof data1 !== "string"){
const err38 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/10/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if("worker_not_captured" !== data1){
const err39 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf/10/const",keyword:"const",params:{allowedValue: "worker_not_captured"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var _valid2 = _errs45 === errors;
if(_valid2 && valid5){
valid5 = false;
passing1 = [passing1, 10];
}
else {
if(_valid2){
valid5 = true;
passing1 = 10;
}
}
}
}
}
}
}
}
}
}
}
if(!valid5){
const err40 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/BodyReason/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
else {
errors = _errs24;
if(vErrors !== null){
if(_errs24){
vErrors.length = _errs24;
}
else {
vErrors = null;
}
}
}
var _valid1 = _errs22 === errors;
valid3 = valid3 || _valid1;
const _errs47 = errors;
if(data1 !== null){
const err41 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
var _valid1 = _errs47 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const err42 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
else {
errors = _errs21;
if(vErrors !== null){
if(_errs21){
vErrors.length = _errs21;
}
else {
vErrors = null;
}
}
}
}
if(data.mime_type !== undefined){
let data2 = data.mime_type;
if((typeof data2 !== "string") && (data2 !== null)){
const err43 = {instancePath:instancePath+"/mime_type",schemaPath:"#/properties/mime_type/type",keyword:"type",params:{type: schema53.properties.mime_type.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.text !== undefined){
let data3 = data.text;
if((typeof data3 !== "string") && (data3 !== null)){
const err44 = {instancePath:instancePath+"/text",schemaPath:"#/properties/text/type",keyword:"type",params:{type: schema53.properties.text.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data.units !== undefined){
let data4 = data.units;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err45 = {instancePath:instancePath+"/units",schemaPath:"#/properties/units/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err46 = {instancePath:instancePath+"/units",schemaPath:"#/properties/units/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
if(data.original_units !== undefined){
let data5 = data.original_units;
if((!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))) && (data5 !== null)){
const err47 = {instancePath:instancePath+"/original_units",schemaPath:"#/properties/original_units/type",keyword:"type",params:{type: schema53.properties.original_units.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 0 || isNaN(data5)){
const err48 = {instancePath:instancePath+"/original_units",schemaPath:"#/properties/original_units/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
if(data.binary !== undefined){
let data6 = data.binary;
const _errs58 = errors;
let valid6 = false;
const _errs59 = errors;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.bytes === undefined){
const err49 = {instancePath:instancePath+"/binary",schemaPath:"#/$defs/BinaryFacts/required",keyword:"required",params:{missingProperty: "bytes"},message:"must have required property '"+"bytes"+"'"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(data6.sha256 === undefined){
const err50 = {instancePath:instancePath+"/binary",schemaPath:"#/$defs/BinaryFacts/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if(data6.bytes !== undefined){
let data7 = data6.bytes;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err51 = {instancePath:instancePath+"/binary/bytes",schemaPath:"#/$defs/BinaryFacts/properties/bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 0 || isNaN(data7)){
const err52 = {instancePath:instancePath+"/binary/bytes",schemaPath:"#/$defs/BinaryFacts/properties/bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
}
if(data6.sha256 !== undefined){
if(typeof data6.sha256 !== "string"){
const err53 = {instancePath:instancePath+"/binary/sha256",schemaPath:"#/$defs/BinaryFacts/properties/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data6.sniffed_type !== undefined){
let data9 = data6.sniffed_type;
if((typeof data9 !== "string") && (data9 !== null)){
const err54 = {instancePath:instancePath+"/binary/sniffed_type",schemaPath:"#/$defs/BinaryFacts/properties/sniffed_type/type",keyword:"type",params:{type: schema56.properties.sniffed_type.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
}
else {
const err55 = {instancePath:instancePath+"/binary",schemaPath:"#/$defs/BinaryFacts/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
var _valid3 = _errs59 === errors;
valid6 = valid6 || _valid3;
if(_valid3){
var props0 = {};
props0.bytes = true;
props0.sha256 = true;
props0.sniffed_type = true;
}
const _errs68 = errors;
if(data6 !== null){
const err56 = {instancePath:instancePath+"/binary",schemaPath:"#/properties/binary/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
var _valid3 = _errs68 === errors;
valid6 = valid6 || _valid3;
if(!valid6){
const err57 = {instancePath:instancePath+"/binary",schemaPath:"#/properties/binary/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
else {
errors = _errs58;
if(vErrors !== null){
if(_errs58){
vErrors.length = _errs58;
}
else {
vErrors = null;
}
}
}
}
if(data.parts !== undefined){
let data10 = data.parts;
if((!(Array.isArray(data10))) && (data10 !== null)){
const err58 = {instancePath:instancePath+"/parts",schemaPath:"#/properties/parts/type",keyword:"type",params:{type: schema53.properties.parts.type},message:"must be array,null"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if(Array.isArray(data10)){
const len0 = data10.length;
for(let i0=0; i0<len0; i0++){
let data11 = data10[i0];
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.bytes === undefined){
const err59 = {instancePath:instancePath+"/parts/" + i0,schemaPath:"#/$defs/BodyPart/required",keyword:"required",params:{missingProperty: "bytes"},message:"must have required property '"+"bytes"+"'"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if(data11.name !== undefined){
let data12 = data11.name;
if((typeof data12 !== "string") && (data12 !== null)){
const err60 = {instancePath:instancePath+"/parts/" + i0+"/name",schemaPath:"#/$defs/BodyPart/properties/name/type",keyword:"type",params:{type: schema57.properties.name.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data11.filename !== undefined){
let data13 = data11.filename;
if((typeof data13 !== "string") && (data13 !== null)){
const err61 = {instancePath:instancePath+"/parts/" + i0+"/filename",schemaPath:"#/$defs/BodyPart/properties/filename/type",keyword:"type",params:{type: schema57.properties.filename.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data11.content_type !== undefined){
let data14 = data11.content_type;
if((typeof data14 !== "string") && (data14 !== null)){
const err62 = {instancePath:instancePath+"/parts/" + i0+"/content_type",schemaPath:"#/$defs/BodyPart/properties/content_type/type",keyword:"type",params:{type: schema57.properties.content_type.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data11.bytes !== undefined){
let data15 = data11.bytes;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err63 = {instancePath:instancePath+"/parts/" + i0+"/bytes",schemaPath:"#/$defs/BodyPart/properties/bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 < 0 || isNaN(data15)){
const err64 = {instancePath:instancePath+"/parts/" + i0+"/bytes",schemaPath:"#/$defs/BodyPart/properties/bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
}
if(data11.value !== undefined){
let data16 = data11.value;
if((typeof data16 !== "string") && (data16 !== null)){
const err65 = {instancePath:instancePath+"/parts/" + i0+"/value",schemaPath:"#/$defs/BodyPart/properties/value/type",keyword:"type",params:{type: schema57.properties.value.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data11.truncated !== undefined){
if(typeof data11.truncated !== "boolean"){
const err66 = {instancePath:instancePath+"/parts/" + i0+"/truncated",schemaPath:"#/$defs/BodyPart/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
if(data11.unread !== undefined){
if(typeof data11.unread !== "boolean"){
const err67 = {instancePath:instancePath+"/parts/" + i0+"/unread",schemaPath:"#/$defs/BodyPart/properties/unread/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
if(data11.sha256 !== undefined){
let data19 = data11.sha256;
if((typeof data19 !== "string") && (data19 !== null)){
const err68 = {instancePath:instancePath+"/parts/" + i0+"/sha256",schemaPath:"#/$defs/BodyPart/properties/sha256/type",keyword:"type",params:{type: schema57.properties.sha256.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
if(data11.sniffed_type !== undefined){
let data20 = data11.sniffed_type;
if((typeof data20 !== "string") && (data20 !== null)){
const err69 = {instancePath:instancePath+"/parts/" + i0+"/sniffed_type",schemaPath:"#/$defs/BodyPart/properties/sniffed_type/type",keyword:"type",params:{type: schema57.properties.sniffed_type.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
}
else {
const err70 = {instancePath:instancePath+"/parts/" + i0,schemaPath:"#/$defs/BodyPart/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
}
}
if(data.parts_dropped !== undefined){
let data21 = data.parts_dropped;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err71 = {instancePath:instancePath+"/parts_dropped",schemaPath:"#/properties/parts_dropped/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 0 || isNaN(data21)){
const err72 = {instancePath:instancePath+"/parts_dropped",schemaPath:"#/properties/parts_dropped/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
}
if(data.bytes_seen !== undefined){
let data22 = data.bytes_seen;
if((!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))) && (data22 !== null)){
const err73 = {instancePath:instancePath+"/bytes_seen",schemaPath:"#/properties/bytes_seen/type",keyword:"type",params:{type: schema53.properties.bytes_seen.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 < 0 || isNaN(data22)){
const err74 = {instancePath:instancePath+"/bytes_seen",schemaPath:"#/properties/bytes_seen/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
}
}
else {
const err75 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
validate30.errors = vErrors;
return errors === 0;
}
validate30.evaluated = {"props":{"state":true,"reason":true,"mime_type":true,"text":true,"units":true,"original_units":true,"binary":true,"parts":true,"parts_dropped":true,"bytes_seen":true},"dynamicProps":false,"dynamicItems":false};


function validate27(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate27.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.revision === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "revision"},message:"must have required property '"+"revision"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.url === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.method === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "method"},message:"must have required property '"+"method"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.state === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "state"},message:"must have required property '"+"state"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.started_at === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "started_at"},message:"must have required property '"+"started_at"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.target_id === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "target_id"},message:"must have required property '"+"target_id"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.request_headers === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "request_headers"},message:"must have required property '"+"request_headers"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.response_headers === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "response_headers"},message:"must have required property '"+"response_headers"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.request_body === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "request_body"},message:"must have required property '"+"request_body"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.response_body === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "response_body"},message:"must have required property '"+"response_body"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.id !== undefined){
if(typeof data.id !== "string"){
const err11 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.revision !== undefined){
let data1 = data.revision;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err12 = {instancePath:instancePath+"/revision",schemaPath:"#/properties/revision/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err13 = {instancePath:instancePath+"/revision",schemaPath:"#/properties/revision/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.redirect_from !== undefined){
let data2 = data.redirect_from;
if((typeof data2 !== "string") && (data2 !== null)){
const err14 = {instancePath:instancePath+"/redirect_from",schemaPath:"#/properties/redirect_from/type",keyword:"type",params:{type: schema44.properties.redirect_from.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.preflight_for !== undefined){
let data3 = data.preflight_for;
if((typeof data3 !== "string") && (data3 !== null)){
const err15 = {instancePath:instancePath+"/preflight_for",schemaPath:"#/properties/preflight_for/type",keyword:"type",params:{type: schema44.properties.preflight_for.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.preflight !== undefined){
let data4 = data.preflight;
if((typeof data4 !== "string") && (data4 !== null)){
const err16 = {instancePath:instancePath+"/preflight",schemaPath:"#/properties/preflight/type",keyword:"type",params:{type: schema44.properties.preflight.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.url !== undefined){
if(typeof data.url !== "string"){
const err17 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.method !== undefined){
if(typeof data.method !== "string"){
const err18 = {instancePath:instancePath+"/method",schemaPath:"#/properties/method/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.resource_type !== undefined){
let data7 = data.resource_type;
if((typeof data7 !== "string") && (data7 !== null)){
const err19 = {instancePath:instancePath+"/resource_type",schemaPath:"#/properties/resource_type/type",keyword:"type",params:{type: schema44.properties.resource_type.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.state !== undefined){
let data8 = data.state;
const _errs19 = errors;
let valid2 = false;
let passing0 = null;
const _errs20 = errors;
if(typeof data8 !== "string"){
const err20 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/RequestState/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(!(((data8 === "pending") || (data8 === "complete")) || (data8 === "failed"))){
const err21 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/RequestState/oneOf/0/enum",keyword:"enum",params:{allowedValues: schema45.oneOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var _valid0 = _errs20 === errors;
if(_valid0){
valid2 = true;
passing0 = 0;
}
const _errs22 = errors;
if(typeof data8 !== "string"){
const err22 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/RequestState/oneOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if("unfinished" !== data8){
const err23 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/RequestState/oneOf/1/const",keyword:"const",params:{allowedValue: "unfinished"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var _valid0 = _errs22 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid2 = true;
passing0 = 1;
}
}
if(!valid2){
const err24 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/RequestState/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
else {
errors = _errs19;
if(vErrors !== null){
if(_errs19){
vErrors.length = _errs19;
}
else {
vErrors = null;
}
}
}
}
if(data.started_at !== undefined){
let data9 = data.started_at;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err25 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 0 || isNaN(data9)){
const err26 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
if(data.status !== undefined){
let data10 = data.status;
if((!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))) && (data10 !== null)){
const err27 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: schema44.properties.status.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 > 65535 || isNaN(data10)){
const err28 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535},message:"must be <= 65535"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(data10 < 0 || isNaN(data10)){
const err29 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
if(data.target_id !== undefined){
if(typeof data.target_id !== "string"){
const err30 = {instancePath:instancePath+"/target_id",schemaPath:"#/properties/target_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.failure !== undefined){
let data12 = data.failure;
if((typeof data12 !== "string") && (data12 !== null)){
const err31 = {instancePath:instancePath+"/failure",schemaPath:"#/properties/failure/type",keyword:"type",params:{type: schema44.properties.failure.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.from_cache !== undefined){
if(typeof data.from_cache !== "boolean"){
const err32 = {instancePath:instancePath+"/from_cache",schemaPath:"#/properties/from_cache/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.from_service_worker !== undefined){
if(typeof data.from_service_worker !== "boolean"){
const err33 = {instancePath:instancePath+"/from_service_worker",schemaPath:"#/properties/from_service_worker/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.untrusted_certificate !== undefined){
if(typeof data.untrusted_certificate !== "boolean"){
const err34 = {instancePath:instancePath+"/untrusted_certificate",schemaPath:"#/properties/untrusted_certificate/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.worker !== undefined){
let data16 = data.worker;
const _errs39 = errors;
let valid3 = false;
const _errs40 = errors;
if(!(validate28(data16, {instancePath:instancePath+"/worker",parentData:data,parentDataProperty:"worker",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
errors = vErrors.length;
}
var _valid1 = _errs40 === errors;
valid3 = valid3 || _valid1;
if(_valid1){
var props0 = {};
props0.kind = true;
props0.url = true;
}
const _errs41 = errors;
if(data16 !== null){
const err35 = {instancePath:instancePath+"/worker",schemaPath:"#/properties/worker/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
var _valid1 = _errs41 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const err36 = {instancePath:instancePath+"/worker",schemaPath:"#/properties/worker/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
else {
errors = _errs39;
if(vErrors !== null){
if(_errs39){
vErrors.length = _errs39;
}
else {
vErrors = null;
}
}
}
}
if(data.emulation !== undefined){
let data17 = data.emulation;
if((typeof data17 !== "string") && (data17 !== null)){
const err37 = {instancePath:instancePath+"/emulation",schemaPath:"#/properties/emulation/type",keyword:"type",params:{type: schema44.properties.emulation.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.ended_at !== undefined){
let data18 = data.ended_at;
if((!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))) && (data18 !== null)){
const err38 = {instancePath:instancePath+"/ended_at",schemaPath:"#/properties/ended_at/type",keyword:"type",params:{type: schema44.properties.ended_at.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 < 0 || isNaN(data18)){
const err39 = {instancePath:instancePath+"/ended_at",schemaPath:"#/properties/ended_at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
if(data.status_text !== undefined){
let data19 = data.status_text;
if((typeof data19 !== "string") && (data19 !== null)){
const err40 = {instancePath:instancePath+"/status_text",schemaPath:"#/properties/status_text/type",keyword:"type",params:{type: schema44.properties.status_text.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.frame_id !== undefined){
let data20 = data.frame_id;
if((typeof data20 !== "string") && (data20 !== null)){
const err41 = {instancePath:instancePath+"/frame_id",schemaPath:"#/properties/frame_id/type",keyword:"type",params:{type: schema44.properties.frame_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.mime_type !== undefined){
let data21 = data.mime_type;
if((typeof data21 !== "string") && (data21 !== null)){
const err42 = {instancePath:instancePath+"/mime_type",schemaPath:"#/properties/mime_type/type",keyword:"type",params:{type: schema44.properties.mime_type.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.encoded_data_length !== undefined){
let data22 = data.encoded_data_length;
if((!((typeof data22 == "number") && (isFinite(data22)))) && (data22 !== null)){
const err43 = {instancePath:instancePath+"/encoded_data_length",schemaPath:"#/properties/encoded_data_length/type",keyword:"type",params:{type: schema44.properties.encoded_data_length.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.response_headers_size !== undefined){
let data23 = data.response_headers_size;
if((!(((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23))) && (isFinite(data23)))) && (data23 !== null)){
const err44 = {instancePath:instancePath+"/response_headers_size",schemaPath:"#/properties/response_headers_size/type",keyword:"type",params:{type: schema44.properties.response_headers_size.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if((typeof data23 == "number") && (isFinite(data23))){
if(data23 < 0 || isNaN(data23)){
const err45 = {instancePath:instancePath+"/response_headers_size",schemaPath:"#/properties/response_headers_size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
}
if(data.protocol !== undefined){
let data24 = data.protocol;
if((typeof data24 !== "string") && (data24 !== null)){
const err46 = {instancePath:instancePath+"/protocol",schemaPath:"#/properties/protocol/type",keyword:"type",params:{type: schema44.properties.protocol.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data.remote_ip !== undefined){
let data25 = data.remote_ip;
if((typeof data25 !== "string") && (data25 !== null)){
const err47 = {instancePath:instancePath+"/remote_ip",schemaPath:"#/properties/remote_ip/type",keyword:"type",params:{type: schema44.properties.remote_ip.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data.remote_port !== undefined){
let data26 = data.remote_port;
if((!(((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26))) && (isFinite(data26)))) && (data26 !== null)){
const err48 = {instancePath:instancePath+"/remote_port",schemaPath:"#/properties/remote_port/type",keyword:"type",params:{type: schema44.properties.remote_port.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if((typeof data26 == "number") && (isFinite(data26))){
if(data26 > 65535 || isNaN(data26)){
const err49 = {instancePath:instancePath+"/remote_port",schemaPath:"#/properties/remote_port/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535},message:"must be <= 65535"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(data26 < 0 || isNaN(data26)){
const err50 = {instancePath:instancePath+"/remote_port",schemaPath:"#/properties/remote_port/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
}
if(data.timing !== undefined){
let data27 = data.timing;
const _errs64 = errors;
let valid4 = false;
const _errs65 = errors;
if(data27 && typeof data27 == "object" && !Array.isArray(data27)){
for(const key0 in data27){
let data28 = data27[key0];
if(!((typeof data28 == "number") && (isFinite(data28)))){
const err51 = {instancePath:instancePath+"/timing/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/ResourceTiming/additionalProperties/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
else {
const err52 = {instancePath:instancePath+"/timing",schemaPath:"#/$defs/ResourceTiming/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
var _valid2 = _errs65 === errors;
valid4 = valid4 || _valid2;
const _errs71 = errors;
if(data27 !== null){
const err53 = {instancePath:instancePath+"/timing",schemaPath:"#/properties/timing/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
var _valid2 = _errs71 === errors;
valid4 = valid4 || _valid2;
if(!valid4){
const err54 = {instancePath:instancePath+"/timing",schemaPath:"#/properties/timing/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
else {
errors = _errs64;
if(vErrors !== null){
if(_errs64){
vErrors.length = _errs64;
}
else {
vErrors = null;
}
}
}
}
if(data.request_headers !== undefined){
let data29 = data.request_headers;
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
if(data29.entries === undefined){
const err55 = {instancePath:instancePath+"/request_headers",schemaPath:"#/$defs/Headers/required",keyword:"required",params:{missingProperty: "entries"},message:"must have required property '"+"entries"+"'"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(data29.entries !== undefined){
let data30 = data29.entries;
if(Array.isArray(data30)){
const len0 = data30.length;
for(let i0=0; i0<len0; i0++){
let data31 = data30[i0];
if(Array.isArray(data31)){
if(data31.length > 2){
const err56 = {instancePath:instancePath+"/request_headers/entries/" + i0,schemaPath:"#/$defs/Headers/properties/entries/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if(data31.length < 2){
const err57 = {instancePath:instancePath+"/request_headers/entries/" + i0,schemaPath:"#/$defs/Headers/properties/entries/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
const len1 = data31.length;
if(len1 > 0){
if(typeof data31[0] !== "string"){
const err58 = {instancePath:instancePath+"/request_headers/entries/" + i0+"/0",schemaPath:"#/$defs/Headers/properties/entries/items/prefixItems/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(len1 > 1){
if(typeof data31[1] !== "string"){
const err59 = {instancePath:instancePath+"/request_headers/entries/" + i0+"/1",schemaPath:"#/$defs/Headers/properties/entries/items/prefixItems/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
}
else {
const err60 = {instancePath:instancePath+"/request_headers/entries/" + i0,schemaPath:"#/$defs/Headers/properties/entries/items/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
else {
const err61 = {instancePath:instancePath+"/request_headers/entries",schemaPath:"#/$defs/Headers/properties/entries/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data29.dropped !== undefined){
let data34 = data29.dropped;
if(!(((typeof data34 == "number") && (!(data34 % 1) && !isNaN(data34))) && (isFinite(data34)))){
const err62 = {instancePath:instancePath+"/request_headers/dropped",schemaPath:"#/$defs/Headers/properties/dropped/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if((typeof data34 == "number") && (isFinite(data34))){
if(data34 < 0 || isNaN(data34)){
const err63 = {instancePath:instancePath+"/request_headers/dropped",schemaPath:"#/$defs/Headers/properties/dropped/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
}
else {
const err64 = {instancePath:instancePath+"/request_headers",schemaPath:"#/$defs/Headers/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data.request_headers_raw !== undefined){
let data35 = data.request_headers_raw;
const _errs87 = errors;
let valid12 = false;
const _errs88 = errors;
if(data35 && typeof data35 == "object" && !Array.isArray(data35)){
if(data35.entries === undefined){
const err65 = {instancePath:instancePath+"/request_headers_raw",schemaPath:"#/$defs/Headers/required",keyword:"required",params:{missingProperty: "entries"},message:"must have required property '"+"entries"+"'"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if(data35.entries !== undefined){
let data36 = data35.entries;
if(Array.isArray(data36)){
const len2 = data36.length;
for(let i1=0; i1<len2; i1++){
let data37 = data36[i1];
if(Array.isArray(data37)){
if(data37.length > 2){
const err66 = {instancePath:instancePath+"/request_headers_raw/entries/" + i1,schemaPath:"#/$defs/Headers/properties/entries/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
if(data37.length < 2){
const err67 = {instancePath:instancePath+"/request_headers_raw/entries/" + i1,schemaPath:"#/$defs/Headers/properties/entries/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
const len3 = data37.length;
if(len3 > 0){
if(typeof data37[0] !== "string"){
const err68 = {instancePath:instancePath+"/request_headers_raw/entries/" + i1+"/0",schemaPath:"#/$defs/Headers/properties/entries/items/prefixItems/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
if(len3 > 1){
if(typeof data37[1] !== "string"){
const err69 = {instancePath:instancePath+"/request_headers_raw/entries/" + i1+"/1",schemaPath:"#/$defs/Headers/properties/entries/items/prefixItems/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
}
else {
const err70 = {instancePath:instancePath+"/request_headers_raw/entries/" + i1,schemaPath:"#/$defs/Headers/properties/entries/items/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
}
else {
const err71 = {instancePath:instancePath+"/request_headers_raw/entries",schemaPath:"#/$defs/Headers/properties/entries/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
if(data35.dropped !== undefined){
let data40 = data35.dropped;
if(!(((typeof data40 == "number") && (!(data40 % 1) && !isNaN(data40))) && (isFinite(data40)))){
const err72 = {instancePath:instancePath+"/request_headers_raw/dropped",schemaPath:"#/$defs/Headers/properties/dropped/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if((typeof data40 == "number") && (isFinite(data40))){
if(data40 < 0 || isNaN(data40)){
const err73 = {instancePath:instancePath+"/request_headers_raw/dropped",schemaPath:"#/$defs/Headers/properties/dropped/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
}
}
else {
const err74 = {instancePath:instancePath+"/request_headers_raw",schemaPath:"#/$defs/Headers/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
var _valid3 = _errs88 === errors;
valid12 = valid12 || _valid3;
if(_valid3){
var props2 = {};
props2.entries = true;
props2.dropped = true;
}
const _errs101 = errors;
if(data35 !== null){
const err75 = {instancePath:instancePath+"/request_headers_raw",schemaPath:"#/properties/request_headers_raw/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
var _valid3 = _errs101 === errors;
valid12 = valid12 || _valid3;
if(!valid12){
const err76 = {instancePath:instancePath+"/request_headers_raw",schemaPath:"#/properties/request_headers_raw/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
else {
errors = _errs87;
if(vErrors !== null){
if(_errs87){
vErrors.length = _errs87;
}
else {
vErrors = null;
}
}
}
}
if(data.response_headers !== undefined){
let data41 = data.response_headers;
if(data41 && typeof data41 == "object" && !Array.isArray(data41)){
if(data41.entries === undefined){
const err77 = {instancePath:instancePath+"/response_headers",schemaPath:"#/$defs/Headers/required",keyword:"required",params:{missingProperty: "entries"},message:"must have required property '"+"entries"+"'"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
if(data41.entries !== undefined){
let data42 = data41.entries;
if(Array.isArray(data42)){
const len4 = data42.length;
for(let i2=0; i2<len4; i2++){
let data43 = data42[i2];
if(Array.isArray(data43)){
if(data43.length > 2){
const err78 = {instancePath:instancePath+"/response_headers/entries/" + i2,schemaPath:"#/$defs/Headers/properties/entries/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
if(data43.length < 2){
const err79 = {instancePath:instancePath+"/response_headers/entries/" + i2,schemaPath:"#/$defs/Headers/properties/entries/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
const len5 = data43.length;
if(len5 > 0){
if(typeof data43[0] !== "string"){
const err80 = {instancePath:instancePath+"/response_headers/entries/" + i2+"/0",schemaPath:"#/$defs/Headers/properties/entries/items/prefixItems/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
if(len5 > 1){
if(typeof data43[1] !== "string"){
const err81 = {instancePath:instancePath+"/response_headers/entries/" + i2+"/1",schemaPath:"#/$defs/Headers/properties/entries/items/prefixItems/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
}
else {
const err82 = {instancePath:instancePath+"/response_headers/entries/" + i2,schemaPath:"#/$defs/Headers/properties/entries/items/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
}
else {
const err83 = {instancePath:instancePath+"/response_headers/entries",schemaPath:"#/$defs/Headers/properties/entries/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data41.dropped !== undefined){
let data46 = data41.dropped;
if(!(((typeof data46 == "number") && (!(data46 % 1) && !isNaN(data46))) && (isFinite(data46)))){
const err84 = {instancePath:instancePath+"/response_headers/dropped",schemaPath:"#/$defs/Headers/properties/dropped/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
if((typeof data46 == "number") && (isFinite(data46))){
if(data46 < 0 || isNaN(data46)){
const err85 = {instancePath:instancePath+"/response_headers/dropped",schemaPath:"#/$defs/Headers/properties/dropped/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
}
}
else {
const err86 = {instancePath:instancePath+"/response_headers",schemaPath:"#/$defs/Headers/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
if(data.response_headers_raw !== undefined){
let data47 = data.response_headers_raw;
const _errs117 = errors;
let valid23 = false;
const _errs118 = errors;
if(data47 && typeof data47 == "object" && !Array.isArray(data47)){
if(data47.entries === undefined){
const err87 = {instancePath:instancePath+"/response_headers_raw",schemaPath:"#/$defs/Headers/required",keyword:"required",params:{missingProperty: "entries"},message:"must have required property '"+"entries"+"'"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
if(data47.entries !== undefined){
let data48 = data47.entries;
if(Array.isArray(data48)){
const len6 = data48.length;
for(let i3=0; i3<len6; i3++){
let data49 = data48[i3];
if(Array.isArray(data49)){
if(data49.length > 2){
const err88 = {instancePath:instancePath+"/response_headers_raw/entries/" + i3,schemaPath:"#/$defs/Headers/properties/entries/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
if(data49.length < 2){
const err89 = {instancePath:instancePath+"/response_headers_raw/entries/" + i3,schemaPath:"#/$defs/Headers/properties/entries/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
const len7 = data49.length;
if(len7 > 0){
if(typeof data49[0] !== "string"){
const err90 = {instancePath:instancePath+"/response_headers_raw/entries/" + i3+"/0",schemaPath:"#/$defs/Headers/properties/entries/items/prefixItems/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
if(len7 > 1){
if(typeof data49[1] !== "string"){
const err91 = {instancePath:instancePath+"/response_headers_raw/entries/" + i3+"/1",schemaPath:"#/$defs/Headers/properties/entries/items/prefixItems/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
}
else {
const err92 = {instancePath:instancePath+"/response_headers_raw/entries/" + i3,schemaPath:"#/$defs/Headers/properties/entries/items/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
}
else {
const err93 = {instancePath:instancePath+"/response_headers_raw/entries",schemaPath:"#/$defs/Headers/properties/entries/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
if(data47.dropped !== undefined){
let data52 = data47.dropped;
if(!(((typeof data52 == "number") && (!(data52 % 1) && !isNaN(data52))) && (isFinite(data52)))){
const err94 = {instancePath:instancePath+"/response_headers_raw/dropped",schemaPath:"#/$defs/Headers/properties/dropped/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
if((typeof data52 == "number") && (isFinite(data52))){
if(data52 < 0 || isNaN(data52)){
const err95 = {instancePath:instancePath+"/response_headers_raw/dropped",schemaPath:"#/$defs/Headers/properties/dropped/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
}
}
else {
const err96 = {instancePath:instancePath+"/response_headers_raw",schemaPath:"#/$defs/Headers/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
var _valid4 = _errs118 === errors;
valid23 = valid23 || _valid4;
if(_valid4){
var props3 = {};
props3.entries = true;
props3.dropped = true;
}
const _errs131 = errors;
if(data47 !== null){
const err97 = {instancePath:instancePath+"/response_headers_raw",schemaPath:"#/properties/response_headers_raw/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
var _valid4 = _errs131 === errors;
valid23 = valid23 || _valid4;
if(!valid23){
const err98 = {instancePath:instancePath+"/response_headers_raw",schemaPath:"#/properties/response_headers_raw/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
else {
errors = _errs117;
if(vErrors !== null){
if(_errs117){
vErrors.length = _errs117;
}
else {
vErrors = null;
}
}
}
}
if(data.request_body !== undefined){
if(!(validate30(data.request_body, {instancePath:instancePath+"/request_body",parentData:data,parentDataProperty:"request_body",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate30.errors : vErrors.concat(validate30.errors);
errors = vErrors.length;
}
}
if(data.response_body !== undefined){
if(!(validate30(data.response_body, {instancePath:instancePath+"/response_body",parentData:data,parentDataProperty:"response_body",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate30.errors : vErrors.concat(validate30.errors);
errors = vErrors.length;
}
}
}
else {
const err99 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
validate27.errors = vErrors;
return errors === 0;
}
validate27.evaluated = {"props":{"id":true,"revision":true,"redirect_from":true,"preflight_for":true,"preflight":true,"url":true,"method":true,"resource_type":true,"state":true,"started_at":true,"status":true,"target_id":true,"failure":true,"from_cache":true,"from_service_worker":true,"untrusted_certificate":true,"worker":true,"emulation":true,"ended_at":true,"status_text":true,"frame_id":true,"mime_type":true,"encoded_data_length":true,"response_headers_size":true,"protocol":true,"remote_ip":true,"remote_port":true,"initiator":true,"timing":true,"request_headers":true,"request_headers_raw":true,"response_headers":true,"response_headers_raw":true,"request_body":true,"response_body":true},"dynamicProps":false,"dynamicItems":false};

const schema58 = {"type":"object","properties":{"id":{"type":"string"},"revision":{"type":"integer","format":"uint64","minimum":0},"source":{"$ref":"#/$defs/OperationSource"},"name":{"description":"`navigate`, `click`, `fill`, …","type":"string"},"params":{"description":"The operation's parameters, values redacted."},"acted_on":{"description":"The elements it acted on, named when it acted (a drag names its source, then its\ntarget). Operations without a target, and records saved before names existed, have none.","type":"array","items":{"$ref":"#/$defs/ActedOn"}},"emulation":{"description":"The emulation in force when it started (`bsk emulate`), as [`crate::emulation::Emulation::label`]\nnames it; absent when none was.","type":["string","null"]},"state":{"$ref":"#/$defs/OperationState"},"started_at":{"type":"integer","format":"uint64","minimum":0},"ended_at":{"type":["integer","null"],"format":"uint64","minimum":0},"summary":{"type":["string","null"]},"error":{"type":["string","null"]},"before_text":{"description":"The page's visible text just before an agent input was dispatched (redacted, at most\n6,000 characters): the operation's before-state, against which its text changes are\nread. Manual operations and captures recorded before it existed have none.","type":["string","null"]},"observation":{"description":"The page right after the operation completed.","anyOf":[{"$ref":"#/$defs/PageObservation"},{"type":"null"}]},"follow_ups":{"description":"Later changes of the page within 15 s (coalesced at 700 ms), at most 4.","type":"array","items":{"$ref":"#/$defs/PageObservation"}},"follow_ups_evicted":{"description":"Changing observations beyond the 4 retained.","type":"integer","format":"uint64","minimum":0},"picture":{"description":"The page as it looked once the operation settled (`--screenshots`): a masked JPEG.","anyOf":[{"$ref":"#/$defs/Picture"},{"type":"null"}]},"suppressed_manual_events":{"description":"Manual input events suppressed because an agent operation was producing them.","type":"integer","format":"uint64","minimum":0},"field_chain":{"description":"Per field: original, operation-time, submitted, response and later page values. Filled\nby `bsk debug operation` and the export.","type":["array","null"],"items":{"$ref":"#/$defs/FieldChain"}},"windows":{"description":"The ids of the requests and console entries in the operation's evidence windows, so an\nexport stands alone without recomputing them. Filled by the export.","anyOf":[{"$ref":"#/$defs/OperationWindows"},{"type":"null"}]},"counts":{"description":"What its windows hold, counted as the record's Problems are. Filled by the export.","anyOf":[{"$ref":"#/$defs/WindowCounts"},{"type":"null"}]},"page_after":{"description":"The page as it stood once the operation's window closed (see [`PageAfter`]). Filled by\nthe export.","anyOf":[{"$ref":"#/$defs/PageAfter"},{"type":"null"}]},"text_change":{"description":"The page text the operation added and removed: from its before-state to\n[`OperationRecord::page_after`], as `bsk debug operation` shows it. Filled by the export.","anyOf":[{"$ref":"#/$defs/TextChange"},{"type":"null"}]}},"required":["id","revision","source","name","params","state","started_at"]};
const schema59 = {"type":"string","enum":["agent","manual"]};
const schema60 = {"description":"An element an operation acted on, named as a person reads it: its accessible role and name\n(cleaned as `observe` cleans names, and redacted), and the frame it is in.","type":"object","properties":{"target":{"description":"The `@eN` ref or CSS selector the agent gave.","type":"string"},"role":{"description":"Its accessible role (`button`, `textbox`, `link`, …).","type":["string","null"]},"name":{"description":"Its accessible name; absent when it has none.","type":["string","null"]},"tag":{"description":"Its tag, lowercase (`button`, `input`, `div`).","type":"string"},"element_id":{"description":"Its `id` attribute.","type":["string","null"]},"text":{"description":"The start of its text, when it has no accessible name (at most 40 characters).","type":["string","null"]},"frame":{"description":"The URL of the frame it is in; `main frame` for the top document.","type":"string"}},"required":["target","tag","frame"]};
const schema61 = {"oneOf":[{"type":"string","enum":["running","completed","failed"]},{"description":"The capture ended while it ran; it is not claimed to have finished.","type":"string","const":"interrupted"}]};
const schema64 = {"description":"A picture of the page once an operation settled (`bsk debug start --screenshots`): a JPEG,\nsensitive fields painted over (pixels are masked by field, not redacted by content), at most\n48 KiB. Pictures are immutable: between the daemon and the extension each travels once, by\nid; the export carries it inline.","type":"object","properties":{"id":{"description":"`p1`, `p2`, … within the capture.","type":"string"},"mime_type":{"description":"`image/jpeg`.","type":"string"},"bytes":{"description":"The encoded picture's size.","type":"integer","format":"uint64","minimum":0},"width":{"type":"integer","format":"uint32","minimum":0},"height":{"type":"integer","format":"uint32","minimum":0},"sha256":{"description":"SHA-256 of the encoded bytes, hex.","type":"string"},"taken_at":{"description":"Ms since the Unix epoch.","type":"integer","format":"uint64","minimum":0},"base64":{"description":"The picture itself, base64: in the export, and in memory; lists, reads and history's\ncheckpoints leave it out (history keeps it apart, by id).","type":["string","null"]}},"required":["id","mime_type","bytes","width","height","sha256","taken_at"]};
const schema74 = {"description":"How many problems an operation's windows hold, as the Problems list counts them: errors are\nfailed and 4xx/5xx requests, console errors and exceptions (a request's echoes are not\ncounted again); warnings are console warnings.","type":"object","properties":{"requests":{"description":"Requests in both windows, static ones included.","type":"integer","format":"uint","minimum":0},"folded":{"description":"Requests in both windows that lists fold (static resources, `data:`, extension traffic),\nnever a failing one.","type":"integer","format":"uint","minimum":0},"console":{"type":"integer","format":"uint","minimum":0},"errors":{"type":"integer","format":"uint","minimum":0},"warnings":{"type":"integer","format":"uint","minimum":0}},"required":["requests","folded","console","errors","warnings"]};
const schema77 = {"description":"Lines of visible page text that appeared or disappeared, at most 10 of each.","type":"object","properties":{"added":{"type":"array","items":{"type":"string"}},"removed":{"type":"array","items":{"type":"string"}},"truncated":{"description":"More lines changed than are listed.","type":"boolean"}},"required":["added","removed","truncated"]};
const schema62 = {"description":"What the main page showed at one moment: bounded visible text and up to 16 fields. Shadow DOM\nand iframes are not covered.","type":"object","properties":{"at":{"description":"Ms since the Unix epoch.","type":"integer","format":"uint64","minimum":0},"url":{"type":"string"},"title":{"description":"The document's title, redacted, at most 300 characters; absent in observations made\nbefore it was recorded.","type":["string","null"]},"text":{"description":"Visible main-page text, redacted, at most 6000 characters.","type":"string"},"text_truncated":{"type":"boolean"},"text_source":{"description":"`dom` (the page's rendered text) or `accessibility` (accessible names, at most 100 lines,\nwhen the page has no rendered text).","type":"string"},"fields":{"type":"array","items":{"$ref":"#/$defs/FieldSnapshot"}},"candidates_scanned":{"description":"Controls looked at (at most 80).","type":"integer","format":"uint64","minimum":0},"candidates_over_limit":{"description":"More controls existed than were scanned.","type":"boolean"},"unidentified":{"description":"Fields left out: no usable name or id, a duplicate, an overly long or custom identity.","type":"integer","format":"uint64","minimum":0,"default":0},"fields_over_limit":{"description":"Fields past the 16 kept.","type":"integer","format":"uint64","minimum":0,"default":0}},"required":["at","url","text","text_source","fields","candidates_scanned"]};
const schema63 = {"description":"One conventional form field as the observer saw it.","type":"object","properties":{"name":{"description":"The field's `name`, else its `id`: a stable identity, never guessed.","type":"string"},"form":{"description":"The form's id, name or action; absent for a field outside a form.","type":["string","null"]},"kind":{"description":"`text`, `email`, `select`, `textarea`, `checkbox`, …","type":"string"},"value":{"description":"The value, redacted, at most 256 characters; absent when omitted.","type":["string","null"]},"omitted":{"description":"A credential, payment or file field: its value is never recorded.","type":"boolean"},"truncated":{"type":"boolean"}},"required":["name","kind"]};

function validate35(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate35.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.at === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "at"},message:"must have required property '"+"at"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.url === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.text === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.text_source === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "text_source"},message:"must have required property '"+"text_source"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.fields === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "fields"},message:"must have required property '"+"fields"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.candidates_scanned === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "candidates_scanned"},message:"must have required property '"+"candidates_scanned"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.at !== undefined){
let data0 = data.at;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err6 = {instancePath:instancePath+"/at",schemaPath:"#/properties/at/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 0 || isNaN(data0)){
const err7 = {instancePath:instancePath+"/at",schemaPath:"#/properties/at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
if(data.url !== undefined){
if(typeof data.url !== "string"){
const err8 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.title !== undefined){
let data2 = data.title;
if((typeof data2 !== "string") && (data2 !== null)){
const err9 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: schema62.properties.title.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.text !== undefined){
if(typeof data.text !== "string"){
const err10 = {instancePath:instancePath+"/text",schemaPath:"#/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.text_truncated !== undefined){
if(typeof data.text_truncated !== "boolean"){
const err11 = {instancePath:instancePath+"/text_truncated",schemaPath:"#/properties/text_truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.text_source !== undefined){
if(typeof data.text_source !== "string"){
const err12 = {instancePath:instancePath+"/text_source",schemaPath:"#/properties/text_source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.fields !== undefined){
let data6 = data.fields;
if(Array.isArray(data6)){
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
let data7 = data6[i0];
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.name === undefined){
const err13 = {instancePath:instancePath+"/fields/" + i0,schemaPath:"#/$defs/FieldSnapshot/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data7.kind === undefined){
const err14 = {instancePath:instancePath+"/fields/" + i0,schemaPath:"#/$defs/FieldSnapshot/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data7.name !== undefined){
if(typeof data7.name !== "string"){
const err15 = {instancePath:instancePath+"/fields/" + i0+"/name",schemaPath:"#/$defs/FieldSnapshot/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data7.form !== undefined){
let data9 = data7.form;
if((typeof data9 !== "string") && (data9 !== null)){
const err16 = {instancePath:instancePath+"/fields/" + i0+"/form",schemaPath:"#/$defs/FieldSnapshot/properties/form/type",keyword:"type",params:{type: schema63.properties.form.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data7.kind !== undefined){
if(typeof data7.kind !== "string"){
const err17 = {instancePath:instancePath+"/fields/" + i0+"/kind",schemaPath:"#/$defs/FieldSnapshot/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data7.value !== undefined){
let data11 = data7.value;
if((typeof data11 !== "string") && (data11 !== null)){
const err18 = {instancePath:instancePath+"/fields/" + i0+"/value",schemaPath:"#/$defs/FieldSnapshot/properties/value/type",keyword:"type",params:{type: schema63.properties.value.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data7.omitted !== undefined){
if(typeof data7.omitted !== "boolean"){
const err19 = {instancePath:instancePath+"/fields/" + i0+"/omitted",schemaPath:"#/$defs/FieldSnapshot/properties/omitted/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data7.truncated !== undefined){
if(typeof data7.truncated !== "boolean"){
const err20 = {instancePath:instancePath+"/fields/" + i0+"/truncated",schemaPath:"#/$defs/FieldSnapshot/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath:instancePath+"/fields/" + i0,schemaPath:"#/$defs/FieldSnapshot/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/fields",schemaPath:"#/properties/fields/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.candidates_scanned !== undefined){
let data14 = data.candidates_scanned;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err23 = {instancePath:instancePath+"/candidates_scanned",schemaPath:"#/properties/candidates_scanned/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 < 0 || isNaN(data14)){
const err24 = {instancePath:instancePath+"/candidates_scanned",schemaPath:"#/properties/candidates_scanned/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
if(data.candidates_over_limit !== undefined){
if(typeof data.candidates_over_limit !== "boolean"){
const err25 = {instancePath:instancePath+"/candidates_over_limit",schemaPath:"#/properties/candidates_over_limit/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.unidentified !== undefined){
let data16 = data.unidentified;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err26 = {instancePath:instancePath+"/unidentified",schemaPath:"#/properties/unidentified/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 0 || isNaN(data16)){
const err27 = {instancePath:instancePath+"/unidentified",schemaPath:"#/properties/unidentified/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
if(data.fields_over_limit !== undefined){
let data17 = data.fields_over_limit;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err28 = {instancePath:instancePath+"/fields_over_limit",schemaPath:"#/properties/fields_over_limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 < 0 || isNaN(data17)){
const err29 = {instancePath:instancePath+"/fields_over_limit",schemaPath:"#/properties/fields_over_limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
}
else {
const err30 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
validate35.errors = vErrors;
return errors === 0;
}
validate35.evaluated = {"props":{"at":true,"url":true,"title":true,"text":true,"text_truncated":true,"text_source":true,"fields":true,"candidates_scanned":true,"candidates_over_limit":true,"unidentified":true,"fields_over_limit":true},"dynamicProps":false,"dynamicItems":false};

const schema65 = {"description":"One field followed through an operation.","type":"object","properties":{"name":{"type":"string"},"original":{"$ref":"#/$defs/ChainValue"},"operation_time":{"$ref":"#/$defs/ChainValue"},"submitted":{"$ref":"#/$defs/ChainValue"},"response":{"$ref":"#/$defs/ChainValue"},"later":{"$ref":"#/$defs/ChainValue"}},"required":["name","original","operation_time","submitted","response","later"]};
const schema66 = {"description":"Where one value of a field chain came from, or why it is missing.","type":"object","properties":{"value":{"type":["string","null"]},"request_id":{"description":"The request the value came from (submitted and response values).","type":["string","null"]},"page_id":{"description":"The page load it came from (later values).","type":["string","null"]},"unlinked":{"description":"Why it is not linked: `not_recorded`, `not_found`, `different_name`, `array`,\n`duplicate_name`, `truncated_body`, `missing_body`, `omitted`.","type":["string","null"]},"intervening_operations":{"description":"Operations that happened between this one and the later load (not a causal claim).","type":"array","items":{"type":"string"}}}};

function validate38(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate38.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.original === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "original"},message:"must have required property '"+"original"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.operation_time === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "operation_time"},message:"must have required property '"+"operation_time"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.submitted === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "submitted"},message:"must have required property '"+"submitted"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.response === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "response"},message:"must have required property '"+"response"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.later === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "later"},message:"must have required property '"+"later"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.original !== undefined){
let data1 = data.original;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.value !== undefined){
let data2 = data1.value;
if((typeof data2 !== "string") && (data2 !== null)){
const err7 = {instancePath:instancePath+"/original/value",schemaPath:"#/$defs/ChainValue/properties/value/type",keyword:"type",params:{type: schema66.properties.value.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data1.request_id !== undefined){
let data3 = data1.request_id;
if((typeof data3 !== "string") && (data3 !== null)){
const err8 = {instancePath:instancePath+"/original/request_id",schemaPath:"#/$defs/ChainValue/properties/request_id/type",keyword:"type",params:{type: schema66.properties.request_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data1.page_id !== undefined){
let data4 = data1.page_id;
if((typeof data4 !== "string") && (data4 !== null)){
const err9 = {instancePath:instancePath+"/original/page_id",schemaPath:"#/$defs/ChainValue/properties/page_id/type",keyword:"type",params:{type: schema66.properties.page_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data1.unlinked !== undefined){
let data5 = data1.unlinked;
if((typeof data5 !== "string") && (data5 !== null)){
const err10 = {instancePath:instancePath+"/original/unlinked",schemaPath:"#/$defs/ChainValue/properties/unlinked/type",keyword:"type",params:{type: schema66.properties.unlinked.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data1.intervening_operations !== undefined){
let data6 = data1.intervening_operations;
if(Array.isArray(data6)){
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
if(typeof data6[i0] !== "string"){
const err11 = {instancePath:instancePath+"/original/intervening_operations/" + i0,schemaPath:"#/$defs/ChainValue/properties/intervening_operations/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath:instancePath+"/original/intervening_operations",schemaPath:"#/$defs/ChainValue/properties/intervening_operations/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath:instancePath+"/original",schemaPath:"#/$defs/ChainValue/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.operation_time !== undefined){
let data8 = data.operation_time;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.value !== undefined){
let data9 = data8.value;
if((typeof data9 !== "string") && (data9 !== null)){
const err14 = {instancePath:instancePath+"/operation_time/value",schemaPath:"#/$defs/ChainValue/properties/value/type",keyword:"type",params:{type: schema66.properties.value.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data8.request_id !== undefined){
let data10 = data8.request_id;
if((typeof data10 !== "string") && (data10 !== null)){
const err15 = {instancePath:instancePath+"/operation_time/request_id",schemaPath:"#/$defs/ChainValue/properties/request_id/type",keyword:"type",params:{type: schema66.properties.request_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data8.page_id !== undefined){
let data11 = data8.page_id;
if((typeof data11 !== "string") && (data11 !== null)){
const err16 = {instancePath:instancePath+"/operation_time/page_id",schemaPath:"#/$defs/ChainValue/properties/page_id/type",keyword:"type",params:{type: schema66.properties.page_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data8.unlinked !== undefined){
let data12 = data8.unlinked;
if((typeof data12 !== "string") && (data12 !== null)){
const err17 = {instancePath:instancePath+"/operation_time/unlinked",schemaPath:"#/$defs/ChainValue/properties/unlinked/type",keyword:"type",params:{type: schema66.properties.unlinked.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data8.intervening_operations !== undefined){
let data13 = data8.intervening_operations;
if(Array.isArray(data13)){
const len1 = data13.length;
for(let i1=0; i1<len1; i1++){
if(typeof data13[i1] !== "string"){
const err18 = {instancePath:instancePath+"/operation_time/intervening_operations/" + i1,schemaPath:"#/$defs/ChainValue/properties/intervening_operations/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath:instancePath+"/operation_time/intervening_operations",schemaPath:"#/$defs/ChainValue/properties/intervening_operations/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath:instancePath+"/operation_time",schemaPath:"#/$defs/ChainValue/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.submitted !== undefined){
let data15 = data.submitted;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.value !== undefined){
let data16 = data15.value;
if((typeof data16 !== "string") && (data16 !== null)){
const err21 = {instancePath:instancePath+"/submitted/value",schemaPath:"#/$defs/ChainValue/properties/value/type",keyword:"type",params:{type: schema66.properties.value.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data15.request_id !== undefined){
let data17 = data15.request_id;
if((typeof data17 !== "string") && (data17 !== null)){
const err22 = {instancePath:instancePath+"/submitted/request_id",schemaPath:"#/$defs/ChainValue/properties/request_id/type",keyword:"type",params:{type: schema66.properties.request_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data15.page_id !== undefined){
let data18 = data15.page_id;
if((typeof data18 !== "string") && (data18 !== null)){
const err23 = {instancePath:instancePath+"/submitted/page_id",schemaPath:"#/$defs/ChainValue/properties/page_id/type",keyword:"type",params:{type: schema66.properties.page_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data15.unlinked !== undefined){
let data19 = data15.unlinked;
if((typeof data19 !== "string") && (data19 !== null)){
const err24 = {instancePath:instancePath+"/submitted/unlinked",schemaPath:"#/$defs/ChainValue/properties/unlinked/type",keyword:"type",params:{type: schema66.properties.unlinked.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data15.intervening_operations !== undefined){
let data20 = data15.intervening_operations;
if(Array.isArray(data20)){
const len2 = data20.length;
for(let i2=0; i2<len2; i2++){
if(typeof data20[i2] !== "string"){
const err25 = {instancePath:instancePath+"/submitted/intervening_operations/" + i2,schemaPath:"#/$defs/ChainValue/properties/intervening_operations/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/submitted/intervening_operations",schemaPath:"#/$defs/ChainValue/properties/intervening_operations/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/submitted",schemaPath:"#/$defs/ChainValue/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.response !== undefined){
let data22 = data.response;
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
if(data22.value !== undefined){
let data23 = data22.value;
if((typeof data23 !== "string") && (data23 !== null)){
const err28 = {instancePath:instancePath+"/response/value",schemaPath:"#/$defs/ChainValue/properties/value/type",keyword:"type",params:{type: schema66.properties.value.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data22.request_id !== undefined){
let data24 = data22.request_id;
if((typeof data24 !== "string") && (data24 !== null)){
const err29 = {instancePath:instancePath+"/response/request_id",schemaPath:"#/$defs/ChainValue/properties/request_id/type",keyword:"type",params:{type: schema66.properties.request_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data22.page_id !== undefined){
let data25 = data22.page_id;
if((typeof data25 !== "string") && (data25 !== null)){
const err30 = {instancePath:instancePath+"/response/page_id",schemaPath:"#/$defs/ChainValue/properties/page_id/type",keyword:"type",params:{type: schema66.properties.page_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data22.unlinked !== undefined){
let data26 = data22.unlinked;
if((typeof data26 !== "string") && (data26 !== null)){
const err31 = {instancePath:instancePath+"/response/unlinked",schemaPath:"#/$defs/ChainValue/properties/unlinked/type",keyword:"type",params:{type: schema66.properties.unlinked.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data22.intervening_operations !== undefined){
let data27 = data22.intervening_operations;
if(Array.isArray(data27)){
const len3 = data27.length;
for(let i3=0; i3<len3; i3++){
if(typeof data27[i3] !== "string"){
const err32 = {instancePath:instancePath+"/response/intervening_operations/" + i3,schemaPath:"#/$defs/ChainValue/properties/intervening_operations/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/response/intervening_operations",schemaPath:"#/$defs/ChainValue/properties/intervening_operations/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/ChainValue/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.later !== undefined){
let data29 = data.later;
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
if(data29.value !== undefined){
let data30 = data29.value;
if((typeof data30 !== "string") && (data30 !== null)){
const err35 = {instancePath:instancePath+"/later/value",schemaPath:"#/$defs/ChainValue/properties/value/type",keyword:"type",params:{type: schema66.properties.value.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data29.request_id !== undefined){
let data31 = data29.request_id;
if((typeof data31 !== "string") && (data31 !== null)){
const err36 = {instancePath:instancePath+"/later/request_id",schemaPath:"#/$defs/ChainValue/properties/request_id/type",keyword:"type",params:{type: schema66.properties.request_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data29.page_id !== undefined){
let data32 = data29.page_id;
if((typeof data32 !== "string") && (data32 !== null)){
const err37 = {instancePath:instancePath+"/later/page_id",schemaPath:"#/$defs/ChainValue/properties/page_id/type",keyword:"type",params:{type: schema66.properties.page_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data29.unlinked !== undefined){
let data33 = data29.unlinked;
if((typeof data33 !== "string") && (data33 !== null)){
const err38 = {instancePath:instancePath+"/later/unlinked",schemaPath:"#/$defs/ChainValue/properties/unlinked/type",keyword:"type",params:{type: schema66.properties.unlinked.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data29.intervening_operations !== undefined){
let data34 = data29.intervening_operations;
if(Array.isArray(data34)){
const len4 = data34.length;
for(let i4=0; i4<len4; i4++){
if(typeof data34[i4] !== "string"){
const err39 = {instancePath:instancePath+"/later/intervening_operations/" + i4,schemaPath:"#/$defs/ChainValue/properties/intervening_operations/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
else {
const err40 = {instancePath:instancePath+"/later/intervening_operations",schemaPath:"#/$defs/ChainValue/properties/intervening_operations/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
else {
const err41 = {instancePath:instancePath+"/later",schemaPath:"#/$defs/ChainValue/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
validate38.errors = vErrors;
return errors === 0;
}
validate38.evaluated = {"props":{"name":true,"original":true,"operation_time":true,"submitted":true,"response":true,"later":true},"dynamicProps":false,"dynamicItems":false};

const schema71 = {"description":"An operation's two evidence windows by id.","type":"object","properties":{"immediate":{"description":"From the operation's start until 1.5 s after it completed, or the next operation.","$ref":"#/$defs/WindowIds"},"possibly_related":{"description":"Up to 15 s after it completed, capped by the next operation and by stop: by start time,\nnot proven cause.","$ref":"#/$defs/WindowIds"}},"required":["immediate","possibly_related"]};
const schema72 = {"description":"The requests and console entries that started inside `[from, until)` (ms since the epoch).","type":"object","properties":{"from":{"type":"integer","format":"uint64","minimum":0},"until":{"type":"integer","format":"uint64","minimum":0},"requests":{"type":"array","items":{"type":"string"}},"console":{"type":"array","items":{"type":"string"}}},"required":["from","until","requests","console"]};

function validate40(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate40.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.immediate === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "immediate"},message:"must have required property '"+"immediate"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.possibly_related === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "possibly_related"},message:"must have required property '"+"possibly_related"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.immediate !== undefined){
let data0 = data.immediate;
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
if(data0.from === undefined){
const err2 = {instancePath:instancePath+"/immediate",schemaPath:"#/$defs/WindowIds/required",keyword:"required",params:{missingProperty: "from"},message:"must have required property '"+"from"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data0.until === undefined){
const err3 = {instancePath:instancePath+"/immediate",schemaPath:"#/$defs/WindowIds/required",keyword:"required",params:{missingProperty: "until"},message:"must have required property '"+"until"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data0.requests === undefined){
const err4 = {instancePath:instancePath+"/immediate",schemaPath:"#/$defs/WindowIds/required",keyword:"required",params:{missingProperty: "requests"},message:"must have required property '"+"requests"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data0.console === undefined){
const err5 = {instancePath:instancePath+"/immediate",schemaPath:"#/$defs/WindowIds/required",keyword:"required",params:{missingProperty: "console"},message:"must have required property '"+"console"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data0.from !== undefined){
let data1 = data0.from;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err6 = {instancePath:instancePath+"/immediate/from",schemaPath:"#/$defs/WindowIds/properties/from/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err7 = {instancePath:instancePath+"/immediate/from",schemaPath:"#/$defs/WindowIds/properties/from/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
if(data0.until !== undefined){
let data2 = data0.until;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err8 = {instancePath:instancePath+"/immediate/until",schemaPath:"#/$defs/WindowIds/properties/until/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
const err9 = {instancePath:instancePath+"/immediate/until",schemaPath:"#/$defs/WindowIds/properties/until/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
if(data0.requests !== undefined){
let data3 = data0.requests;
if(Array.isArray(data3)){
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
if(typeof data3[i0] !== "string"){
const err10 = {instancePath:instancePath+"/immediate/requests/" + i0,schemaPath:"#/$defs/WindowIds/properties/requests/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath:instancePath+"/immediate/requests",schemaPath:"#/$defs/WindowIds/properties/requests/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data0.console !== undefined){
let data5 = data0.console;
if(Array.isArray(data5)){
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
if(typeof data5[i1] !== "string"){
const err12 = {instancePath:instancePath+"/immediate/console/" + i1,schemaPath:"#/$defs/WindowIds/properties/console/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath:instancePath+"/immediate/console",schemaPath:"#/$defs/WindowIds/properties/console/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
else {
const err14 = {instancePath:instancePath+"/immediate",schemaPath:"#/$defs/WindowIds/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.possibly_related !== undefined){
let data7 = data.possibly_related;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.from === undefined){
const err15 = {instancePath:instancePath+"/possibly_related",schemaPath:"#/$defs/WindowIds/required",keyword:"required",params:{missingProperty: "from"},message:"must have required property '"+"from"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data7.until === undefined){
const err16 = {instancePath:instancePath+"/possibly_related",schemaPath:"#/$defs/WindowIds/required",keyword:"required",params:{missingProperty: "until"},message:"must have required property '"+"until"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data7.requests === undefined){
const err17 = {instancePath:instancePath+"/possibly_related",schemaPath:"#/$defs/WindowIds/required",keyword:"required",params:{missingProperty: "requests"},message:"must have required property '"+"requests"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data7.console === undefined){
const err18 = {instancePath:instancePath+"/possibly_related",schemaPath:"#/$defs/WindowIds/required",keyword:"required",params:{missingProperty: "console"},message:"must have required property '"+"console"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data7.from !== undefined){
let data8 = data7.from;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err19 = {instancePath:instancePath+"/possibly_related/from",schemaPath:"#/$defs/WindowIds/properties/from/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 < 0 || isNaN(data8)){
const err20 = {instancePath:instancePath+"/possibly_related/from",schemaPath:"#/$defs/WindowIds/properties/from/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
if(data7.until !== undefined){
let data9 = data7.until;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err21 = {instancePath:instancePath+"/possibly_related/until",schemaPath:"#/$defs/WindowIds/properties/until/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 0 || isNaN(data9)){
const err22 = {instancePath:instancePath+"/possibly_related/until",schemaPath:"#/$defs/WindowIds/properties/until/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
if(data7.requests !== undefined){
let data10 = data7.requests;
if(Array.isArray(data10)){
const len2 = data10.length;
for(let i2=0; i2<len2; i2++){
if(typeof data10[i2] !== "string"){
const err23 = {instancePath:instancePath+"/possibly_related/requests/" + i2,schemaPath:"#/$defs/WindowIds/properties/requests/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath:instancePath+"/possibly_related/requests",schemaPath:"#/$defs/WindowIds/properties/requests/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data7.console !== undefined){
let data12 = data7.console;
if(Array.isArray(data12)){
const len3 = data12.length;
for(let i3=0; i3<len3; i3++){
if(typeof data12[i3] !== "string"){
const err25 = {instancePath:instancePath+"/possibly_related/console/" + i3,schemaPath:"#/$defs/WindowIds/properties/console/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/possibly_related/console",schemaPath:"#/$defs/WindowIds/properties/console/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/possibly_related",schemaPath:"#/$defs/WindowIds/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
else {
const err28 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
validate40.errors = vErrors;
return errors === 0;
}
validate40.evaluated = {"props":{"immediate":true,"possibly_related":true},"dynamicProps":false,"dynamicItems":false};

const schema75 = {"description":"Which snapshot shows the page after an operation: the last one taken before the next\noperation started, within the 15 s follow-up window. That is the next operation's\nbefore-state when it came within the window, else the operation's latest follow-up, else its\nobservation. The text is where it is named, not copied.","type":"object","properties":{"at":{"description":"When the snapshot was taken, ms since the Unix epoch.","type":"integer","format":"uint64","minimum":0},"from":{"$ref":"#/$defs/PageAfterSource"}},"required":["at","from"]};
const schema76 = {"description":"Where a [`PageAfter`] snapshot's text is.","oneOf":[{"description":"`before_text` of the next operation.","type":"object","properties":{"kind":{"type":"string","const":"next_operation"},"operation_id":{"type":"string"}},"required":["kind","operation_id"]},{"description":"`follow_ups[index]` of this operation.","type":"object","properties":{"kind":{"type":"string","const":"follow_up"},"index":{"type":"integer","format":"uint","minimum":0}},"required":["kind","index"]},{"description":"`observation` of this operation.","type":"object","properties":{"kind":{"type":"string","const":"observation"}},"required":["kind"]}]};

function validate42(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate42.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.at === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "at"},message:"must have required property '"+"at"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.from === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "from"},message:"must have required property '"+"from"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.at !== undefined){
let data0 = data.at;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err2 = {instancePath:instancePath+"/at",schemaPath:"#/properties/at/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 0 || isNaN(data0)){
const err3 = {instancePath:instancePath+"/at",schemaPath:"#/properties/at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
if(data.from !== undefined){
let data1 = data.from;
const _errs5 = errors;
let valid2 = false;
let passing0 = null;
const _errs6 = errors;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.kind === undefined){
const err4 = {instancePath:instancePath+"/from",schemaPath:"#/$defs/PageAfterSource/oneOf/0/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data1.operation_id === undefined){
const err5 = {instancePath:instancePath+"/from",schemaPath:"#/$defs/PageAfterSource/oneOf/0/required",keyword:"required",params:{missingProperty: "operation_id"},message:"must have required property '"+"operation_id"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data1.kind !== undefined){
let data2 = data1.kind;
if(typeof data2 !== "string"){
const err6 = {instancePath:instancePath+"/from/kind",schemaPath:"#/$defs/PageAfterSource/oneOf/0/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if("next_operation" !== data2){
const err7 = {instancePath:instancePath+"/from/kind",schemaPath:"#/$defs/PageAfterSource/oneOf/0/properties/kind/const",keyword:"const",params:{allowedValue: "next_operation"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data1.operation_id !== undefined){
if(typeof data1.operation_id !== "string"){
const err8 = {instancePath:instancePath+"/from/operation_id",schemaPath:"#/$defs/PageAfterSource/oneOf/0/properties/operation_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath:instancePath+"/from",schemaPath:"#/$defs/PageAfterSource/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
var _valid0 = _errs6 === errors;
if(_valid0){
valid2 = true;
passing0 = 0;
var props0 = {};
props0.kind = true;
props0.operation_id = true;
}
const _errs12 = errors;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.kind === undefined){
const err10 = {instancePath:instancePath+"/from",schemaPath:"#/$defs/PageAfterSource/oneOf/1/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data1.index === undefined){
const err11 = {instancePath:instancePath+"/from",schemaPath:"#/$defs/PageAfterSource/oneOf/1/required",keyword:"required",params:{missingProperty: "index"},message:"must have required property '"+"index"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data1.kind !== undefined){
let data4 = data1.kind;
if(typeof data4 !== "string"){
const err12 = {instancePath:instancePath+"/from/kind",schemaPath:"#/$defs/PageAfterSource/oneOf/1/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if("follow_up" !== data4){
const err13 = {instancePath:instancePath+"/from/kind",schemaPath:"#/$defs/PageAfterSource/oneOf/1/properties/kind/const",keyword:"const",params:{allowedValue: "follow_up"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data1.index !== undefined){
let data5 = data1.index;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err14 = {instancePath:instancePath+"/from/index",schemaPath:"#/$defs/PageAfterSource/oneOf/1/properties/index/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 0 || isNaN(data5)){
const err15 = {instancePath:instancePath+"/from/index",schemaPath:"#/$defs/PageAfterSource/oneOf/1/properties/index/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
}
else {
const err16 = {instancePath:instancePath+"/from",schemaPath:"#/$defs/PageAfterSource/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var _valid0 = _errs12 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid2 = true;
passing0 = 1;
if(props0 !== true){
props0 = props0 || {};
props0.kind = true;
props0.index = true;
}
}
const _errs18 = errors;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.kind === undefined){
const err17 = {instancePath:instancePath+"/from",schemaPath:"#/$defs/PageAfterSource/oneOf/2/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data1.kind !== undefined){
let data6 = data1.kind;
if(typeof data6 !== "string"){
const err18 = {instancePath:instancePath+"/from/kind",schemaPath:"#/$defs/PageAfterSource/oneOf/2/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if("observation" !== data6){
const err19 = {instancePath:instancePath+"/from/kind",schemaPath:"#/$defs/PageAfterSource/oneOf/2/properties/kind/const",keyword:"const",params:{allowedValue: "observation"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath:instancePath+"/from",schemaPath:"#/$defs/PageAfterSource/oneOf/2/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid0 = _errs18 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 2];
}
else {
if(_valid0){
valid2 = true;
passing0 = 2;
if(props0 !== true){
props0 = props0 || {};
props0.kind = true;
}
}
}
}
if(!valid2){
const err21 = {instancePath:instancePath+"/from",schemaPath:"#/$defs/PageAfterSource/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
else {
errors = _errs5;
if(vErrors !== null){
if(_errs5){
vErrors.length = _errs5;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err22 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
validate42.errors = vErrors;
return errors === 0;
}
validate42.evaluated = {"props":{"at":true,"from":true},"dynamicProps":false,"dynamicItems":false};


function validate34(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate34.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.revision === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "revision"},message:"must have required property '"+"revision"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.source === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.name === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.params === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "params"},message:"must have required property '"+"params"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.state === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "state"},message:"must have required property '"+"state"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.started_at === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "started_at"},message:"must have required property '"+"started_at"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.id !== undefined){
if(typeof data.id !== "string"){
const err7 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.revision !== undefined){
let data1 = data.revision;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err8 = {instancePath:instancePath+"/revision",schemaPath:"#/properties/revision/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err9 = {instancePath:instancePath+"/revision",schemaPath:"#/properties/revision/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
if(data.source !== undefined){
let data2 = data.source;
if(typeof data2 !== "string"){
const err10 = {instancePath:instancePath+"/source",schemaPath:"#/$defs/OperationSource/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(!((data2 === "agent") || (data2 === "manual"))){
const err11 = {instancePath:instancePath+"/source",schemaPath:"#/$defs/OperationSource/enum",keyword:"enum",params:{allowedValues: schema59.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err12 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.acted_on !== undefined){
let data4 = data.acted_on;
if(Array.isArray(data4)){
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.target === undefined){
const err13 = {instancePath:instancePath+"/acted_on/" + i0,schemaPath:"#/$defs/ActedOn/required",keyword:"required",params:{missingProperty: "target"},message:"must have required property '"+"target"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data5.tag === undefined){
const err14 = {instancePath:instancePath+"/acted_on/" + i0,schemaPath:"#/$defs/ActedOn/required",keyword:"required",params:{missingProperty: "tag"},message:"must have required property '"+"tag"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data5.frame === undefined){
const err15 = {instancePath:instancePath+"/acted_on/" + i0,schemaPath:"#/$defs/ActedOn/required",keyword:"required",params:{missingProperty: "frame"},message:"must have required property '"+"frame"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data5.target !== undefined){
if(typeof data5.target !== "string"){
const err16 = {instancePath:instancePath+"/acted_on/" + i0+"/target",schemaPath:"#/$defs/ActedOn/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data5.role !== undefined){
let data7 = data5.role;
if((typeof data7 !== "string") && (data7 !== null)){
const err17 = {instancePath:instancePath+"/acted_on/" + i0+"/role",schemaPath:"#/$defs/ActedOn/properties/role/type",keyword:"type",params:{type: schema60.properties.role.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data5.name !== undefined){
let data8 = data5.name;
if((typeof data8 !== "string") && (data8 !== null)){
const err18 = {instancePath:instancePath+"/acted_on/" + i0+"/name",schemaPath:"#/$defs/ActedOn/properties/name/type",keyword:"type",params:{type: schema60.properties.name.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data5.tag !== undefined){
if(typeof data5.tag !== "string"){
const err19 = {instancePath:instancePath+"/acted_on/" + i0+"/tag",schemaPath:"#/$defs/ActedOn/properties/tag/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data5.element_id !== undefined){
let data10 = data5.element_id;
if((typeof data10 !== "string") && (data10 !== null)){
const err20 = {instancePath:instancePath+"/acted_on/" + i0+"/element_id",schemaPath:"#/$defs/ActedOn/properties/element_id/type",keyword:"type",params:{type: schema60.properties.element_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data5.text !== undefined){
let data11 = data5.text;
if((typeof data11 !== "string") && (data11 !== null)){
const err21 = {instancePath:instancePath+"/acted_on/" + i0+"/text",schemaPath:"#/$defs/ActedOn/properties/text/type",keyword:"type",params:{type: schema60.properties.text.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data5.frame !== undefined){
if(typeof data5.frame !== "string"){
const err22 = {instancePath:instancePath+"/acted_on/" + i0+"/frame",schemaPath:"#/$defs/ActedOn/properties/frame/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath:instancePath+"/acted_on/" + i0,schemaPath:"#/$defs/ActedOn/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath:instancePath+"/acted_on",schemaPath:"#/properties/acted_on/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.emulation !== undefined){
let data13 = data.emulation;
if((typeof data13 !== "string") && (data13 !== null)){
const err25 = {instancePath:instancePath+"/emulation",schemaPath:"#/properties/emulation/type",keyword:"type",params:{type: schema58.properties.emulation.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.state !== undefined){
let data14 = data.state;
const _errs33 = errors;
let valid7 = false;
let passing0 = null;
const _errs34 = errors;
if(typeof data14 !== "string"){
const err26 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/OperationState/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(!(((data14 === "running") || (data14 === "completed")) || (data14 === "failed"))){
const err27 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/OperationState/oneOf/0/enum",keyword:"enum",params:{allowedValues: schema61.oneOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
var _valid0 = _errs34 === errors;
if(_valid0){
valid7 = true;
passing0 = 0;
}
const _errs36 = errors;
if(typeof data14 !== "string"){
const err28 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/OperationState/oneOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if("interrupted" !== data14){
const err29 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/OperationState/oneOf/1/const",keyword:"const",params:{allowedValue: "interrupted"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
var _valid0 = _errs36 === errors;
if(_valid0 && valid7){
valid7 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid7 = true;
passing0 = 1;
}
}
if(!valid7){
const err30 = {instancePath:instancePath+"/state",schemaPath:"#/$defs/OperationState/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
else {
errors = _errs33;
if(vErrors !== null){
if(_errs33){
vErrors.length = _errs33;
}
else {
vErrors = null;
}
}
}
}
if(data.started_at !== undefined){
let data15 = data.started_at;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err31 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 < 0 || isNaN(data15)){
const err32 = {instancePath:instancePath+"/started_at",schemaPath:"#/properties/started_at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
if(data.ended_at !== undefined){
let data16 = data.ended_at;
if((!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))) && (data16 !== null)){
const err33 = {instancePath:instancePath+"/ended_at",schemaPath:"#/properties/ended_at/type",keyword:"type",params:{type: schema58.properties.ended_at.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 0 || isNaN(data16)){
const err34 = {instancePath:instancePath+"/ended_at",schemaPath:"#/properties/ended_at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
if(data.summary !== undefined){
let data17 = data.summary;
if((typeof data17 !== "string") && (data17 !== null)){
const err35 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/type",keyword:"type",params:{type: schema58.properties.summary.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.error !== undefined){
let data18 = data.error;
if((typeof data18 !== "string") && (data18 !== null)){
const err36 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/type",keyword:"type",params:{type: schema58.properties.error.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.before_text !== undefined){
let data19 = data.before_text;
if((typeof data19 !== "string") && (data19 !== null)){
const err37 = {instancePath:instancePath+"/before_text",schemaPath:"#/properties/before_text/type",keyword:"type",params:{type: schema58.properties.before_text.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.observation !== undefined){
let data20 = data.observation;
const _errs49 = errors;
let valid8 = false;
const _errs50 = errors;
if(!(validate35(data20, {instancePath:instancePath+"/observation",parentData:data,parentDataProperty:"observation",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate35.errors : vErrors.concat(validate35.errors);
errors = vErrors.length;
}
var _valid1 = _errs50 === errors;
valid8 = valid8 || _valid1;
if(_valid1){
var props0 = {};
props0.at = true;
props0.url = true;
props0.title = true;
props0.text = true;
props0.text_truncated = true;
props0.text_source = true;
props0.fields = true;
props0.candidates_scanned = true;
props0.candidates_over_limit = true;
props0.unidentified = true;
props0.fields_over_limit = true;
}
const _errs51 = errors;
if(data20 !== null){
const err38 = {instancePath:instancePath+"/observation",schemaPath:"#/properties/observation/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
var _valid1 = _errs51 === errors;
valid8 = valid8 || _valid1;
if(!valid8){
const err39 = {instancePath:instancePath+"/observation",schemaPath:"#/properties/observation/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
else {
errors = _errs49;
if(vErrors !== null){
if(_errs49){
vErrors.length = _errs49;
}
else {
vErrors = null;
}
}
}
}
if(data.follow_ups !== undefined){
let data21 = data.follow_ups;
if(Array.isArray(data21)){
const len1 = data21.length;
for(let i1=0; i1<len1; i1++){
if(!(validate35(data21[i1], {instancePath:instancePath+"/follow_ups/" + i1,parentData:data21,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate35.errors : vErrors.concat(validate35.errors);
errors = vErrors.length;
}
}
}
else {
const err40 = {instancePath:instancePath+"/follow_ups",schemaPath:"#/properties/follow_ups/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.follow_ups_evicted !== undefined){
let data23 = data.follow_ups_evicted;
if(!(((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23))) && (isFinite(data23)))){
const err41 = {instancePath:instancePath+"/follow_ups_evicted",schemaPath:"#/properties/follow_ups_evicted/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if((typeof data23 == "number") && (isFinite(data23))){
if(data23 < 0 || isNaN(data23)){
const err42 = {instancePath:instancePath+"/follow_ups_evicted",schemaPath:"#/properties/follow_ups_evicted/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
}
if(data.picture !== undefined){
let data24 = data.picture;
const _errs59 = errors;
let valid11 = false;
const _errs60 = errors;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
if(data24.id === undefined){
const err43 = {instancePath:instancePath+"/picture",schemaPath:"#/$defs/Picture/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(data24.mime_type === undefined){
const err44 = {instancePath:instancePath+"/picture",schemaPath:"#/$defs/Picture/required",keyword:"required",params:{missingProperty: "mime_type"},message:"must have required property '"+"mime_type"+"'"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(data24.bytes === undefined){
const err45 = {instancePath:instancePath+"/picture",schemaPath:"#/$defs/Picture/required",keyword:"required",params:{missingProperty: "bytes"},message:"must have required property '"+"bytes"+"'"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(data24.width === undefined){
const err46 = {instancePath:instancePath+"/picture",schemaPath:"#/$defs/Picture/required",keyword:"required",params:{missingProperty: "width"},message:"must have required property '"+"width"+"'"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if(data24.height === undefined){
const err47 = {instancePath:instancePath+"/picture",schemaPath:"#/$defs/Picture/required",keyword:"required",params:{missingProperty: "height"},message:"must have required property '"+"height"+"'"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(data24.sha256 === undefined){
const err48 = {instancePath:instancePath+"/picture",schemaPath:"#/$defs/Picture/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(data24.taken_at === undefined){
const err49 = {instancePath:instancePath+"/picture",schemaPath:"#/$defs/Picture/required",keyword:"required",params:{missingProperty: "taken_at"},message:"must have required property '"+"taken_at"+"'"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(data24.id !== undefined){
if(typeof data24.id !== "string"){
const err50 = {instancePath:instancePath+"/picture/id",schemaPath:"#/$defs/Picture/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data24.mime_type !== undefined){
if(typeof data24.mime_type !== "string"){
const err51 = {instancePath:instancePath+"/picture/mime_type",schemaPath:"#/$defs/Picture/properties/mime_type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data24.bytes !== undefined){
let data27 = data24.bytes;
if(!(((typeof data27 == "number") && (!(data27 % 1) && !isNaN(data27))) && (isFinite(data27)))){
const err52 = {instancePath:instancePath+"/picture/bytes",schemaPath:"#/$defs/Picture/properties/bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if((typeof data27 == "number") && (isFinite(data27))){
if(data27 < 0 || isNaN(data27)){
const err53 = {instancePath:instancePath+"/picture/bytes",schemaPath:"#/$defs/Picture/properties/bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
if(data24.width !== undefined){
let data28 = data24.width;
if(!(((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28))) && (isFinite(data28)))){
const err54 = {instancePath:instancePath+"/picture/width",schemaPath:"#/$defs/Picture/properties/width/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if((typeof data28 == "number") && (isFinite(data28))){
if(data28 < 0 || isNaN(data28)){
const err55 = {instancePath:instancePath+"/picture/width",schemaPath:"#/$defs/Picture/properties/width/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
}
if(data24.height !== undefined){
let data29 = data24.height;
if(!(((typeof data29 == "number") && (!(data29 % 1) && !isNaN(data29))) && (isFinite(data29)))){
const err56 = {instancePath:instancePath+"/picture/height",schemaPath:"#/$defs/Picture/properties/height/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if((typeof data29 == "number") && (isFinite(data29))){
if(data29 < 0 || isNaN(data29)){
const err57 = {instancePath:instancePath+"/picture/height",schemaPath:"#/$defs/Picture/properties/height/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
}
if(data24.sha256 !== undefined){
if(typeof data24.sha256 !== "string"){
const err58 = {instancePath:instancePath+"/picture/sha256",schemaPath:"#/$defs/Picture/properties/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data24.taken_at !== undefined){
let data31 = data24.taken_at;
if(!(((typeof data31 == "number") && (!(data31 % 1) && !isNaN(data31))) && (isFinite(data31)))){
const err59 = {instancePath:instancePath+"/picture/taken_at",schemaPath:"#/$defs/Picture/properties/taken_at/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if((typeof data31 == "number") && (isFinite(data31))){
if(data31 < 0 || isNaN(data31)){
const err60 = {instancePath:instancePath+"/picture/taken_at",schemaPath:"#/$defs/Picture/properties/taken_at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
if(data24.base64 !== undefined){
let data32 = data24.base64;
if((typeof data32 !== "string") && (data32 !== null)){
const err61 = {instancePath:instancePath+"/picture/base64",schemaPath:"#/$defs/Picture/properties/base64/type",keyword:"type",params:{type: schema64.properties.base64.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
}
else {
const err62 = {instancePath:instancePath+"/picture",schemaPath:"#/$defs/Picture/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
var _valid2 = _errs60 === errors;
valid11 = valid11 || _valid2;
if(_valid2){
var props1 = {};
props1.id = true;
props1.mime_type = true;
props1.bytes = true;
props1.width = true;
props1.height = true;
props1.sha256 = true;
props1.taken_at = true;
props1.base64 = true;
}
const _errs79 = errors;
if(data24 !== null){
const err63 = {instancePath:instancePath+"/picture",schemaPath:"#/properties/picture/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
var _valid2 = _errs79 === errors;
valid11 = valid11 || _valid2;
if(!valid11){
const err64 = {instancePath:instancePath+"/picture",schemaPath:"#/properties/picture/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
else {
errors = _errs59;
if(vErrors !== null){
if(_errs59){
vErrors.length = _errs59;
}
else {
vErrors = null;
}
}
}
}
if(data.suppressed_manual_events !== undefined){
let data33 = data.suppressed_manual_events;
if(!(((typeof data33 == "number") && (!(data33 % 1) && !isNaN(data33))) && (isFinite(data33)))){
const err65 = {instancePath:instancePath+"/suppressed_manual_events",schemaPath:"#/properties/suppressed_manual_events/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if((typeof data33 == "number") && (isFinite(data33))){
if(data33 < 0 || isNaN(data33)){
const err66 = {instancePath:instancePath+"/suppressed_manual_events",schemaPath:"#/properties/suppressed_manual_events/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
}
if(data.field_chain !== undefined){
let data34 = data.field_chain;
if((!(Array.isArray(data34))) && (data34 !== null)){
const err67 = {instancePath:instancePath+"/field_chain",schemaPath:"#/properties/field_chain/type",keyword:"type",params:{type: schema58.properties.field_chain.type},message:"must be array,null"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if(Array.isArray(data34)){
const len2 = data34.length;
for(let i2=0; i2<len2; i2++){
if(!(validate38(data34[i2], {instancePath:instancePath+"/field_chain/" + i2,parentData:data34,parentDataProperty:i2,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate38.errors : vErrors.concat(validate38.errors);
errors = vErrors.length;
}
}
}
}
if(data.windows !== undefined){
let data36 = data.windows;
const _errs87 = errors;
let valid16 = false;
const _errs88 = errors;
if(!(validate40(data36, {instancePath:instancePath+"/windows",parentData:data,parentDataProperty:"windows",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate40.errors : vErrors.concat(validate40.errors);
errors = vErrors.length;
}
var _valid3 = _errs88 === errors;
valid16 = valid16 || _valid3;
if(_valid3){
var props2 = {};
props2.immediate = true;
props2.possibly_related = true;
}
const _errs89 = errors;
if(data36 !== null){
const err68 = {instancePath:instancePath+"/windows",schemaPath:"#/properties/windows/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
var _valid3 = _errs89 === errors;
valid16 = valid16 || _valid3;
if(!valid16){
const err69 = {instancePath:instancePath+"/windows",schemaPath:"#/properties/windows/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
else {
errors = _errs87;
if(vErrors !== null){
if(_errs87){
vErrors.length = _errs87;
}
else {
vErrors = null;
}
}
}
}
if(data.counts !== undefined){
let data37 = data.counts;
const _errs92 = errors;
let valid17 = false;
const _errs93 = errors;
if(data37 && typeof data37 == "object" && !Array.isArray(data37)){
if(data37.requests === undefined){
const err70 = {instancePath:instancePath+"/counts",schemaPath:"#/$defs/WindowCounts/required",keyword:"required",params:{missingProperty: "requests"},message:"must have required property '"+"requests"+"'"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if(data37.folded === undefined){
const err71 = {instancePath:instancePath+"/counts",schemaPath:"#/$defs/WindowCounts/required",keyword:"required",params:{missingProperty: "folded"},message:"must have required property '"+"folded"+"'"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if(data37.console === undefined){
const err72 = {instancePath:instancePath+"/counts",schemaPath:"#/$defs/WindowCounts/required",keyword:"required",params:{missingProperty: "console"},message:"must have required property '"+"console"+"'"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if(data37.errors === undefined){
const err73 = {instancePath:instancePath+"/counts",schemaPath:"#/$defs/WindowCounts/required",keyword:"required",params:{missingProperty: "errors"},message:"must have required property '"+"errors"+"'"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
if(data37.warnings === undefined){
const err74 = {instancePath:instancePath+"/counts",schemaPath:"#/$defs/WindowCounts/required",keyword:"required",params:{missingProperty: "warnings"},message:"must have required property '"+"warnings"+"'"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
if(data37.requests !== undefined){
let data38 = data37.requests;
if(!(((typeof data38 == "number") && (!(data38 % 1) && !isNaN(data38))) && (isFinite(data38)))){
const err75 = {instancePath:instancePath+"/counts/requests",schemaPath:"#/$defs/WindowCounts/properties/requests/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
if((typeof data38 == "number") && (isFinite(data38))){
if(data38 < 0 || isNaN(data38)){
const err76 = {instancePath:instancePath+"/counts/requests",schemaPath:"#/$defs/WindowCounts/properties/requests/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
}
if(data37.folded !== undefined){
let data39 = data37.folded;
if(!(((typeof data39 == "number") && (!(data39 % 1) && !isNaN(data39))) && (isFinite(data39)))){
const err77 = {instancePath:instancePath+"/counts/folded",schemaPath:"#/$defs/WindowCounts/properties/folded/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
if((typeof data39 == "number") && (isFinite(data39))){
if(data39 < 0 || isNaN(data39)){
const err78 = {instancePath:instancePath+"/counts/folded",schemaPath:"#/$defs/WindowCounts/properties/folded/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
}
if(data37.console !== undefined){
let data40 = data37.console;
if(!(((typeof data40 == "number") && (!(data40 % 1) && !isNaN(data40))) && (isFinite(data40)))){
const err79 = {instancePath:instancePath+"/counts/console",schemaPath:"#/$defs/WindowCounts/properties/console/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
if((typeof data40 == "number") && (isFinite(data40))){
if(data40 < 0 || isNaN(data40)){
const err80 = {instancePath:instancePath+"/counts/console",schemaPath:"#/$defs/WindowCounts/properties/console/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
}
if(data37.errors !== undefined){
let data41 = data37.errors;
if(!(((typeof data41 == "number") && (!(data41 % 1) && !isNaN(data41))) && (isFinite(data41)))){
const err81 = {instancePath:instancePath+"/counts/errors",schemaPath:"#/$defs/WindowCounts/properties/errors/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
if((typeof data41 == "number") && (isFinite(data41))){
if(data41 < 0 || isNaN(data41)){
const err82 = {instancePath:instancePath+"/counts/errors",schemaPath:"#/$defs/WindowCounts/properties/errors/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
}
if(data37.warnings !== undefined){
let data42 = data37.warnings;
if(!(((typeof data42 == "number") && (!(data42 % 1) && !isNaN(data42))) && (isFinite(data42)))){
const err83 = {instancePath:instancePath+"/counts/warnings",schemaPath:"#/$defs/WindowCounts/properties/warnings/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
if((typeof data42 == "number") && (isFinite(data42))){
if(data42 < 0 || isNaN(data42)){
const err84 = {instancePath:instancePath+"/counts/warnings",schemaPath:"#/$defs/WindowCounts/properties/warnings/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
}
}
else {
const err85 = {instancePath:instancePath+"/counts",schemaPath:"#/$defs/WindowCounts/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
var _valid4 = _errs93 === errors;
valid17 = valid17 || _valid4;
if(_valid4){
var props3 = {};
props3.requests = true;
props3.folded = true;
props3.console = true;
props3.errors = true;
props3.warnings = true;
}
const _errs106 = errors;
if(data37 !== null){
const err86 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
var _valid4 = _errs106 === errors;
valid17 = valid17 || _valid4;
if(!valid17){
const err87 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
else {
errors = _errs92;
if(vErrors !== null){
if(_errs92){
vErrors.length = _errs92;
}
else {
vErrors = null;
}
}
}
}
if(data.page_after !== undefined){
let data43 = data.page_after;
const _errs109 = errors;
let valid20 = false;
const _errs110 = errors;
if(!(validate42(data43, {instancePath:instancePath+"/page_after",parentData:data,parentDataProperty:"page_after",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate42.errors : vErrors.concat(validate42.errors);
errors = vErrors.length;
}
var _valid5 = _errs110 === errors;
valid20 = valid20 || _valid5;
if(_valid5){
var props4 = {};
props4.at = true;
props4.from = true;
}
const _errs111 = errors;
if(data43 !== null){
const err88 = {instancePath:instancePath+"/page_after",schemaPath:"#/properties/page_after/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
var _valid5 = _errs111 === errors;
valid20 = valid20 || _valid5;
if(!valid20){
const err89 = {instancePath:instancePath+"/page_after",schemaPath:"#/properties/page_after/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
else {
errors = _errs109;
if(vErrors !== null){
if(_errs109){
vErrors.length = _errs109;
}
else {
vErrors = null;
}
}
}
}
if(data.text_change !== undefined){
let data44 = data.text_change;
const _errs114 = errors;
let valid21 = false;
const _errs115 = errors;
if(data44 && typeof data44 == "object" && !Array.isArray(data44)){
if(data44.added === undefined){
const err90 = {instancePath:instancePath+"/text_change",schemaPath:"#/$defs/TextChange/required",keyword:"required",params:{missingProperty: "added"},message:"must have required property '"+"added"+"'"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
if(data44.removed === undefined){
const err91 = {instancePath:instancePath+"/text_change",schemaPath:"#/$defs/TextChange/required",keyword:"required",params:{missingProperty: "removed"},message:"must have required property '"+"removed"+"'"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
if(data44.truncated === undefined){
const err92 = {instancePath:instancePath+"/text_change",schemaPath:"#/$defs/TextChange/required",keyword:"required",params:{missingProperty: "truncated"},message:"must have required property '"+"truncated"+"'"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
if(data44.added !== undefined){
let data45 = data44.added;
if(Array.isArray(data45)){
const len3 = data45.length;
for(let i3=0; i3<len3; i3++){
if(typeof data45[i3] !== "string"){
const err93 = {instancePath:instancePath+"/text_change/added/" + i3,schemaPath:"#/$defs/TextChange/properties/added/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
}
else {
const err94 = {instancePath:instancePath+"/text_change/added",schemaPath:"#/$defs/TextChange/properties/added/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
if(data44.removed !== undefined){
let data47 = data44.removed;
if(Array.isArray(data47)){
const len4 = data47.length;
for(let i4=0; i4<len4; i4++){
if(typeof data47[i4] !== "string"){
const err95 = {instancePath:instancePath+"/text_change/removed/" + i4,schemaPath:"#/$defs/TextChange/properties/removed/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
}
else {
const err96 = {instancePath:instancePath+"/text_change/removed",schemaPath:"#/$defs/TextChange/properties/removed/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
if(data44.truncated !== undefined){
if(typeof data44.truncated !== "boolean"){
const err97 = {instancePath:instancePath+"/text_change/truncated",schemaPath:"#/$defs/TextChange/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
}
else {
const err98 = {instancePath:instancePath+"/text_change",schemaPath:"#/$defs/TextChange/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
var _valid6 = _errs115 === errors;
valid21 = valid21 || _valid6;
if(_valid6){
var props5 = {};
props5.added = true;
props5.removed = true;
props5.truncated = true;
}
const _errs128 = errors;
if(data44 !== null){
const err99 = {instancePath:instancePath+"/text_change",schemaPath:"#/properties/text_change/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
var _valid6 = _errs128 === errors;
valid21 = valid21 || _valid6;
if(!valid21){
const err100 = {instancePath:instancePath+"/text_change",schemaPath:"#/properties/text_change/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
else {
errors = _errs114;
if(vErrors !== null){
if(_errs114){
vErrors.length = _errs114;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err101 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
validate34.errors = vErrors;
return errors === 0;
}
validate34.evaluated = {"props":{"id":true,"revision":true,"source":true,"name":true,"params":true,"acted_on":true,"emulation":true,"state":true,"started_at":true,"ended_at":true,"summary":true,"error":true,"before_text":true,"observation":true,"follow_ups":true,"follow_ups_evicted":true,"picture":true,"suppressed_manual_events":true,"field_chain":true,"windows":true,"counts":true,"page_after":true,"text_change":true},"dynamicProps":false,"dynamicItems":false};

const schema78 = {"type":"object","properties":{"id":{"type":"string"},"revision":{"type":"integer","format":"uint64","minimum":0},"at":{"description":"Milliseconds since the Unix epoch: when the browser says it was logged, else when the\ndaemon read it (a dialog).","type":"integer","format":"uint64","minimum":0},"source":{"$ref":"#/$defs/ConsoleSource"},"level":{"description":"`log`, `info`, `warning`, `error`, `debug`, …","type":"string"},"kind":{"description":"`console` (console API), `exception` (uncaught error or unhandled rejection), `browser`,\nor `dialog` (a JavaScript alert, confirm, prompt or beforeunload the page opened).","type":"string"},"text":{"description":"Redacted, at most 4 Ki characters.","type":"string"},"url":{"type":["string","null"]},"line":{"description":"The source line, 0-based as Chrome reports it; `bsk debug console` and the evidence page\nshow it 1-based, as editors and DevTools do.","type":["integer","null"],"format":"uint64","minimum":0},"column":{"description":"The source column, 0-based as Chrome reports it; shown 1-based.","type":["integer","null"],"format":"uint64","minimum":0},"target_id":{"type":"string"},"worker":{"description":"The worker that logged it; absent for the page's and its frames' own entries.","anyOf":[{"$ref":"#/$defs/WorkerSource"},{"type":"null"}]}},"required":["id","revision","at","source","level","kind","text","target_id"]};
const schema79 = {"description":"Who wrote a console entry.","oneOf":[{"description":"The site's own pages and scripts (http, https, file, data, blob URLs).","type":"string","const":"website"},{"description":"A browser extension (`chrome-extension://`).","type":"string","const":"extension"},{"description":"The browser itself (`Log.entryAdded`: failed loads, violations, interventions).","type":"string","const":"browser"},{"description":"No source URL.","type":"string","const":"unknown"}]};

function validate45(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate45.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.revision === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "revision"},message:"must have required property '"+"revision"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.at === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "at"},message:"must have required property '"+"at"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.source === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.level === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "level"},message:"must have required property '"+"level"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.kind === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.text === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.target_id === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "target_id"},message:"must have required property '"+"target_id"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.id !== undefined){
if(typeof data.id !== "string"){
const err8 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.revision !== undefined){
let data1 = data.revision;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err9 = {instancePath:instancePath+"/revision",schemaPath:"#/properties/revision/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err10 = {instancePath:instancePath+"/revision",schemaPath:"#/properties/revision/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.at !== undefined){
let data2 = data.at;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err11 = {instancePath:instancePath+"/at",schemaPath:"#/properties/at/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/at",schemaPath:"#/properties/at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
if(data.source !== undefined){
let data3 = data.source;
const _errs9 = errors;
let valid2 = false;
let passing0 = null;
const _errs10 = errors;
if(typeof data3 !== "string"){
const err13 = {instancePath:instancePath+"/source",schemaPath:"#/$defs/ConsoleSource/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if("website" !== data3){
const err14 = {instancePath:instancePath+"/source",schemaPath:"#/$defs/ConsoleSource/oneOf/0/const",keyword:"const",params:{allowedValue: "website"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid0 = _errs10 === errors;
if(_valid0){
valid2 = true;
passing0 = 0;
}
const _errs12 = errors;
if(typeof data3 !== "string"){
const err15 = {instancePath:instancePath+"/source",schemaPath:"#/$defs/ConsoleSource/oneOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if("extension" !== data3){
const err16 = {instancePath:instancePath+"/source",schemaPath:"#/$defs/ConsoleSource/oneOf/1/const",keyword:"const",params:{allowedValue: "extension"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var _valid0 = _errs12 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid2 = true;
passing0 = 1;
}
const _errs14 = errors;
if(typeof data3 !== "string"){
const err17 = {instancePath:instancePath+"/source",schemaPath:"#/$defs/ConsoleSource/oneOf/2/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if("browser" !== data3){
const err18 = {instancePath:instancePath+"/source",schemaPath:"#/$defs/ConsoleSource/oneOf/2/const",keyword:"const",params:{allowedValue: "browser"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
var _valid0 = _errs14 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 2];
}
else {
if(_valid0){
valid2 = true;
passing0 = 2;
}
const _errs16 = errors;
if(typeof data3 !== "string"){
const err19 = {instancePath:instancePath+"/source",schemaPath:"#/$defs/ConsoleSource/oneOf/3/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if("unknown" !== data3){
const err20 = {instancePath:instancePath+"/source",schemaPath:"#/$defs/ConsoleSource/oneOf/3/const",keyword:"const",params:{allowedValue: "unknown"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid0 = _errs16 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 3];
}
else {
if(_valid0){
valid2 = true;
passing0 = 3;
}
}
}
}
if(!valid2){
const err21 = {instancePath:instancePath+"/source",schemaPath:"#/$defs/ConsoleSource/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
else {
errors = _errs9;
if(vErrors !== null){
if(_errs9){
vErrors.length = _errs9;
}
else {
vErrors = null;
}
}
}
}
if(data.level !== undefined){
if(typeof data.level !== "string"){
const err22 = {instancePath:instancePath+"/level",schemaPath:"#/properties/level/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.kind !== undefined){
if(typeof data.kind !== "string"){
const err23 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.text !== undefined){
if(typeof data.text !== "string"){
const err24 = {instancePath:instancePath+"/text",schemaPath:"#/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.url !== undefined){
let data7 = data.url;
if((typeof data7 !== "string") && (data7 !== null)){
const err25 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: schema78.properties.url.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.line !== undefined){
let data8 = data.line;
if((!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))) && (data8 !== null)){
const err26 = {instancePath:instancePath+"/line",schemaPath:"#/properties/line/type",keyword:"type",params:{type: schema78.properties.line.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 < 0 || isNaN(data8)){
const err27 = {instancePath:instancePath+"/line",schemaPath:"#/properties/line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
if(data.column !== undefined){
let data9 = data.column;
if((!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))) && (data9 !== null)){
const err28 = {instancePath:instancePath+"/column",schemaPath:"#/properties/column/type",keyword:"type",params:{type: schema78.properties.column.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 0 || isNaN(data9)){
const err29 = {instancePath:instancePath+"/column",schemaPath:"#/properties/column/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
if(data.target_id !== undefined){
if(typeof data.target_id !== "string"){
const err30 = {instancePath:instancePath+"/target_id",schemaPath:"#/properties/target_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.worker !== undefined){
let data11 = data.worker;
const _errs33 = errors;
let valid3 = false;
const _errs34 = errors;
if(!(validate28(data11, {instancePath:instancePath+"/worker",parentData:data,parentDataProperty:"worker",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
errors = vErrors.length;
}
var _valid1 = _errs34 === errors;
valid3 = valid3 || _valid1;
if(_valid1){
var props0 = {};
props0.kind = true;
props0.url = true;
}
const _errs35 = errors;
if(data11 !== null){
const err31 = {instancePath:instancePath+"/worker",schemaPath:"#/properties/worker/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
var _valid1 = _errs35 === errors;
valid3 = valid3 || _valid1;
if(!valid3){
const err32 = {instancePath:instancePath+"/worker",schemaPath:"#/properties/worker/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
else {
errors = _errs33;
if(vErrors !== null){
if(_errs33){
vErrors.length = _errs33;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err33 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
validate45.errors = vErrors;
return errors === 0;
}
validate45.evaluated = {"props":{"id":true,"revision":true,"at":true,"source":true,"level":true,"kind":true,"text":true,"url":true,"line":true,"column":true,"target_id":true,"worker":true},"dynamicProps":false,"dynamicItems":false};

const schema80 = {"description":"One main-frame page load, for context.","type":"object","properties":{"id":{"type":"string"},"revision":{"type":"integer","format":"uint64","minimum":0},"url":{"type":"string"},"at":{"description":"When the navigation committed, ms since the Unix epoch.","type":"integer","format":"uint64","minimum":0},"dom_content_loaded_at":{"type":["integer","null"],"format":"uint64","minimum":0},"loaded_at":{"type":["integer","null"],"format":"uint64","minimum":0},"observation":{"description":"The page as it stood after `load`, when the observer could read it.","anyOf":[{"$ref":"#/$defs/PageObservation"},{"type":"null"}]}},"required":["id","revision","url","at"]};

function validate48(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate48.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.revision === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "revision"},message:"must have required property '"+"revision"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.url === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.at === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "at"},message:"must have required property '"+"at"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.id !== undefined){
if(typeof data.id !== "string"){
const err4 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.revision !== undefined){
let data1 = data.revision;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err5 = {instancePath:instancePath+"/revision",schemaPath:"#/properties/revision/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err6 = {instancePath:instancePath+"/revision",schemaPath:"#/properties/revision/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
if(data.url !== undefined){
if(typeof data.url !== "string"){
const err7 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.at !== undefined){
let data3 = data.at;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err8 = {instancePath:instancePath+"/at",schemaPath:"#/properties/at/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err9 = {instancePath:instancePath+"/at",schemaPath:"#/properties/at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
if(data.dom_content_loaded_at !== undefined){
let data4 = data.dom_content_loaded_at;
if((!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))) && (data4 !== null)){
const err10 = {instancePath:instancePath+"/dom_content_loaded_at",schemaPath:"#/properties/dom_content_loaded_at/type",keyword:"type",params:{type: schema80.properties.dom_content_loaded_at.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err11 = {instancePath:instancePath+"/dom_content_loaded_at",schemaPath:"#/properties/dom_content_loaded_at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
if(data.loaded_at !== undefined){
let data5 = data.loaded_at;
if((!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))) && (data5 !== null)){
const err12 = {instancePath:instancePath+"/loaded_at",schemaPath:"#/properties/loaded_at/type",keyword:"type",params:{type: schema80.properties.loaded_at.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 0 || isNaN(data5)){
const err13 = {instancePath:instancePath+"/loaded_at",schemaPath:"#/properties/loaded_at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.observation !== undefined){
let data6 = data.observation;
const _errs14 = errors;
let valid1 = false;
const _errs15 = errors;
if(!(validate35(data6, {instancePath:instancePath+"/observation",parentData:data,parentDataProperty:"observation",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate35.errors : vErrors.concat(validate35.errors);
errors = vErrors.length;
}
var _valid0 = _errs15 === errors;
valid1 = valid1 || _valid0;
if(_valid0){
var props0 = {};
props0.at = true;
props0.url = true;
props0.title = true;
props0.text = true;
props0.text_truncated = true;
props0.text_source = true;
props0.fields = true;
props0.candidates_scanned = true;
props0.candidates_over_limit = true;
props0.unidentified = true;
props0.fields_over_limit = true;
}
const _errs16 = errors;
if(data6 !== null){
const err14 = {instancePath:instancePath+"/observation",schemaPath:"#/properties/observation/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid0 = _errs16 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const err15 = {instancePath:instancePath+"/observation",schemaPath:"#/properties/observation/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
else {
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err16 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
validate48.errors = vErrors;
return errors === 0;
}
validate48.evaluated = {"props":{"id":true,"revision":true,"url":true,"at":true,"dom_content_loaded_at":true,"loaded_at":true,"observation":true},"dynamicProps":false,"dynamicItems":false};

const schema81 = {"description":"Statistics over every request a capture saw since it started, evicted ones included: what is\nleft of a load test's traffic once its records are gone (`bsk debug summary`).","type":"object","properties":{"requests":{"description":"Requests counted: every redirect hop and every CORS preflight is one, as the server sees\nthem.","type":"integer","format":"uint64","minimum":0},"routes":{"description":"One row per method and route, most requests first; at most 512.","type":"array","items":{"$ref":"#/$defs/RouteStats"}},"other":{"description":"Every request on a route beyond the 512th, together (`route` is `other`).","anyOf":[{"$ref":"#/$defs/RouteStats"},{"type":"null"}]},"untracked":{"description":"Requests counted whose outcome the summary could not follow: more than 4096 were in flight\nat once. They are in `requests` and their route's `count`, in no outcome.","type":"integer","format":"uint64","minimum":0,"default":0}},"required":["requests","routes"]};
const schema82 = {"description":"One method and route of a [`TrafficSummary`].","type":"object","properties":{"method":{"type":"string"},"route":{"description":"Host (with port) and path; numeric, UUID and long hexadecimal segments read `{id}`; the\nquery is left out. `data:`, `blob:` and the like are their scheme.","type":"string"},"count":{"type":"integer","format":"uint64","minimum":0},"status":{"description":"Responses by status class (`1xx` … `5xx`), redirects included. A response whose body then\nfailed is counted here and in `failed`.","type":"object","additionalProperties":{"type":"integer","format":"uint64","minimum":0}},"failed":{"description":"Requests that ended with `Network.loadingFailed`.","type":"integer","format":"uint64","minimum":0},"failures":{"description":"Failures by the browser's error text, most frequent first; at most 8, the rest in\n`failures_other`.","type":"array","items":{"$ref":"#/$defs/FailureCount"}},"failures_other":{"type":"integer","format":"uint64","minimum":0},"cached":{"description":"Served from the browser's cache or a service worker.","type":"integer","format":"uint64","minimum":0},"in_flight":{"description":"Neither finished nor failed (yet, or when the capture stopped).","type":"integer","format":"uint64","minimum":0},"duration_ms":{"description":"Duration from the request being sent to its last byte or failure, over finished requests.","anyOf":[{"$ref":"#/$defs/Percentiles"},{"type":"null"}]},"bytes_in":{"description":"Bytes received on the wire, headers included (Chromium's `encodedDataLength`).","type":"integer","format":"uint64","minimum":0},"bytes_out":{"description":"Request body bytes sent, where the browser reported them.","type":"integer","format":"uint64","minimum":0},"first_seen":{"description":"When the first and the latest request of the route were sent, ms since the Unix epoch.","type":"integer","format":"uint64","minimum":0},"last_seen":{"type":"integer","format":"uint64","minimum":0}},"required":["method","route","count","status","failed","in_flight","bytes_in","bytes_out","first_seen","last_seen"]};
const schema83 = {"description":"A failure's error text and how many requests ended with it.","type":"object","properties":{"error":{"type":"string"},"count":{"type":"integer","format":"uint64","minimum":0}},"required":["error","count"]};
const schema84 = {"description":"Duration percentiles, in milliseconds, within 2% of the exact value (log-scaled buckets).","type":"object","properties":{"p50":{"type":"number","format":"double"},"p95":{"type":"number","format":"double"},"p99":{"type":"number","format":"double"},"max":{"type":"number","format":"double"}},"required":["p50","p95","p99","max"]};

function validate52(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate52.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.method === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "method"},message:"must have required property '"+"method"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.route === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "route"},message:"must have required property '"+"route"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.count === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "count"},message:"must have required property '"+"count"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.status === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.failed === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "failed"},message:"must have required property '"+"failed"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.in_flight === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "in_flight"},message:"must have required property '"+"in_flight"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.bytes_in === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "bytes_in"},message:"must have required property '"+"bytes_in"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.bytes_out === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "bytes_out"},message:"must have required property '"+"bytes_out"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.first_seen === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "first_seen"},message:"must have required property '"+"first_seen"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.last_seen === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "last_seen"},message:"must have required property '"+"last_seen"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.method !== undefined){
if(typeof data.method !== "string"){
const err10 = {instancePath:instancePath+"/method",schemaPath:"#/properties/method/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.route !== undefined){
if(typeof data.route !== "string"){
const err11 = {instancePath:instancePath+"/route",schemaPath:"#/properties/route/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.count !== undefined){
let data2 = data.count;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err12 = {instancePath:instancePath+"/count",schemaPath:"#/properties/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
const err13 = {instancePath:instancePath+"/count",schemaPath:"#/properties/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.status !== undefined){
let data3 = data.status;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
for(const key0 in data3){
let data4 = data3[key0];
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err14 = {instancePath:instancePath+"/status/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/status/additionalProperties/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err15 = {instancePath:instancePath+"/status/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/status/additionalProperties/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
}
else {
const err16 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.failed !== undefined){
let data5 = data.failed;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err17 = {instancePath:instancePath+"/failed",schemaPath:"#/properties/failed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 0 || isNaN(data5)){
const err18 = {instancePath:instancePath+"/failed",schemaPath:"#/properties/failed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
if(data.failures !== undefined){
let data6 = data.failures;
if(Array.isArray(data6)){
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
let data7 = data6[i0];
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.error === undefined){
const err19 = {instancePath:instancePath+"/failures/" + i0,schemaPath:"#/$defs/FailureCount/required",keyword:"required",params:{missingProperty: "error"},message:"must have required property '"+"error"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data7.count === undefined){
const err20 = {instancePath:instancePath+"/failures/" + i0,schemaPath:"#/$defs/FailureCount/required",keyword:"required",params:{missingProperty: "count"},message:"must have required property '"+"count"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data7.error !== undefined){
if(typeof data7.error !== "string"){
const err21 = {instancePath:instancePath+"/failures/" + i0+"/error",schemaPath:"#/$defs/FailureCount/properties/error/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data7.count !== undefined){
let data9 = data7.count;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err22 = {instancePath:instancePath+"/failures/" + i0+"/count",schemaPath:"#/$defs/FailureCount/properties/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 0 || isNaN(data9)){
const err23 = {instancePath:instancePath+"/failures/" + i0+"/count",schemaPath:"#/$defs/FailureCount/properties/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
}
else {
const err24 = {instancePath:instancePath+"/failures/" + i0,schemaPath:"#/$defs/FailureCount/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/failures",schemaPath:"#/properties/failures/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.failures_other !== undefined){
let data10 = data.failures_other;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err26 = {instancePath:instancePath+"/failures_other",schemaPath:"#/properties/failures_other/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 0 || isNaN(data10)){
const err27 = {instancePath:instancePath+"/failures_other",schemaPath:"#/properties/failures_other/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
if(data.cached !== undefined){
let data11 = data.cached;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err28 = {instancePath:instancePath+"/cached",schemaPath:"#/properties/cached/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 < 0 || isNaN(data11)){
const err29 = {instancePath:instancePath+"/cached",schemaPath:"#/properties/cached/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
if(data.in_flight !== undefined){
let data12 = data.in_flight;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err30 = {instancePath:instancePath+"/in_flight",schemaPath:"#/properties/in_flight/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 < 0 || isNaN(data12)){
const err31 = {instancePath:instancePath+"/in_flight",schemaPath:"#/properties/in_flight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
if(data.duration_ms !== undefined){
let data13 = data.duration_ms;
const _errs30 = errors;
let valid6 = false;
const _errs31 = errors;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.p50 === undefined){
const err32 = {instancePath:instancePath+"/duration_ms",schemaPath:"#/$defs/Percentiles/required",keyword:"required",params:{missingProperty: "p50"},message:"must have required property '"+"p50"+"'"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(data13.p95 === undefined){
const err33 = {instancePath:instancePath+"/duration_ms",schemaPath:"#/$defs/Percentiles/required",keyword:"required",params:{missingProperty: "p95"},message:"must have required property '"+"p95"+"'"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(data13.p99 === undefined){
const err34 = {instancePath:instancePath+"/duration_ms",schemaPath:"#/$defs/Percentiles/required",keyword:"required",params:{missingProperty: "p99"},message:"must have required property '"+"p99"+"'"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data13.max === undefined){
const err35 = {instancePath:instancePath+"/duration_ms",schemaPath:"#/$defs/Percentiles/required",keyword:"required",params:{missingProperty: "max"},message:"must have required property '"+"max"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data13.p50 !== undefined){
let data14 = data13.p50;
if(!((typeof data14 == "number") && (isFinite(data14)))){
const err36 = {instancePath:instancePath+"/duration_ms/p50",schemaPath:"#/$defs/Percentiles/properties/p50/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data13.p95 !== undefined){
let data15 = data13.p95;
if(!((typeof data15 == "number") && (isFinite(data15)))){
const err37 = {instancePath:instancePath+"/duration_ms/p95",schemaPath:"#/$defs/Percentiles/properties/p95/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data13.p99 !== undefined){
let data16 = data13.p99;
if(!((typeof data16 == "number") && (isFinite(data16)))){
const err38 = {instancePath:instancePath+"/duration_ms/p99",schemaPath:"#/$defs/Percentiles/properties/p99/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data13.max !== undefined){
let data17 = data13.max;
if(!((typeof data17 == "number") && (isFinite(data17)))){
const err39 = {instancePath:instancePath+"/duration_ms/max",schemaPath:"#/$defs/Percentiles/properties/max/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
else {
const err40 = {instancePath:instancePath+"/duration_ms",schemaPath:"#/$defs/Percentiles/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
var _valid0 = _errs31 === errors;
valid6 = valid6 || _valid0;
if(_valid0){
var props0 = {};
props0.p50 = true;
props0.p95 = true;
props0.p99 = true;
props0.max = true;
}
const _errs42 = errors;
if(data13 !== null){
const err41 = {instancePath:instancePath+"/duration_ms",schemaPath:"#/properties/duration_ms/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
var _valid0 = _errs42 === errors;
valid6 = valid6 || _valid0;
if(!valid6){
const err42 = {instancePath:instancePath+"/duration_ms",schemaPath:"#/properties/duration_ms/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
else {
errors = _errs30;
if(vErrors !== null){
if(_errs30){
vErrors.length = _errs30;
}
else {
vErrors = null;
}
}
}
}
if(data.bytes_in !== undefined){
let data18 = data.bytes_in;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
const err43 = {instancePath:instancePath+"/bytes_in",schemaPath:"#/properties/bytes_in/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 < 0 || isNaN(data18)){
const err44 = {instancePath:instancePath+"/bytes_in",schemaPath:"#/properties/bytes_in/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
}
if(data.bytes_out !== undefined){
let data19 = data.bytes_out;
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err45 = {instancePath:instancePath+"/bytes_out",schemaPath:"#/properties/bytes_out/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if((typeof data19 == "number") && (isFinite(data19))){
if(data19 < 0 || isNaN(data19)){
const err46 = {instancePath:instancePath+"/bytes_out",schemaPath:"#/properties/bytes_out/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
if(data.first_seen !== undefined){
let data20 = data.first_seen;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err47 = {instancePath:instancePath+"/first_seen",schemaPath:"#/properties/first_seen/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 0 || isNaN(data20)){
const err48 = {instancePath:instancePath+"/first_seen",schemaPath:"#/properties/first_seen/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
if(data.last_seen !== undefined){
let data21 = data.last_seen;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err49 = {instancePath:instancePath+"/last_seen",schemaPath:"#/properties/last_seen/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 0 || isNaN(data21)){
const err50 = {instancePath:instancePath+"/last_seen",schemaPath:"#/properties/last_seen/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
}
}
else {
const err51 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
validate52.errors = vErrors;
return errors === 0;
}
validate52.evaluated = {"props":{"method":true,"route":true,"count":true,"status":true,"failed":true,"failures":true,"failures_other":true,"cached":true,"in_flight":true,"duration_ms":true,"bytes_in":true,"bytes_out":true,"first_seen":true,"last_seen":true},"dynamicProps":false,"dynamicItems":false};


function validate51(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate51.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.requests === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "requests"},message:"must have required property '"+"requests"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.routes === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "routes"},message:"must have required property '"+"routes"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.requests !== undefined){
let data0 = data.requests;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err2 = {instancePath:instancePath+"/requests",schemaPath:"#/properties/requests/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 0 || isNaN(data0)){
const err3 = {instancePath:instancePath+"/requests",schemaPath:"#/properties/requests/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
if(data.routes !== undefined){
let data1 = data.routes;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
if(!(validate52(data1[i0], {instancePath:instancePath+"/routes/" + i0,parentData:data1,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate52.errors : vErrors.concat(validate52.errors);
errors = vErrors.length;
}
}
}
else {
const err4 = {instancePath:instancePath+"/routes",schemaPath:"#/properties/routes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.other !== undefined){
let data3 = data.other;
const _errs7 = errors;
let valid3 = false;
const _errs8 = errors;
if(!(validate52(data3, {instancePath:instancePath+"/other",parentData:data,parentDataProperty:"other",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate52.errors : vErrors.concat(validate52.errors);
errors = vErrors.length;
}
var _valid0 = _errs8 === errors;
valid3 = valid3 || _valid0;
if(_valid0){
var props0 = {};
props0.method = true;
props0.route = true;
props0.count = true;
props0.status = true;
props0.failed = true;
props0.failures = true;
props0.failures_other = true;
props0.cached = true;
props0.in_flight = true;
props0.duration_ms = true;
props0.bytes_in = true;
props0.bytes_out = true;
props0.first_seen = true;
props0.last_seen = true;
}
const _errs9 = errors;
if(data3 !== null){
const err5 = {instancePath:instancePath+"/other",schemaPath:"#/properties/other/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var _valid0 = _errs9 === errors;
valid3 = valid3 || _valid0;
if(!valid3){
const err6 = {instancePath:instancePath+"/other",schemaPath:"#/properties/other/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
else {
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
}
}
if(data.untracked !== undefined){
let data4 = data.untracked;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err7 = {instancePath:instancePath+"/untracked",schemaPath:"#/properties/untracked/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err8 = {instancePath:instancePath+"/untracked",schemaPath:"#/properties/untracked/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
}
else {
const err9 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
validate51.errors = vErrors;
return errors === 0;
}
validate51.evaluated = {"props":{"requests":true,"routes":true,"other":true,"untracked":true},"dynamicProps":false,"dynamicItems":false};

const schema86 = {"description":"One problem of a record, in time order.","type":"object","properties":{"kind":{"$ref":"#/$defs/ProblemKind"},"at":{"description":"When it started (a request) or was logged (a console entry), ms since the Unix epoch.","type":"integer","format":"uint64","minimum":0},"request_id":{"description":"The request (`failed`, `status`).","type":["string","null"]},"console_id":{"description":"The console entry (`exception`, `console_error`).","type":["string","null"]},"summary":{"description":"One line a person reads first: `POST /api/orders 422 Unprocessable Entity:\nQTY_EXCEEDS_STOCK Only 2 left`, or the exception's text.","type":"string"},"code":{"description":"The error code the response body names (the first string at a key named like `code`),\nfor a JSON body.","type":["string","null"]},"message":{"description":"The message the response body gives (the first string at `message`, `error`, `detail`,\n`title`, …; or the first line of a short text body), or the failure's text, or the\nconsole entry's text.","type":["string","null"]},"source":{"description":"Where an exception or error was thrown or logged: `url:line:column` (1-based).","type":["string","null"]},"echoes":{"description":"The browser's own console errors about this request (\"Failed to load resource\"), listed\nwith it rather than as problems of their own.","type":"array","items":{"type":"string"}},"frame":{"description":"The frame or worker it came from, by origin and path, when not the page's own document.","type":["string","null"]},"after":{"description":"The operation in whose window it started (immediate or possibly related): by start\ntime, not proven cause.","anyOf":[{"$ref":"#/$defs/ProblemAfter"},{"type":"null"}]}},"required":["kind","at","summary"]};
const schema87 = {"description":"What kind of problem.","oneOf":[{"description":"The request failed (network error, blocked, cancelled).","type":"string","const":"failed"},{"description":"The response's status is 4xx or 5xx.","type":"string","const":"status"},{"description":"An uncaught exception or unhandled rejection.","type":"string","const":"exception"},{"description":"A console entry at level error.","type":"string","const":"console_error"}]};
const schema88 = {"description":"The operation a problem followed.","type":"object","properties":{"operation_id":{"type":"string"},"label":{"description":"`click button \"Place order\"`: its name and what it acted on.","type":"string"},"immediate":{"description":"Within the operation's immediate window (else possibly related, up to 15 s later).","type":"boolean"}},"required":["operation_id","label","immediate"]};

function validate56(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate56.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.at === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "at"},message:"must have required property '"+"at"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.summary === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "summary"},message:"must have required property '"+"summary"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.kind !== undefined){
let data0 = data.kind;
const _errs3 = errors;
let valid2 = false;
let passing0 = null;
const _errs4 = errors;
if(typeof data0 !== "string"){
const err3 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/ProblemKind/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if("failed" !== data0){
const err4 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/ProblemKind/oneOf/0/const",keyword:"const",params:{allowedValue: "failed"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid0 = _errs4 === errors;
if(_valid0){
valid2 = true;
passing0 = 0;
}
const _errs6 = errors;
if(typeof data0 !== "string"){
const err5 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/ProblemKind/oneOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if("status" !== data0){
const err6 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/ProblemKind/oneOf/1/const",keyword:"const",params:{allowedValue: "status"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid0 = _errs6 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid2 = true;
passing0 = 1;
}
const _errs8 = errors;
if(typeof data0 !== "string"){
const err7 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/ProblemKind/oneOf/2/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if("exception" !== data0){
const err8 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/ProblemKind/oneOf/2/const",keyword:"const",params:{allowedValue: "exception"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid0 = _errs8 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 2];
}
else {
if(_valid0){
valid2 = true;
passing0 = 2;
}
const _errs10 = errors;
if(typeof data0 !== "string"){
const err9 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/ProblemKind/oneOf/3/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if("console_error" !== data0){
const err10 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/ProblemKind/oneOf/3/const",keyword:"const",params:{allowedValue: "console_error"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var _valid0 = _errs10 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 3];
}
else {
if(_valid0){
valid2 = true;
passing0 = 3;
}
}
}
}
if(!valid2){
const err11 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/ProblemKind/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
errors = _errs3;
if(vErrors !== null){
if(_errs3){
vErrors.length = _errs3;
}
else {
vErrors = null;
}
}
}
}
if(data.at !== undefined){
let data1 = data.at;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err12 = {instancePath:instancePath+"/at",schemaPath:"#/properties/at/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err13 = {instancePath:instancePath+"/at",schemaPath:"#/properties/at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.request_id !== undefined){
let data2 = data.request_id;
if((typeof data2 !== "string") && (data2 !== null)){
const err14 = {instancePath:instancePath+"/request_id",schemaPath:"#/properties/request_id/type",keyword:"type",params:{type: schema86.properties.request_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.console_id !== undefined){
let data3 = data.console_id;
if((typeof data3 !== "string") && (data3 !== null)){
const err15 = {instancePath:instancePath+"/console_id",schemaPath:"#/properties/console_id/type",keyword:"type",params:{type: schema86.properties.console_id.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.summary !== undefined){
if(typeof data.summary !== "string"){
const err16 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.code !== undefined){
let data5 = data.code;
if((typeof data5 !== "string") && (data5 !== null)){
const err17 = {instancePath:instancePath+"/code",schemaPath:"#/properties/code/type",keyword:"type",params:{type: schema86.properties.code.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.message !== undefined){
let data6 = data.message;
if((typeof data6 !== "string") && (data6 !== null)){
const err18 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: schema86.properties.message.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.source !== undefined){
let data7 = data.source;
if((typeof data7 !== "string") && (data7 !== null)){
const err19 = {instancePath:instancePath+"/source",schemaPath:"#/properties/source/type",keyword:"type",params:{type: schema86.properties.source.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.echoes !== undefined){
let data8 = data.echoes;
if(Array.isArray(data8)){
const len0 = data8.length;
for(let i0=0; i0<len0; i0++){
if(typeof data8[i0] !== "string"){
const err20 = {instancePath:instancePath+"/echoes/" + i0,schemaPath:"#/properties/echoes/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath:instancePath+"/echoes",schemaPath:"#/properties/echoes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.frame !== undefined){
let data10 = data.frame;
if((typeof data10 !== "string") && (data10 !== null)){
const err22 = {instancePath:instancePath+"/frame",schemaPath:"#/properties/frame/type",keyword:"type",params:{type: schema86.properties.frame.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.after !== undefined){
let data11 = data.after;
const _errs33 = errors;
let valid5 = false;
const _errs34 = errors;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.operation_id === undefined){
const err23 = {instancePath:instancePath+"/after",schemaPath:"#/$defs/ProblemAfter/required",keyword:"required",params:{missingProperty: "operation_id"},message:"must have required property '"+"operation_id"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data11.label === undefined){
const err24 = {instancePath:instancePath+"/after",schemaPath:"#/$defs/ProblemAfter/required",keyword:"required",params:{missingProperty: "label"},message:"must have required property '"+"label"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data11.immediate === undefined){
const err25 = {instancePath:instancePath+"/after",schemaPath:"#/$defs/ProblemAfter/required",keyword:"required",params:{missingProperty: "immediate"},message:"must have required property '"+"immediate"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(data11.operation_id !== undefined){
if(typeof data11.operation_id !== "string"){
const err26 = {instancePath:instancePath+"/after/operation_id",schemaPath:"#/$defs/ProblemAfter/properties/operation_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data11.label !== undefined){
if(typeof data11.label !== "string"){
const err27 = {instancePath:instancePath+"/after/label",schemaPath:"#/$defs/ProblemAfter/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data11.immediate !== undefined){
if(typeof data11.immediate !== "boolean"){
const err28 = {instancePath:instancePath+"/after/immediate",schemaPath:"#/$defs/ProblemAfter/properties/immediate/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath:instancePath+"/after",schemaPath:"#/$defs/ProblemAfter/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
var _valid1 = _errs34 === errors;
valid5 = valid5 || _valid1;
if(_valid1){
var props0 = {};
props0.operation_id = true;
props0.label = true;
props0.immediate = true;
}
const _errs43 = errors;
if(data11 !== null){
const err30 = {instancePath:instancePath+"/after",schemaPath:"#/properties/after/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var _valid1 = _errs43 === errors;
valid5 = valid5 || _valid1;
if(!valid5){
const err31 = {instancePath:instancePath+"/after",schemaPath:"#/properties/after/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
else {
errors = _errs33;
if(vErrors !== null){
if(_errs33){
vErrors.length = _errs33;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err32 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
validate56.errors = vErrors;
return errors === 0;
}
validate56.evaluated = {"props":{"kind":true,"at":true,"request_id":true,"console_id":true,"summary":true,"code":true,"message":true,"source":true,"echoes":true,"frame":true,"after":true},"dynamicProps":false,"dynamicItems":false};


function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate20.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.version === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.saved_at === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "saved_at"},message:"must have required property '"+"saved_at"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.run === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "run"},message:"must have required property '"+"run"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.requests === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "requests"},message:"must have required property '"+"requests"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.operations === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "operations"},message:"must have required property '"+"operations"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.console === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "console"},message:"must have required property '"+"console"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.pages === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "pages"},message:"must have required property '"+"pages"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.version !== undefined){
let data0 = data.version;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err7 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 0 || isNaN(data0)){
const err8 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
if(data.saved_at !== undefined){
let data1 = data.saved_at;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err9 = {instancePath:instancePath+"/saved_at",schemaPath:"#/properties/saved_at/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err10 = {instancePath:instancePath+"/saved_at",schemaPath:"#/properties/saved_at/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.run !== undefined){
if(!(validate21(data.run, {instancePath:instancePath+"/run",parentData:data,parentDataProperty:"run",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
errors = vErrors.length;
}
}
if(data.requests !== undefined){
let data3 = data.requests;
if(Array.isArray(data3)){
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
if(!(validate27(data3[i0], {instancePath:instancePath+"/requests/" + i0,parentData:data3,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate27.errors : vErrors.concat(validate27.errors);
errors = vErrors.length;
}
}
}
else {
const err11 = {instancePath:instancePath+"/requests",schemaPath:"#/properties/requests/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.operations !== undefined){
let data5 = data.operations;
if(Array.isArray(data5)){
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
if(!(validate34(data5[i1], {instancePath:instancePath+"/operations/" + i1,parentData:data5,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate34.errors : vErrors.concat(validate34.errors);
errors = vErrors.length;
}
}
}
else {
const err12 = {instancePath:instancePath+"/operations",schemaPath:"#/properties/operations/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.console !== undefined){
let data7 = data.console;
if(Array.isArray(data7)){
const len2 = data7.length;
for(let i2=0; i2<len2; i2++){
if(!(validate45(data7[i2], {instancePath:instancePath+"/console/" + i2,parentData:data7,parentDataProperty:i2,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate45.errors : vErrors.concat(validate45.errors);
errors = vErrors.length;
}
}
}
else {
const err13 = {instancePath:instancePath+"/console",schemaPath:"#/properties/console/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.pages !== undefined){
let data9 = data.pages;
if(Array.isArray(data9)){
const len3 = data9.length;
for(let i3=0; i3<len3; i3++){
if(!(validate48(data9[i3], {instancePath:instancePath+"/pages/" + i3,parentData:data9,parentDataProperty:i3,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate48.errors : vErrors.concat(validate48.errors);
errors = vErrors.length;
}
}
}
else {
const err14 = {instancePath:instancePath+"/pages",schemaPath:"#/properties/pages/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.extension_version !== undefined){
let data11 = data.extension_version;
if((typeof data11 !== "string") && (data11 !== null)){
const err15 = {instancePath:instancePath+"/extension_version",schemaPath:"#/properties/extension_version/type",keyword:"type",params:{type: schema31.properties.extension_version.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.user_agent !== undefined){
let data12 = data.user_agent;
if((typeof data12 !== "string") && (data12 !== null)){
const err16 = {instancePath:instancePath+"/user_agent",schemaPath:"#/properties/user_agent/type",keyword:"type",params:{type: schema31.properties.user_agent.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.summary !== undefined){
let data13 = data.summary;
const _errs23 = errors;
let valid9 = false;
const _errs24 = errors;
if(!(validate51(data13, {instancePath:instancePath+"/summary",parentData:data,parentDataProperty:"summary",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate51.errors : vErrors.concat(validate51.errors);
errors = vErrors.length;
}
var _valid0 = _errs24 === errors;
valid9 = valid9 || _valid0;
if(_valid0){
var props0 = {};
props0.requests = true;
props0.routes = true;
props0.other = true;
props0.untracked = true;
}
const _errs25 = errors;
if(data13 !== null){
const err17 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var _valid0 = _errs25 === errors;
valid9 = valid9 || _valid0;
if(!valid9){
const err18 = {instancePath:instancePath+"/summary",schemaPath:"#/properties/summary/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
else {
errors = _errs23;
if(vErrors !== null){
if(_errs23){
vErrors.length = _errs23;
}
else {
vErrors = null;
}
}
}
}
if(data.slice !== undefined){
let data14 = data.slice;
const _errs28 = errors;
let valid10 = false;
const _errs29 = errors;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.requests_left_out === undefined){
const err19 = {instancePath:instancePath+"/slice",schemaPath:"#/$defs/SliceInfo/required",keyword:"required",params:{missingProperty: "requests_left_out"},message:"must have required property '"+"requests_left_out"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data14.console_left_out === undefined){
const err20 = {instancePath:instancePath+"/slice",schemaPath:"#/$defs/SliceInfo/required",keyword:"required",params:{missingProperty: "console_left_out"},message:"must have required property '"+"console_left_out"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data14.bodies_left_out === undefined){
const err21 = {instancePath:instancePath+"/slice",schemaPath:"#/$defs/SliceInfo/required",keyword:"required",params:{missingProperty: "bodies_left_out"},message:"must have required property '"+"bodies_left_out"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data14.requests_left_out !== undefined){
let data15 = data14.requests_left_out;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err22 = {instancePath:instancePath+"/slice/requests_left_out",schemaPath:"#/$defs/SliceInfo/properties/requests_left_out/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 < 0 || isNaN(data15)){
const err23 = {instancePath:instancePath+"/slice/requests_left_out",schemaPath:"#/$defs/SliceInfo/properties/requests_left_out/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
if(data14.console_left_out !== undefined){
let data16 = data14.console_left_out;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err24 = {instancePath:instancePath+"/slice/console_left_out",schemaPath:"#/$defs/SliceInfo/properties/console_left_out/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 0 || isNaN(data16)){
const err25 = {instancePath:instancePath+"/slice/console_left_out",schemaPath:"#/$defs/SliceInfo/properties/console_left_out/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
if(data14.bodies_left_out !== undefined){
let data17 = data14.bodies_left_out;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err26 = {instancePath:instancePath+"/slice/bodies_left_out",schemaPath:"#/$defs/SliceInfo/properties/bodies_left_out/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 < 0 || isNaN(data17)){
const err27 = {instancePath:instancePath+"/slice/bodies_left_out",schemaPath:"#/$defs/SliceInfo/properties/bodies_left_out/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
}
else {
const err28 = {instancePath:instancePath+"/slice",schemaPath:"#/$defs/SliceInfo/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var _valid1 = _errs29 === errors;
valid10 = valid10 || _valid1;
if(_valid1){
var props1 = {};
props1.requests_left_out = true;
props1.console_left_out = true;
props1.bodies_left_out = true;
}
const _errs38 = errors;
if(data14 !== null){
const err29 = {instancePath:instancePath+"/slice",schemaPath:"#/properties/slice/anyOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
var _valid1 = _errs38 === errors;
valid10 = valid10 || _valid1;
if(!valid10){
const err30 = {instancePath:instancePath+"/slice",schemaPath:"#/properties/slice/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
else {
errors = _errs28;
if(vErrors !== null){
if(_errs28){
vErrors.length = _errs28;
}
else {
vErrors = null;
}
}
}
}
if(data.problems !== undefined){
let data18 = data.problems;
if((!(Array.isArray(data18))) && (data18 !== null)){
const err31 = {instancePath:instancePath+"/problems",schemaPath:"#/properties/problems/type",keyword:"type",params:{type: schema31.properties.problems.type},message:"must be array,null"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(Array.isArray(data18)){
const len4 = data18.length;
for(let i4=0; i4<len4; i4++){
if(!(validate56(data18[i4], {instancePath:instancePath+"/problems/" + i4,parentData:data18,parentDataProperty:i4,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate56.errors : vErrors.concat(validate56.errors);
errors = vErrors.length;
}
}
}
}
}
else {
const err32 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}
validate20.evaluated = {"props":{"version":true,"saved_at":true,"run":true,"requests":true,"operations":true,"console":true,"pages":true,"extension_version":true,"user_agent":true,"summary":true,"slice":true,"problems":true},"dynamicProps":false,"dynamicItems":false};
