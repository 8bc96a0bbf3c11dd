// @ts-check
// Importing exported files into this browser's history: the "Import JSON…" button with its file
// picker, files dropped on the history page, and a live region that reports each file. The
// checks themselves are History.importDocument's (schema, version, run already present).

import { CHANGES_CHANNEL, HISTORY_MAX_BYTES, HISTORY_MAX_RECORDS } from '../lib/constants.js';
import { h, replace } from './dom.js';
import { bytes, plural } from './format.js';
import { hashOf } from './route.js';

/**
 * @typedef {import('../lib/history.js').History} History
 * @typedef {{ ok: true, name: string, title: string, run_id: string, requests: number, evicted: string[] }
 *   | { ok: false, name: string, message: string, problems?: string[] }} ImportResult
 */

/**
 * Reads, parses and imports one file. Never throws: every refusal is a result.
 * @param {History} history
 * @param {File} file
 * @returns {Promise<ImportResult>}
 */
export async function importFile(history, file) {
  const name = file.name || 'the file';
  // History keeps 50 MiB in all: a larger file could never be kept, so it is not even read.
  if (file.size > HISTORY_MAX_BYTES) {
    return { ok: false, name, message: `${name} is ${bytes(file.size)}, larger than history's ${bytes(HISTORY_MAX_BYTES)} total; nothing was changed` };
  }
  let text;
  try {
    text = await file.text();
  } catch (e) {
    return { ok: false, name, message: `${name} could not be read: ${/** @type {Error} */ (e).message}` };
  }
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { ok: false, name, message: `${name} is not JSON: ${/** @type {Error} */ (e).message}` };
  }
  try {
    const ack = await history.importDocument(doc, { fileName: name });
    return { ok: true, name, title: ack.name || ack.run_id, run_id: ack.run_id, requests: ack.requests, evicted: ack.evicted };
  } catch (e) {
    const error = /** @type {Error & { problems?: string[] }} */ (e);
    return { ok: false, name, message: `${name}: ${error.message}`, problems: error.problems };
  }
}

/**
 * The import button, its hidden file picker and the live region reporting each file.
 * `onImported` runs once per batch that imported anything, with the run ids imported.
 */
export class ImportControl {
  /**
   * @param {History} history
   * @param {(runIds: string[]) => void} onImported
   */
  constructor(history, onImported) {
    this.history = history;
    this.onImported = onImported;
    /** One batch at a time: files chosen while one runs wait for it. */
    this.queue = Promise.resolve();
    this.input = h('input', {
      type: 'file', accept: 'application/json,.json', multiple: true, hidden: true, id: 'import-file',
      onchange: () => {
        const files = [...(this.input.files ?? [])];
        // Cleared so that choosing the same file again is a new change.
        this.input.value = '';
        this.importFiles(files);
      },
    });
    this.button = h('button', {
      type: 'button', class: 'import-button', 'aria-describedby': 'import-hint',
      onclick: () => this.input.click(),
    }, 'Import JSON…');
    this.results = h('div', { class: 'import-results', id: 'import-results', role: 'status', 'aria-live': 'polite' });
  }

  /**
   * Imports files one after another, reporting each as it is done.
   * @param {File[]} files
   * @returns {Promise<ImportResult[]>}
   */
  importFiles(files) {
    const run = this.queue.then(() => this.importBatch(files));
    this.queue = run.then(() => {}, () => {});
    return run;
  }

  /** @param {File[]} files */
  async importBatch(files) {
    if (files.length === 0) return [];
    // History keeps 50 records: more files than that in one go would evict each other.
    const taken = files.slice(0, HISTORY_MAX_RECORDS);
    replace(this.results);
    /** @type {ImportResult[]} */
    const results = [];
    for (const file of taken) {
      const result = await importFile(this.history, file);
      results.push(result);
      this.results.append(resultLine(result));
    }
    if (files.length > taken.length) {
      this.results.append(h('p', { class: 'import-result refused' },
        `Not imported: ${plural(files.length - taken.length, 'more file')}. History keeps ${HISTORY_MAX_RECORDS} records, so at most ${HISTORY_MAX_RECORDS} files are imported at a time.`));
    }
    const imported = results.flatMap((r) => (r.ok ? [r] : []));
    if (imported.length > 0) {
      // Other open evidence pages (and popups) re-read their lists.
      const channel = new BroadcastChannel(CHANGES_CHANNEL);
      for (const r of imported) channel.postMessage({ type: 'saved', run_id: r.run_id, evicted: r.evicted });
      channel.close();
      this.onImported(imported.map((r) => r.run_id));
    }
    return results;
  }
}

/** @param {ImportResult} result */
function resultLine(result) {
  if (result.ok) {
    const evicted = result.evicted.length
      ? ` Retention removed ${plural(result.evicted.length, 'older record')} to stay within ${HISTORY_MAX_RECORDS} records / ${bytes(HISTORY_MAX_BYTES)}.`
      : '';
    return h('p', { class: 'import-result imported' },
      `Imported ${result.name} (${plural(result.requests, 'request')}).${evicted} `,
      h('a', { href: `evidence.html${hashOf({ run: result.run_id })}` }, `Open “${result.title}”`));
  }
  // Schema problems are listed one per line, each with its JSON pointer.
  const problems = result.problems?.length && result.problems[0].startsWith('/') ? result.problems : null;
  return h('div', { class: 'import-result refused' },
    h('p', null, h('strong', null, 'Not imported: '),
      problems ? `${result.name} is not a valid bsk export document (version 1); nothing was changed.` : result.message),
    problems ? h('ul', null, problems.map((p) => h('li', { class: 'value' }, p))) : null);
}

/**
 * Files dragged over the page: while dragging, `zone` is shown; a drop imports the files.
 * Only drags that carry files are taken (text or links dragged inside the page are not).
 * @param {HTMLElement} zone shown (its `hidden` removed) while files are over the page
 * @param {(files: File[]) => void} onFiles
 * @returns {() => void} removes the listeners
 */
export function acceptDrops(zone, onFiles) {
  let depth = 0;
  const hasFiles = (/** @type {DragEvent} */ e) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');
  const show = (/** @type {boolean} */ on) => { zone.hidden = !on; };
  /** @type {[string, (e: DragEvent) => void][]} */
  const listeners = [
    ['dragenter', (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth += 1;
      show(true);
    }],
    ['dragover', (e) => {
      if (!hasFiles(e)) return;
      // Without this the browser would open the file instead of dropping it here.
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
      show(true);
    }],
    ['dragleave', (e) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      // Leaving the window says relatedTarget null; nested elements balance enter and leave.
      if (depth === 0 || e.relatedTarget === null) {
        depth = 0;
        show(false);
      }
    }],
    ['drop', (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      show(false);
      onFiles([...(e.dataTransfer?.files ?? [])]);
    }],
  ];
  for (const [type, listener] of listeners) document.addEventListener(type, /** @type {EventListener} */ (listener));
  return () => {
    for (const [type, listener] of listeners) document.removeEventListener(type, /** @type {EventListener} */ (listener));
    show(false);
  };
}
