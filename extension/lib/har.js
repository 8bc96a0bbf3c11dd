// @ts-check
// An export document (version 1) as HAR 1.2, for the network viewers people already use: the
// twin of bsk's Rust HAR writer (`actors/src/model/har.rs`). Both run the fixture table in
// `schema/fixtures/` (records and the HAR each must give), so the evidence page's "Export HAR"
// and `bsk debug export --format har` write the same document for the same record.
//
// A pure function of one record: the same requests, the same redaction (a record holds only
// redacted text), nothing read again from anywhere.

/**
 * @typedef {{ entries: [string, string][] }} Headers
 * @typedef {Record<string, any>} Json
 */

/**
 * The HAR of one export document.
 * @param {Json} record an export document, version 1
 * @param {{ creatorVersion?: string }} [options] the writer's version (`log.creator.version`)
 * @returns {Json}
 */
export function harFromRecord(record, { creatorVersion = 'extension' } = {}) {
  const requests = /** @type {Json[]} */ (record.requests ?? []);
  const runId = record.run.run_id;
  /** @type {Map<string, Json>} */
  const nextHop = new Map();
  for (const r of requests) if (r.redirect_from != null) nextHop.set(r.redirect_from, r);
  /** @type {Map<string, string[]>} */
  const operationsOf = new Map();
  for (const operation of record.operations ?? []) {
    const windows = operation.windows;
    if (!windows) continue;
    for (const id of [...windows.immediate.requests, ...windows.possibly_related.requests]) {
      const list = operationsOf.get(id) ?? [];
      list.push(operation.id);
      operationsOf.set(id, list);
    }
  }
  const pages = (record.pages ?? []).map((/** @type {Json} */ page) => /** @type {[number, Json]} */ ([pageStart(page, requests), page]));
  const entries = requests.map((r) => {
    let best = /** @type {[number, Json] | undefined} */ (undefined);
    // The latest page that began by the request's start; of equal starts, the last listed.
    for (const candidate of pages) {
      if (candidate[0] <= r.started_at && (!best || candidate[0] >= best[0])) best = candidate;
    }
    const ops = operationsOf.get(r.id) ?? [];
    operationsOf.delete(r.id);
    return entry(r, runId, best?.[1].id, nextHop.get(r.id), ops);
  });
  const browserInfo = record.user_agent != null ? browser(record.user_agent) : undefined;
  return clean({
    log: {
      version: '1.2',
      creator: { name: 'bsk', version: creatorVersion },
      browser: browserInfo,
      pages: pages.map((/** @type {[number, Json]} */ [start, page]) => ({
        startedDateTime: iso8601(start),
        id: page.id,
        // The page's title when an observation read it, else its URL (as the Rust writer does).
        title: page.observation?.title || page.url,
        pageTimings: {
          onContentLoad: since(start, page.dom_content_loaded_at),
          onLoad: since(start, page.loaded_at),
        },
      })),
      entries,
      comment: record.run.name ?? undefined,
      _runId: runId,
      _requestsEvicted: record.run.counters.requests_evicted,
    },
  });
}

/**
 * When a page load began: its commit, or earlier when its document request (and that request's
 * redirect hops) started before.
 * @param {Json} page
 * @param {Json[]} requests
 */
function pageStart(page, requests) {
  let document;
  for (let i = requests.length - 1; i >= 0; i -= 1) {
    const r = requests[i];
    if (r.resource_type === 'Document' && r.url === page.url && r.started_at <= page.at && page.at - r.started_at < 60_000) {
      document = r;
      break;
    }
  }
  let start = page.at;
  let hop = document;
  while (hop) {
    start = Math.min(start, hop.started_at);
    const from = hop.redirect_from;
    hop = from != null ? requests.find((r) => r.id === from) : undefined;
  }
  return start;
}

/**
 * @param {number} start
 * @param {number | null | undefined} at
 */
function since(start, at) {
  return at == null ? -1 : Math.max(0, at - start);
}

/**
 * `{name: "Chromium", version}` from a Chrome user agent.
 * @param {string} userAgent
 */
function browser(userAgent) {
  const at = userAgent.indexOf('Chrome/');
  if (at < 0) return undefined;
  return { name: 'Chromium', version: userAgent.slice(at + 'Chrome/'.length).split(' ')[0] };
}

/**
 * @param {Json} record
 * @param {string} runId
 * @param {string | undefined} pageref
 * @param {Json | undefined} nextHop
 * @param {string[]} operations
 */
