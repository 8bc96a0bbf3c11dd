// @ts-check
// History search: "Users can search records" by name, URL, state and text in retained evidence.

/** @param {string} query */
export function terms(query) {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Whether every term is in the record's metadata (name, page URL, state, stop reason, run id,
 * and for an imported record the word "imported" and its file name).
 * @param {import('./record.js').RecordMeta} meta
 * @param {string[]} words
 */
export function metaMatches(meta, words) {
  const imported = meta.imported ? `imported ${meta.imported.file_name}` : null;
  const hay = [meta.name, meta.url, meta.state, meta.stop_reason?.kind, meta.run_id, meta.session, imported]
    .filter(Boolean).join(' ').toLowerCase();
  return words.every((w) => hay.includes(w));
}

/**
 * Whether every term is somewhere in the record: its metadata or retained evidence (request
 * URLs, statuses, headers and bodies, console text, operations, page text and fields).
 * @param {import('./record.js').RecordMeta} meta
 * @param {import('./record.js').ExportDocument} doc
 * @param {string[]} words
 */
export function recordMatches(meta, doc, words) {
  const missing = words.filter((w) => !metaMatches(meta, [w]));
  if (missing.length === 0) return true;
  const text = valuesOf([doc.requests, doc.console, doc.operations, doc.pages]).join('\n').toLowerCase();
  return missing.every((w) => text.includes(w));
}

/**
 * Every string and number in a value, without the field names: a search for `state` finds
 * records that say it, not every record that has the field.
 * @param {unknown} value
 * @param {string[]} [out]
 */
function valuesOf(value, out = []) {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const item of value) valuesOf(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) valuesOf(item, out);
  return out;
}

// Search inside one record: the semantics of `bsk debug search` (`actors/src/store/search.rs`),
// run against the same fixture table (`schema/fixtures/search/cases.json`).

/** Characters of context either side of a match in a snippet. */
const SNIPPET_CONTEXT = 40;
/** A longer query is refused: searches are for needles, not programs. */
const MAX_QUERY_CHARS = 1024;

/**
 * @typedef {'url' | 'headers' | 'request' | 'response' | 'console' | 'pages'} SearchScope
 * @typedef {'url' | 'request_headers' | 'response_headers' | 'request_body' | 'response_body'
 *   | 'console_text' | 'console_url' | 'page_url' | 'page_text'} SearchPart
 * @typedef {{ part: SearchPart, offset: number, length: number, snippet: string }} SearchHit
 *   `offset` and `length` in UTF-16 units (JavaScript string indices); for headers, in the
 *   `name: value` line.
 * @typedef {{ kind: 'request' | 'console' | 'page' | 'operation', id: string, revision: number,
 *   label: string, hits: SearchHit[], matches: number }} SearchItem
 *   At most one hit per part (its first match); `matches` counts every match in the record.
 *   No item is of kind `operation` today (as in `bsk debug search`); the kind is reserved.
 */

/**
 * Records of an export document with matches, in revision order: requests (URL, headers, request
 * and response bodies), console entries (text and source URL) and pages (URL and observed text).
 * Plain text matches case-insensitively; with `regex` the query is a JavaScript regular
 * expression (case-sensitive; a leading `(?i)`, as the CLI accepts, makes it case-insensitive).
 * Throws an Error saying why for an empty, overlong or invalid query.
 * @param {any} record an export document, version 1
 * @param {string} query
 * @param {{ regex?: boolean, scopes?: SearchScope[] }} [options] where to look (default everywhere)
 * @returns {{ items: SearchItem[] }}
 */
export function searchRecord(record, query, { regex = false, scopes = [] } = {}) {
  const pattern = compile(query, regex);
  const looksIn = (/** @type {SearchScope} */ scope) => scopes.length === 0 || scopes.includes(scope);
  /** @type {SearchItem[]} */
  const items = [];
  for (const r of record.requests ?? []) {
    const found = new Found();
    if (looksIn('url')) found.add(find(pattern, 'url', r.url));
    if (looksIn('headers')) {
      found.add(findInHeaders(pattern, 'request_headers', r.request_headers_raw ?? r.request_headers));
      found.add(findInHeaders(pattern, 'response_headers', r.response_headers_raw ?? r.response_headers));
    }
    if (looksIn('request') && typeof r.request_body?.text === 'string') found.add(find(pattern, 'request_body', r.request_body.text));
    if (looksIn('response') && typeof r.response_body?.text === 'string') found.add(find(pattern, 'response_body', r.response_body.text));
    found.push(items, 'request', r.id, r.revision, `${r.method} ${r.status ?? r.state} ${r.url}`);
  }
  if (looksIn('console')) {
    for (const entry of record.console ?? []) {
      const found = new Found();
      found.add(find(pattern, 'console_text', entry.text));
      if (typeof entry.url === 'string') found.add(find(pattern, 'console_url', entry.url));
      found.push(items, 'console', entry.id, entry.revision, `${entry.level} ${firstChars(entry.text, 80)}`);
    }
  }
  if (looksIn('pages')) {
    for (const page of record.pages ?? []) {
      const found = new Found();
      found.add(find(pattern, 'page_url', page.url));
      if (page.observation) found.add(find(pattern, 'page_text', page.observation.text));
      found.push(items, 'page', page.id, page.revision, page.url);
    }
  }
  items.sort((a, b) => a.revision - b.revision);
  return { items };
}

