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