function entry(record, runId, pageref, nextHop, operations) {
  const t = timings(record);
  /** @type {Headers} */
  const requestHeaders = record.request_headers_raw ?? record.request_headers;
  /** @type {Headers} */
  const responseHeaders = record.response_headers_raw ?? record.response_headers;
  const isRedirect = record.status != null && record.status >= 300 && record.status < 400;
  const redirectURL = !isRedirect ? '' : nextHop ? uri(nextHop.url) : (header(responseHeaders, 'location') ?? '');
  const responseHeadersSize = record.response_headers_size ?? undefined;
  // At least the headers: Chrome counts a CORS preflight's bytes as 0 when it finishes.
  const transferSize = record.encoded_data_length != null && Number.isFinite(record.encoded_data_length) && record.encoded_data_length >= 0
    ? Math.max(roundHalfAway(record.encoded_data_length), responseHeadersSize ?? 0)
    : undefined;
  return {
    pageref,
    startedDateTime: iso8601(record.started_at),
    time: [t.blocked, t.dns, t.connect, t.send, t.wait, t.receive].filter((ms) => ms >= 0).reduce((a, b) => a + b, 0),
    request: {
      method: record.method,
      url: uri(record.url),
      httpVersion: record.protocol ?? '',
      cookies: headerValues(requestHeaders, 'cookie').flatMap(requestCookies),
      headers: nameValues(requestHeaders),
      queryString: queryString(record.url),
      postData: postData(record, requestHeaders),
      headersSize: -1,
      bodySize: record.request_body.state === 'empty' ? 0
        : record.request_body.state === 'available' ? utf8Length(record.request_body.text ?? '')
          : -1,
    },
    response: {
      status: record.status ?? 0,
      statusText: record.status_text ?? '',
      httpVersion: record.protocol ?? '',
      cookies: headerValues(responseHeaders, 'set-cookie')
        .flatMap((value) => value.split('\n'))
        .map(responseCookie)
        .filter((c) => c !== undefined),
      headers: nameValues(responseHeaders),
      content: content(record, responseHeaders),
      redirectURL,
      headersSize: responseHeadersSize ?? -1,
      bodySize: responseBodySize(record, transferSize, responseHeadersSize),
      _transferSize: transferSize,
      _error: record.state === 'failed' ? (record.failure ?? undefined) : undefined,
    },
    cache: {},
    timings: t,
    serverIPAddress: record.remote_ip ?? undefined,
    connection: record.remote_port != null ? String(record.remote_port) : undefined,
    _id: `${runId}/${record.id}`,
    _resourceType: record.resource_type != null ? devtoolsType(record.resource_type) : undefined,
    _initiator: record.initiator != null ? chromeInitiator(record.initiator) : undefined,
    _target: record.target_id,
    _frame: record.frame_id ?? undefined,
    _fromCache: record.from_cache ?? false,
    _fromServiceWorker: record.from_service_worker ?? false,
    _operations: operations,
    _redirectFrom: record.redirect_from != null ? `${runId}/${record.redirect_from}` : undefined,
    _requestBody: bodyState(record.request_body),
    _responseBody: bodyState(record.response_body),
  };
}

/**
 * The response body's bytes on the wire: none for an empty body or one the cache served, the
 * bytes received less the headers' when the browser counted both, else not known (-1).
 * @param {Json} record
 * @param {number | undefined} transfer
 * @param {number | undefined} headers
 */
function responseBodySize(record, transfer, headers) {
  if (record.response_body.state === 'empty' || record.from_cache) return 0;
  if (transfer !== undefined && headers !== undefined && transfer >= headers) return transfer - headers;
  return -1;
}

/**
 * A recorded URL as a valid URI: `[` and `]` escaped outside the host.
 * @param {string} url
 */
