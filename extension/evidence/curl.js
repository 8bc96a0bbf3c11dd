// @ts-check
// A request as a cURL command, from what the record retained: the headers as sent (ExtraInfo
// when present) and the request body. Redacted values stay the redaction marks; nothing is
// filled in. Pure functions.

/** HTTP/2 pseudo-headers and headers curl computes itself. */
const SKIPPED = new Set(['content-length', 'host', 'connection']);

/** A shell word in single quotes, whatever it contains. */
export function shellWord(/** @type {string} */ text) {
  return `'${String(text).replaceAll("'", `'\\''`)}'`;
}

/** Content codings curl can ask for and decode with `--compressed`. */
const COMPRESSED = /\b(gzip|br|deflate|zstd)\b/i;

/**
 * `curl '<url>' -X POST -H 'name: value' … --data-raw '<body>'`, one option a line. A request
 * that accepted compressed responses gets `--compressed` in place of its Accept-Encoding: curl
 * then asks for the codings it can decode and decodes the answer (kept, a coding curl lacks,
 * such as zstd in many builds, would come back as bytes it cannot read).
 * @param {any} r a request of the export document
 */
export function curlOf(r) {
  const lines = [`curl ${shellWord(r.url)}`];
  if (r.method && r.method !== 'GET') lines.push(`-X ${r.method}`);
  const headers = (r.request_headers_raw ?? r.request_headers)?.entries ?? [];
  let compressed = false;
  for (const [name, value] of headers) {
    if (name.startsWith(':') || SKIPPED.has(name.toLowerCase())) continue;
    if (name.toLowerCase() === 'accept-encoding' && COMPRESSED.test(value)) {
      compressed = true;
      continue;
    }
    lines.push(`-H ${shellWord(`${name}: ${value}`)}`);
  }
  if (compressed) lines.push('--compressed');
  const body = r.request_body;
  if (body && typeof body.text === 'string' && body.text !== '') {
    lines.push(`--data-raw ${shellWord(body.text)}`);
  }
  return lines.join(' \\\n  ');
}

/**
 * What the command leaves out, for a note beside it: a body not kept whole.
 * @param {any} r
 */
export function curlCaveats(r) {
  const body = r.request_body;
  const notes = [];
  if (body && body.state && body.state !== 'available' && body.state !== 'empty') {
    notes.push(`the request body is ${String(body.state).replaceAll('_', ' ')}: the command carries ${typeof body.text === 'string' && body.text ? 'only the part retained' : 'no body'}`);
  }
  return notes;
}
