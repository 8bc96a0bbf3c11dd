// @ts-check
// "portable JSON export": the document as last checkpointed with its pictures inline (what
// `bsk debug export` writes), downloaded as a file; and the same record as HAR, which carries no
// pictures.

import { harFromRecord } from '../lib/har.js';

/**
 * `bsk-<name or "run">-<run id>.json`, with the name reduced to safe file-name characters.
 * @param {{ name?: string | null, run_id: string }} meta
 */
export function exportFileName(meta) {
  const slug = (meta.name ?? '').toLowerCase().normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 48);
  const run = meta.run_id.replace(/[^A-Za-z0-9._-]+/g, '_');
  return `bsk-${slug || 'run'}-${run}.json`;
}

/**
 * Downloads one record as HAR 1.2 (`bsk-<name>-<run>.har`), for the network viewers people
 * already use; the same writer rules as `bsk debug export --format har`.
 * @param {import('../lib/history.js').History} history
 * @param {{ name?: string | null, run_id: string }} meta
 */
export async function downloadHar(history, meta) {
  const record = await history.get(meta.run_id);
  if (!record) throw new Error(`no record ${meta.run_id} in history`);
  const har = harFromRecord(record.doc, { creatorVersion: chrome.runtime.getManifest().version });
  download(JSON.stringify(har, null, 2), exportFileName(meta).replace(/\.json$/, '.har'), 'application/json');
}

/**
 * Downloads one record's export document.
 * @param {import('../lib/history.js').History} history
 * @param {{ name?: string | null, run_id: string }} meta
 */
export async function downloadRecord(history, meta) {
  download(await history.exportJson(meta.run_id), exportFileName(meta), 'application/json');
}

/**
 * Saves text as a file through a download link.
 * @param {string} text
 * @param {string} name
 * @param {string} type
 */
function download(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy by the time the click returns; a minute is generous.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