export function uri(url) {
  const scheme = url.indexOf('://');
  let hostEnd = 0;
  if (scheme >= 0) {
    const rest = scheme + 3;
    const tail = url.slice(rest).search(/[/?#]/);
    hostEnd = tail < 0 ? url.length : rest + tail;
  }
  return url.slice(0, hostEnd) + url.slice(hostEnd).replaceAll('[', '%5B').replaceAll(']', '%5D');
}

/**
 * DevTools' resource type names for Chrome's protocol names.
 * @param {string} kind
 */
function devtoolsType(kind) {
  switch (kind) {
    case 'SignedExchange': return 'signed-exchange';
    case 'CSPViolationReport': return 'csp-violation-report';
    case 'TextTrack': return 'texttrack';
    case 'EventSource': return 'eventsource';
    case 'WebSocket': return 'websocket';
    default: return asciiLower(kind);
  }
}

/** @param {Json} body */
function bodyState(body) {
  return { state: body.state, reason: body.reason ?? undefined, binary: body.binary ?? undefined };
}

/**
 * Only retained text that is the body itself: complete or cut at a bound.
 * @param {Json} body
 * @returns {string | undefined}
 */
function retainedText(body) {
  return body.state === 'available' || body.state === 'truncated' ? (body.text ?? undefined) : undefined;
}

/**
 * The response body: its retained text, and its size as retained, or else as the server declared
 * it (`Content-Length`).
 * @param {Json} record
 * @param {Headers} headers
 */
function content(record, headers) {
  const body = record.response_body;
  const retained = body.binary != null ? body.binary.bytes : (body.original_units ?? body.units ?? 0);
  const declaredText = mapDefined(header(headers, 'content-length'), rustTrim);
  const declared = declaredText !== undefined && /^\+?\d+$/.test(declaredText) ? Number(declaredText) : undefined;
  const size = retained === 0 && declared !== undefined ? declared : retained;
  return {
    size,
    mimeType: record.mime_type ?? body.mime_type ?? '',
    text: retainedText(body),
    encoding: undefined,
  };
}

/**
 * @param {Json} record
 * @param {Headers} headers
 */
function postData(record, headers) {
  const body = record.request_body;
  if (body.state === 'empty') return undefined;
  const mimeType = header(headers, 'content-type') ?? body.mime_type ?? '';
  const text = retainedText(body);
  if (body.parts != null) {
    return {
      mimeType,
      params: nonEmpty(body.parts.map((/** @type {Json} */ part) => ({
        name: part.name ?? '',
        value: part.value ?? '',
        fileName: part.filename ?? undefined,
        contentType: part.content_type ?? undefined,
      }))),
      text: undefined,
    };
  }
  const form = text !== undefined && body.state === 'available'
    && asciiLower(mimeType).startsWith('application/x-www-form-urlencoded');
  const params = form ? pairs(/** @type {string} */ (text), true).map(([name, value]) => ({ name, value })) : [];
  return { mimeType, params: params.length > 0 ? params : undefined, text };
}

/**
 * Chrome's HAR initiator shape (`lineNumber`), from bsk's `{type, url?, line?}`.
 * @param {Json} initiator
 */
function chromeInitiator(initiator) {
  /** @type {Json} */
  const out = { type: initiator.type ?? null };
  if ('url' in initiator) out.url = initiator.url;
  if ('line' in initiator) out.lineNumber = initiator.line;
  return out;
}

/**
 * HAR timings from Chrome's `ResourceTiming`; without one the whole duration is `wait`.
 * @param {Json} record
 */
function timings(record) {
  const duration = record.ended_at != null ? Math.max(0, record.ended_at - record.started_at) : 0;
  const timing = record.timing;
  if (timing == null) {
    return { blocked: -1, dns: -1, connect: -1, send: 0, wait: duration, receive: 0, ssl: -1 };
  }
  const at = (/** @type {string} */ key) => (typeof timing[key] === 'number' ? timing[key] : -1);
  const span = (/** @type {number} */ start, /** @type {number} */ end) => (start >= 0 && end >= start ? round(end - start) : -1);
  const sendStart = at('sendStart');
  const sendEnd = at('sendEnd');
  const headersEnd = at('receiveHeadersEnd');
  const first = [at('dnsStart'), at('connectStart'), sendStart].find((ms) => ms >= 0);
  return {
    blocked: first === undefined ? -1 : round(first),
    dns: span(at('dnsStart'), at('dnsEnd')),
    connect: span(at('connectStart'), at('connectEnd')),
    send: Math.max(span(sendStart, sendEnd), 0),
    wait: Math.max(span(sendEnd, headersEnd), 0),
    receive: headersEnd >= 0 ? round(Math.max(duration - headersEnd, 0)) : 0,
    ssl: span(at('sslStart'), at('sslEnd')),
  };
}

/**
 * Three decimals, rounding halves away from zero as Rust's `f64::round` does.
 * @param {number} ms
 */
function round(ms) {
  return roundHalfAway(ms * 1000) / 1000;
}

/** @param {number} n */
function roundHalfAway(n) {
  return Math.sign(n) * Math.round(Math.abs(n));
}

/**
 * @param {Headers} headers
 * @param {string} name
 */
function header(headers, name) {
  return headerValues(headers, name)[0];
}

/**
 * @param {Headers} headers
 * @param {string} name
 */
function headerValues(headers, name) {
  const wanted = asciiLower(name);
  return headers.entries.filter(([n]) => asciiLower(n) === wanted).map(([, v]) => v);
}

/** @param {Headers} headers */
function nameValues(headers) {
  return headers.entries.map(([name, value]) => ({ name, value }));
}

/**
 * `a=1; b=2` as HAR cookies.
 * @param {string} value
 */
function requestCookies(value) {
  return value.split(';').flatMap((pair) => {
    const trimmed = rustTrim(pair);
    const eq = trimmed.indexOf('=');
    return eq < 0 ? [] : [cookie(trimmed.slice(0, eq), trimmed.slice(eq + 1))];
  });
}

/**
 * @param {string} name
 * @param {string} value
 * @returns {Json}
 */
function cookie(name, value) {
  return { name: rustTrim(name), value: rustTrim(value) };
}

/**
 * One `Set-Cookie` line: `name=value; Path=/; Domain=x; Expires=…; HttpOnly; Secure`.
 * @param {string} line
 */
function responseCookie(line) {
  const [first, ...attributes] = line.split(';');
  const eq = first.indexOf('=');
  if (eq < 0) return undefined;
  const out = cookie(first.slice(0, eq), first.slice(eq + 1));
  for (const attribute of attributes) {
    const at = attribute.indexOf('=');
    const key = rustTrim(at < 0 ? attribute : attribute.slice(0, at));
    const value = at < 0 ? '' : rustTrim(attribute.slice(at + 1));
    switch (asciiLower(key)) {
      case 'path': out.path = value; break;
      case 'domain': out.domain = value; break;
      case 'expires': out.expires = value; break;
      case 'httponly': out.httpOnly = true; break;
      case 'secure': out.secure = true; break;
      default: break;
    }
  }
  return out;
}

/** @param {string} url */
function queryString(url) {
  const q = url.indexOf('?');
  if (q < 0) return [];
  let query = url.slice(q + 1);
  const hash = query.indexOf('#');
  if (hash >= 0) query = query.slice(0, hash);
  return pairs(query, false).map(([name, value]) => ({ name, value }));
}

/**
 * `a=1&b=2`, percent-decoded (and `+` as space in form bodies).
 * @param {string} text
 * @param {boolean} form
 * @returns {[string, string][]}
 */
function pairs(text, form) {
  return text.split('&').filter((pair) => pair !== '').map((pair) => {
    const eq = pair.indexOf('=');
    const [name, value] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    return [decode(name, form), decode(value, form)];
  });
}

const HEX = /^[0-9a-fA-F]$/;

/**
 * Percent-decoding over UTF-8 bytes; bytes that are not UTF-8 become U+FFFD.
 * @param {string} text
 * @param {boolean} form
 */
function decode(text, form) {
  const bytes = new TextEncoder().encode(text);
  const out = [];
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i];
    if (byte === 0x25 && i + 2 < bytes.length
      && HEX.test(String.fromCharCode(bytes[i + 1])) && HEX.test(String.fromCharCode(bytes[i + 2]))) {
      out.push(parseInt(String.fromCharCode(bytes[i + 1], bytes[i + 2]), 16));
      i += 2;
    } else if (byte === 0x2b && form) {
      out.push(0x20);
    } else {
      out.push(byte);
    }
  }
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(out));
}

