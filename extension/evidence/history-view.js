// @ts-check
// The history list: every record kept in this browser profile, newest first, with search,
// open, export, delete, and import of exported files (button or drop).

import { focusState, h, replace, restoreFocus } from './dom.js';
import { downloadRecord } from './export.js';
import { bytes, plural, recordState, stopReason, storedSize } from './format.js';
import { dateTime, timeZoneWords } from '../lib/time.js';
import { ImportControl, acceptDrops } from './import.js';
import { recordBytes } from '../lib/retention.js';
import { metaMatches, searchRecord, terms } from '../lib/search.js';
import { hashOf } from './route.js';
import { PART_WORDS } from './search-view.js';

/** Typing pauses this long before a search runs: a search may read every document. */
const SEARCH_DEBOUNCE_MS = 150;

/** @typedef {import('../lib/record.js').RecordMeta} RecordMeta */

export class HistoryView {
  /**
   * @param {HTMLElement} root
   * @param {import('../lib/history.js').History} history
   * @param {string} [query] a search to start with (`#q=`)
   */
  constructor(root, history, query = '') {
    this.root = root;
    this.history = history;
    this.query = query.trim();
    /** Bumped per search, so a slow earlier search cannot overwrite a later one. */
    this.generation = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** A delete awaits confirmation: redrawing now would take the question away. */
    this.confirming = false;
    /** A change arrived while confirming; the list is redrawn once the question is answered. */
    this.stale = false;
    this.total = 0;

    this.search = h('input', {
      type: 'search', id: 'history-search', placeholder: 'Name, URL, state, or text in requests, console and pages',
      'aria-describedby': 'history-count', autocomplete: 'off', spellcheck: 'false',
      oninput: () => this.scheduleSearch(),
    });
    this.search.value = this.query;
    this.countLine = h('p', { id: 'history-count', class: 'muted', role: 'status' });
    this.daemonLine = h('p', { class: 'muted daemon-line' });
    this.notices = h('div', { class: 'notices' });
    this.list = h('div', { class: 'history-list' });
    /** The records of the latest import, marked in the list until the next one. */
    this.justImported = new Set();
    this.importer = new ImportControl(history, (runIds) => {
      this.justImported = new Set(runIds);
      this.refresh().then(() => this.revealImported());
    });
    this.dropZone = h('div', { class: 'drop-zone', hidden: true },
      h('div', { class: 'drop-zone-message' },
        h('p', { class: 'drop-zone-title' }, 'Drop exported JSON files to import them'),
        h('p', null, 'Each file becomes a read-only record in this browser’s history.')));
    /** @type {(() => void) | null} */
    this.stopDrops = null;
  }

  async start() {
    document.title = 'bsk — evidence history';
    replace(this.root,
      h('header', { class: 'page-head' },
        h('div', { class: 'head-text' },
          h('h1', null, 'Website-debugging records'),
          h('p', { class: 'lede' }, `Captures kept in this browser profile, newest first. ${timeZoneWords()}, 24-hour.`),
          this.daemonLine),
        h('div', { class: 'head-actions' },
          this.importer.button,
          this.importer.input,
          h('p', { id: 'import-hint', class: 'import-hint muted' }, 'Exported .json records: choose files, or drop them on this page'))),
      this.importer.results,
      this.notices,
      h('div', { class: 'toolbar' },
        h('label', { for: 'history-search', class: 'search-label' }, 'Search records'),
        this.search,
        this.countLine),
      this.list,
      this.dropZone);
    this.stopDrops = acceptDrops(this.dropZone, (files) => this.importer.importFiles(files));
    await Promise.all([this.refresh(), this.showDaemons()]);
  }

  dispose() {
    clearTimeout(this.timer);
    this.stopDrops?.();
  }

  /** Brings the last imported row into view (the list is ordered by capture start, not import). */
  revealImported() {
    const last = [...this.justImported].at(-1);
    if (last === undefined) return;
    this.list.querySelector(`li[data-run="${CSS.escape(last)}"]`)?.scrollIntoView({ block: 'nearest' });
  }

  /** @param {string} text */
  notice(text) {
    this.notices.append(h('p', { class: 'notice', role: 'alert' }, text));
  }

  /** @param {{ type?: string }} message */
  changed(message) {
    if (message.type === 'heartbeat') this.showDaemons();
    else this.refresh();
  }

