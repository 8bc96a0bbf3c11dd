// @ts-check
// "portable JSON export": the document exactly as last checkpointed, downloaded as a file.

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
 * Downloads one record's export document.
 * @param {import('../lib/history.js').History} history
 * @param {{ name?: string | null, run_id: string }} meta
 */
export async function downloadRecord(history, meta) {
  const json = await history.exportJson(meta.run_id);
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(meta);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy by the time the click returns; a minute is generous.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