/**
 * @template T
 * @param {T[]} list
 */
function nonEmpty(list) {
  return list.length > 0 ? list : undefined;
}

/**
 * @template T, U
 * @param {T | undefined} value
 * @param {(value: T) => U} f
 */
function mapDefined(value, f) {
  return value === undefined ? undefined : f(value);
}

/** @param {string} text */
function utf8Length(text) {
  return new TextEncoder().encode(text).length;
}

/**
 * ASCII-only lower case, as Rust's `to_ascii_lowercase`.
 * @param {string} text
 */
function asciiLower(text) {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * Rust's `str::trim`: Unicode White_Space at both ends (JavaScript's `trim` also strips U+FEFF).
 * @param {string} text
 */
function rustTrim(text) {
  return text.replace(/^[\p{White_Space}]+|[\p{White_Space}]+$/gu, '');
}

/**
 * `2026-11-30T13:31:11.896Z` for ms since the Unix epoch.
 * @param {number} ms
 */
function iso8601(ms) {
  return new Date(ms).toISOString();
}

/**
 * The value without `undefined` members, as the Rust writer leaves absent fields out.
 * @template T
 * @param {T} value
 * @returns {T}
 */
function clean(value) {
  if (Array.isArray(value)) return /** @type {T} */ (value.map(clean));
  if (value && typeof value === 'object') {
    /** @type {Json} */
    const out = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = clean(item);
    return /** @type {T} */ (out);
  }
  return value;
}