  scheduleSearch() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.query = this.search.value.trim();
      this.refresh();
    }, SEARCH_DEBOUNCE_MS);
  }

  async refresh() {
    if (this.confirming) {
      this.stale = true;
      return;
    }
    const generation = ++this.generation;
    let records;
    try {
      const all = await this.history.list();
      this.total = all.length;
      records = this.query ? await this.history.search(this.query) : all;
    } catch (e) {
      if (generation !== this.generation) return;
      replace(this.list, h('p', { class: 'notice', role: 'alert' }, `History could not be read: ${/** @type {Error} */ (e).message}`));
      return;
    }
    if (generation !== this.generation) return;
    const focus = focusState();
    this.render(records);
    restoreFocus(this.root, focus);
  }

  async showDaemons() {
    try {
      const daemons = await this.history.liveDaemons();
      const active = daemons.flatMap((d) => d.active_runs).length;
      this.daemonLine.textContent = daemons.length
        ? `A bsk daemon is connected${daemons[0].daemon_version ? ` (version ${daemons[0].daemon_version})` : ''}; ${plural(active, 'capture')} active.`
        : 'No bsk daemon connected right now. Records here stay readable and exportable.';
    } catch {
      this.daemonLine.textContent = '';
    }
  }

  /** @param {RecordMeta[]} records */
  render(records) {
    const size = records.reduce((sum, r) => sum + recordBytes(r), 0);
    this.countLine.textContent = this.query
      ? `${plural(records.length, 'record')} of ${this.total} match “${this.query}”.`
      : `${plural(records.length, 'record')}, ${bytes(size)} in this browser.`;
    if (this.total === 0) {
      replace(this.list, emptyState());
      return;
    }
    if (records.length === 0) {
      replace(this.list, h('p', { class: 'empty' }, 'No record matches. Search looks in names, page URLs, states and the retained evidence (request URLs, headers and bodies, console text, page text and fields).'));
      return;
    }
    replace(this.list, h('ul', { class: 'records', 'aria-label': 'Records' }, records.map((r) => this.row(r))));
  }

  /** @param {RecordMeta} meta */
  row(meta) {
    const href = `evidence.html${hashOf({ run: meta.run_id })}`;
    const title = meta.name || meta.run_id;
    // An imported record is a snapshot: even one exported while active is not a live capture.
    const live = meta.state === 'active' && !meta.imported;
    const state = recordState(meta);
    const status = h('p', { class: 'row-status', role: 'status' });
    const actions = h('div', { class: 'row-actions' },
      h('a', { class: 'button row-link', href, 'aria-label': `Open ${title}`, 'data-focus-key': `open:${meta.run_id}` }, 'Open'),
      h('button', {
        type: 'button', 'aria-label': `Export ${title} as JSON`, 'data-focus-key': `export:${meta.run_id}`,
        onclick: () => downloadRecord(this.history, meta).catch((e) => { status.textContent = `Export failed: ${e.message}`; }),
      }, 'Export'),
      live
        ? h('span', { class: 'cannot-delete' }, 'Active: stop the capture (bsk debug stop) before deleting it.')
        : h('button', {
          type: 'button', class: 'danger', 'aria-label': `Delete ${title}`, 'data-focus-key': `delete:${meta.run_id}`,
          onclick: () => this.confirmDelete(meta, actions, status),
        }, 'Delete'));
    const counts = meta.counts ?? { requests: 0, console: 0, operations: 0, pages: 0 };
    const imported = meta.imported;
    const rowClass = [`record state-${state.kind}`, imported ? 'imported' : '', this.justImported.has(meta.run_id) ? 'just-imported' : ''];
    return h('li', { class: rowClass.filter(Boolean).join(' '), 'data-run': meta.run_id },
      h('div', { class: 'row-main' },
        h('div', { class: 'row-title-line' },
          h('a', { class: 'row-title row-link', href, 'data-focus-key': `title:${meta.run_id}` }, title),
          h('span', { class: `state state-${state.kind}` }, state.word),
          imported ? h('span', {
            class: 'badge badge-imported', title: `Imported from ${imported.file_name} on ${dateTime(imported.at)}; a point-in-time snapshot, read-only`,
          }, 'imported') : null),
        pagesOf(meta),
        firstProblem(meta),
        this.query ? this.whereMatched(meta) : null,
        h('p', { class: 'row-meta' },
          h('span', null, `Started ${dateTime(meta.started_at)}`),
          meta.stop_reason ? h('span', null, stopReason(meta.stop_reason)) : null,
          problemCount(meta),
          h('span', null, plural(counts.requests, 'request')),
          h('span', null, plural(counts.console, 'console entry', 'console entries')),
          h('span', null, plural(counts.operations, 'operation')),
          h('span', null, storedSize(meta))),
        imported ? h('p', { class: 'row-imported' }, `Imported ${dateTime(imported.at)} from ${imported.file_name}`) : null),
      actions, status);
  }

  /**
   * Which part of a record the search found, filled in once read: "in the response body of
   * POST …/api/save". Metadata matches say so without reading the document.
   * @param {RecordMeta} meta
   */
  whereMatched(meta) {
    const line = h('p', { class: 'row-match muted' });
    const query = this.query;
    (async () => {
      /** @type {string[]} */
      const places = [];
      let doc = null;
      for (const word of terms(query)) {
        if (metaMatches(meta, [word])) {
          places.push(`“${word}” in its name, page URL or state`);
          continue;
        }
        doc ??= (await this.history.get(meta.run_id))?.doc ?? null;
        if (!doc) return;
        const item = searchRecord(doc, word).items[0];
        const hit = item?.hits[0];
        if (item && hit) places.push(`“${word}” in the ${PART_WORDS[hit.part] ?? hit.part} of ${item.kind} ${item.id} (${item.label})`);
        else places.push(`“${word}” in an operation or field`);
      }
      if (query === this.query) line.textContent = `Found ${places.join('; ')}.`;
    })().catch(() => {});
    return line;
  }

  /**
   * Replaces the row's actions with a confirmation step.
   * @param {RecordMeta} meta
   * @param {HTMLElement} actions
   * @param {HTMLElement} status
   */
  confirmDelete(meta, actions, status) {
    const title = meta.name || meta.run_id;
    const answered = () => {
      this.confirming = false;
      if (this.stale) {
        this.stale = false;
        this.refresh();
      }
    };
    const keep = h('button', {
      type: 'button',
      onclick: () => {
        confirm.replaceWith(actions);
        /** @type {HTMLElement | null} */ (actions.querySelector('button.danger'))?.focus();
        answered();
      },
    }, 'Keep it');
    const confirm = h('div', { class: 'row-confirm', role: 'group', 'aria-label': `Delete ${title}?` },
      h('span', null, `Delete “${title}” from this browser? This cannot be undone; exported files are not affected.`),
      h('button', {
        type: 'button', class: 'danger',
        onclick: async () => {
          try {
            await this.history.delete(meta.run_id);
            this.confirming = false;
            this.stale = false;
            await this.refresh();
            this.search.focus();
          } catch (e) {
            confirm.replaceWith(actions);
            status.textContent = `Not deleted: ${/** @type {Error} */ (e).message}`;
            answered();
          }
        },
      }, 'Delete record'),
      keep);
    this.confirming = true;
    actions.replaceWith(confirm);
    keep.focus();
  }
}