/**
 * @param {string} query
 * @param {boolean} regex
 */
function compile(query, regex) {
  if (query === '') throw new Error('the query is empty');
  if ([...query].length > MAX_QUERY_CHARS) throw new Error(`the query is longer than ${MAX_QUERY_CHARS} characters`);
  if (!regex) return new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
  const insensitive = query.startsWith('(?i)');
  try {
    return new RegExp(insensitive ? query.slice(4) : query, insensitive ? 'giu' : 'gu');
  } catch (e) {
    throw new Error(`not a valid regular expression: ${/** @type {Error} */ (e).message}`);
  }
}

/** A record's hits as they accumulate. */
class Found {
  constructor() {
    /** @type {SearchHit[]} */
    this.hits = [];
    this.matches = 0;
  }

  /** @param {[SearchHit, number] | undefined} found */
  add(found) {
    if (!found) return;
    this.hits.push(found[0]);
    this.matches += found[1];
  }

  /**
   * @param {SearchItem[]} items
   * @param {SearchItem['kind']} kind
   * @param {string} id
   * @param {number} revision
   * @param {string} label
   */
  push(items, kind, id, revision, label) {
    if (this.hits.length > 0) items.push({ kind, id, revision, label, hits: this.hits, matches: this.matches });
  }
}

/**
 * The first match in `text` as a hit, and how many matches it holds.
 * @param {RegExp} pattern
 * @param {SearchPart} part
 * @param {string} text
 * @returns {[SearchHit, number] | undefined}
 */
function find(pattern, part, text) {
  let first;
  let count = 0;
  for (const m of text.matchAll(pattern)) {
    if (m[0] === '') continue;
    count += 1;
    first ??= m;
  }
  if (!first) return undefined;
  const start = /** @type {number} */ (first.index);
  const end = start + first[0].length;
  return [{ part, offset: start, length: first[0].length, snippet: snippet(text, start, end) }, count];
}

/**
 * @param {RegExp} pattern
 * @param {SearchPart} part
 * @param {{ entries: [string, string][] } | undefined} headers
 * @returns {[SearchHit, number] | undefined}
 */
function findInHeaders(pattern, part, headers) {
  /** @type {[SearchHit, number] | undefined} */
  let found;
  for (const [name, value] of headers?.entries ?? []) {
    const hit = find(pattern, part, `${name}: ${value}`);
    if (hit) found = found ? [found[0], found[1] + hit[1]] : hit;
  }
  return found;
}

/**
 * The match with up to SNIPPET_CONTEXT characters either side, on one line, `…` where cut.
 * @param {string} text
 * @param {number} start
 * @param {number} end
 */
function snippet(text, start, end) {
  const head = text.slice(0, start);
  const before = [...head].slice(-SNIPPET_CONTEXT).join('');
  const matched = [...text.slice(start, end)].slice(0, 2 * SNIPPET_CONTEXT).join('');
  const after = [...text.slice(end)].slice(0, SNIPPET_CONTEXT).join('');
  const lead = before.length < head.length ? '…' : '';
  const tail = end + after.length < text.length ? '…' : '';
  const oneLine = (/** @type {string} */ s) => s.replace(/[\n\r\t]/g, ' ');
  return `${lead}${oneLine(before)}${oneLine(matched)}${oneLine(after)}${tail}`;
}

/**
 * The first line's first `n` characters, `…` when anything was cut.
 * @param {string} text
 * @param {number} n
 */
function firstChars(text, n) {
  const newline = text.indexOf('\n');
  let line = newline < 0 ? text : text.slice(0, newline);
  if (newline >= 0 && line.endsWith('\r')) line = line.slice(0, -1);
  const cut = [...line].slice(0, n).join('');
  return cut.length < text.length ? `${cut}…` : cut;
}