/**
 * How many problems the record lists; nothing for a record saved before problems were listed
 * (its record says so).
 * @param {RecordMeta} meta
 */
function problemCount(meta) {
  if (typeof meta.problems !== 'number') return null;
  return h('span', { class: 'row-problems' }, meta.problems === 0 ? 'no problems' : plural(meta.problems, 'problem'));
}

/**
 * The first problem's line, as the record's Problems list words it, wrapped: what went wrong,
 * before the record is opened. (Styled here: the page's stylesheet is shared with the record
 * views.)
 * @param {RecordMeta} meta
 */
function firstProblem(meta) {
  if (!meta.problems || !meta.first_problem) return null;
  return h('p', { class: 'row-problem', style: 'margin: 0.25rem 0; overflow-wrap: anywhere;' },
    h('strong', { style: 'color: var(--error);' }, meta.problems === 1 ? 'Problem:' : 'First problem:'),
    ' ', meta.first_problem);
}

/** How many visited pages a history row lists; the record lists them all. */
const ROW_PAGES_SHOWN = 3;

/**
 * The pages a record visited: every URL when history's metadata lists them (`page_urls`), else
 * the first and how many loads followed.
 * @param {RecordMeta} meta
 */
function pagesOf(meta) {
  const urls = /** @type {string[] | undefined} */ (/** @type {any} */ (meta).page_urls);
  if (urls && urls.length > 1) {
    const shown = urls.slice(0, ROW_PAGES_SHOWN);
    return h('ol', { class: 'row-urls', 'aria-label': `${urls.length} pages visited` },
      shown.map((url) => h('li', { class: 'row-url', title: url }, url)),
      urls.length > shown.length ? h('li', { class: 'row-more-pages' }, `and ${plural(urls.length - shown.length, 'more page')}`) : null);
  }
  if (!meta.url) return null;
  return h('p', { class: 'row-url', title: meta.url }, meta.url,
    !urls && (meta.counts?.pages ?? 0) > 1 ? h('span', { class: 'row-more-pages' }, ` and ${plural(meta.counts.pages - 1, 'later page load')}`) : null);
}

function emptyState() {
  return h('section', { class: 'empty-state' },
    h('h2', null, 'No records yet'),
    h('p', null, 'Records arrive here when an agent captures a website-debugging session with bsk. Capture starts before the agent navigates or reproduces the problem:'),
    h('pre', { class: 'command' }, "bsk debug start --session <id> --name 'Save fails'"),
    h('p', null, 'While the capture runs, its evidence is saved here every few seconds and shown live. It stays after the session ends.'),
    h('p', null, 'Records are kept in this browser profile only, for 30 days, up to 50 records and 50 MiB in total; the oldest stopped records go first. Export the ones that matter.'),
    h('p', null, 'Have an exported file (from bsk debug export or another browser)? Import it with “Import JSON…” above, or drop it on this page.'));
}
