// @ts-check
// One record: its header, the cards beside the evidence, and its sections (timeline, requests,
// traffic summary when the record has one, console, page context). Only the open section is
// built; a live record is re-read when the service worker announces a checkpoint of it, keeping
// the reader's place.

import { cardsView } from './cards.js';
import { consoleSection } from './console.js';
import { focusState, h, replace, restoreFocus } from './dom.js';
import { downloadHar, downloadRecord } from './export.js';
import { count, splitUrl } from './format.js';
import { frameDocuments, frameOf } from './frames.js';
import { ImportControl } from './import.js';
import { pagesSection } from './page-context.js';
import { PictureUrls } from './pictures.js';
import { problemsView } from './problems.js';
import { headerContent } from './record-head.js';
import { requestDetail } from './request-detail.js';
import { requestListPane, requestsSection } from './requests.js';
import { searchBox, searchSection } from './search-view.js';
import { hashOf } from './route.js';
import { summaryRows, summarySection } from './summary.js';
import { timelineSection } from './timeline.js';
import { placeEvidence } from './windows.js';

/**
 * @typedef {import('./route.js').Route} Route
 * @typedef {import('../lib/record.js').ExportDocument} ExportDocument
 * @typedef {import('../lib/record.js').RecordMeta} RecordMeta
 * @typedef {{
 *   showFolded: boolean,
 *   bodyOffsets: Map<string, number>,
 *   bodyRaw: Set<string>,
 *   openDetails: Set<string>,
 *   scroll: Map<string, number>,
 *   summarySort: { key: string, descending: boolean },
 *   requestSort: { key: string, descending: boolean },
 *   requestFrame: string | null,
 *   consoleFrame: string | null,
 *   consoleLevel: string | null,
 * }} UiState what the reader chose, kept across live updates and section changes; a frame
 *   filter is a frame's key (`''` the page's own document, null every frame)
 * @typedef {{
 *   runId: string, doc: ExportDocument, meta: RecordMeta, route: Route, ui: UiState,
 *   start: number,
 *   href: (patch: Partial<Route>) => string,
 *   replaceRoute: (patch: Partial<Route>) => void,
 *   redraw: () => void,
 *   requestById: Map<string, any>,
 *   redirectsTo: Map<string, string[]>,
 *   operationIndex: Map<string, number>,
 *   placed: ReturnType<typeof placeEvidence>,
 *   pictureUrl: (picture: import('../lib/pictures.js').OperationPicture) => string | null,
 *   frameName: (record: any) => import('./frames.js').FrameName | null,
 *   pageOrigin: string,
 * }} Ctx everything a section needs to draw the record
 */

/**
 * The sections in tab order: the view, its name (with words a narrow window leaves out of the
 * tab), and how many things it lists; a section with nothing to count (`null`: a record exported
 * before it existed) has no tab.
 * @type {readonly (readonly [import('./route.js').View, [string, string], (doc: ExportDocument) => number | null])[]}
 */
const TABS = [
  ['timeline', ['Timeline', ''], (doc) => (doc.operations ?? []).length],
  ['requests', ['Requests', ''], (doc) => (doc.requests ?? []).length],
  ['summary', ['Traffic', ' summary'], (doc) => (doc.summary ? summaryRows(doc.summary).length : null)],
  ['console', ['Console', ''], (doc) => (doc.console ?? []).length],
  ['pages', ['Page context', ''], (doc) => (doc.pages ?? []).length],
  // Shown while a search is open: its results are a place of their own (`&q=`).
  ['search', ['Search', ' results'], () => null],
];

export class RecordView {
  /**
   * @param {HTMLElement} root
   * @param {import('../lib/history.js').History} history
   * @param {Route} route
   * @param {{ showFolded?: boolean }} [initial] whether folded requests start shown
   */
  constructor(root, history, route, initial = {}) {
    this.root = root;
    this.history = history;
    this.route = route;
    this.runId = /** @type {string} */ (route.run);
    /** @type {UiState} */
    this.ui = {
      showFolded: initial.showFolded ?? false, bodyOffsets: new Map(), bodyRaw: new Set(), openDetails: new Set(), scroll: new Map(),
      // The traffic summary opens with its failing routes first; requests in the order sent.
      summarySort: { key: 'failing', descending: true },
      requestSort: { key: 'start', descending: false },
      requestFrame: null, consoleFrame: null, consoleLevel: null,
    };
    /** @type {Ctx | null} */
    this.ctx = null;
    this.refreshing = false;
    this.refreshAgain = false;
    /** A start in progress: an import and its announcement may both ask for one. */
    this.starting = /** @type {Promise<void> | null} */ (null);
    this.header = h('header', { class: 'record-head' });
    this.notices = h('div', { class: 'notices' });
    this.tabs = h('nav', { class: 'tabs', 'aria-label': 'Evidence sections' });
    this.section = h('section', { class: 'section', id: 'section', tabindex: '-1' });
    this.cards = h('aside', { class: 'cards', 'aria-label': 'Notes on this record' });
    this.problems = h('div', { class: 'problems-place' });
    this.search = h('div', { class: 'search-place' });
    /** The record's filmstrip pictures, read once each and kept while it is on show. */
    this.pictures = new PictureUrls(history, this.runId);
    /** The last failure to read them, said once. @type {string | null} */
    this.picturesError = null;
  }

  start() {
    this.starting ??= this.show().finally(() => { this.starting = null; });
    return this.starting;
  }

  /** Reads the record and draws it, or says it is not in history. */
  async show() {
    replace(this.root, h('p', { class: 'loading', role: 'status' }, 'Reading the record…'));
    const record = await this.history.get(this.runId);
    if (!record) {
      document.title = 'bsk — record not found';
      // Someone may hold an exported file of this record (a link shared with the file, or a
      // record from another browser): importing it shows it here.
      const importer = new ImportControl(this.history, (runIds) => {
        if (runIds.includes(this.runId)) this.start();
      });
      replace(this.root,
        h('nav', { class: 'crumbs' }, h('a', { href: '#' }, '← All records')),
        h('div', { class: 'failure', role: 'alert' },
          h('h1', null, 'This record is not in history'),
          h('p', null, `No record “${this.runId}” in this browser's history — import an exported file of it, if you have one.`),
          h('p', null, 'It may have been deleted, removed by retention (30 days / 50 records / 50 MiB), or captured in another browser; exported files are not affected.')),
        h('div', { class: 'not-found-import' },
          importer.button, importer.input,
          h('p', { id: 'import-hint', class: 'import-hint muted' }, 'A file saved by bsk debug export, or by Export on a history page')),
        importer.results);
      return;
    }
    await this.loadPictures(record.doc);
    this.ctx = this.context(record.doc, record.meta);
    replace(this.root,
      h('nav', { class: 'crumbs' }, h('a', { href: '#' }, '← All records')),
      this.header, this.notices,
      h('div', { class: 'record-layout' },
        this.cards,
        h('div', { class: 'evidence' }, this.problems, this.search, this.tabs, this.section)));
    this.renderAll();
    this.reveal();
  }

  /**
   * Lets go of the record's pictures, closing one shown enlarged; the view holds no timers or
   * listeners of its own.
   */
  dispose() {
    /** @type {HTMLDialogElement | null} */ (document.querySelector('dialog.picture-dialog'))?.close();
    this.pictures.dispose();
  }

  /**
   * Reads the pictures a document refers to that are not read yet. A failure is said, and the
   * record shown all the same: its pictures read as not stored.
   * @param {ExportDocument} doc
   */
  async loadPictures(doc) {
    try {
      await this.pictures.load(doc);
      this.picturesError = null;
    } catch (e) {
      const message = /** @type {Error} */ (e).message;
      // Said once, not again with every checkpoint of a live record.
      if (message !== this.picturesError) this.notice(`The record's pictures could not be read: ${message}`);
      this.picturesError = message;
    }
  }

  /** @param {string} text */
  notice(text) {
    this.notices.append(h('p', { class: 'notice', role: 'alert' }, text));
  }

  /** @param {{ type?: string, run_id?: string, evicted?: string[] }} message */
  changed(message) {
    if (message.type !== 'saved') return;
    if (message.evicted?.includes(this.runId)) {
      this.notice('Retention has removed this record from history. What is shown stays on this page until you leave it; export it now to keep it.');
      return;
    }
    if (message.run_id !== this.runId) return;
    // A link opened before the record's first checkpoint arrived: show it now.
    if (!this.ctx) this.start();
    else this.refresh();
  }

  /**
   * A change of place within this record: only the section is rebuilt.
   * @param {Route} route
   */
  navigate(route) {
    if (!this.ctx) return;
    this.ui.scroll.set(placeKey(this.route), window.scrollY);
    const from = this.route;
    const focus = focusState();
    this.route = route;
    this.ctx.route = route;
    this.renderTabs();
    this.renderSection();
    if (from.q !== route.q) replace(this.search, searchBox(this.ctx));
    // The tab or link that was pressed was redrawn: focus goes to its new copy.
    restoreFocus(this.root, focus);
    const saved = this.ui.scroll.get(placeKey(route));
    if (saved !== undefined) {
      window.scrollTo(0, saved);
    } else if (window.scrollY > this.section.offsetTop) {
      this.section.scrollIntoView();
    }
    // Back from a request's detail: the reader lands on the row they opened.
    if (from.request && !route.request) {
      /** @type {HTMLElement | null} */ (this.section.querySelector(`[data-focus-key="${CSS.escape(`req:${from.request}`)}"]`))?.focus({ preventScroll: saved !== undefined });
    } else if (route.request) {
      /** @type {HTMLElement | null} */ (this.section.querySelector('h2'))?.focus({ preventScroll: true });
    } else if (route.view === 'search') {
      /** @type {HTMLElement | null} */ (this.section.querySelector('h2'))?.focus({ preventScroll: true });
    }
    this.reveal();
  }

  /**
   * A link to a place inside a section scrolls to it: an operation (`&op=`), a console entry or
   * page (`&entry=`), a search match in a request (`&q=…&part=`), highlighted.
   */
  reveal() {
    if (this.route.part === 'problems' && !this.route.request) {
      const problems = /** @type {HTMLElement | null} */ (this.problems.querySelector('h2'));
      if (problems) {
        problems.setAttribute('tabindex', '-1');
        this.problems.scrollIntoView({ block: 'start' });
        problems.focus({ preventScroll: true });
      }
      return;
    }
    if (this.route.entry) {
      const el = document.getElementById(`entry-${this.route.entry}`) ?? document.getElementById(`page-${this.route.entry}`);
      if (el) {
        el.classList.add('targeted');
        el.setAttribute('tabindex', '-1');
        el.scrollIntoView({ block: 'center' });
        el.focus({ preventScroll: true });
      }
      return;
    }
    // A problem's request opens at its response body, in view.
    if (this.route.request && this.route.part && !this.route.q) {
      const part = /** @type {HTMLElement | null} */ (this.section.querySelector(`[data-part="${CSS.escape(this.route.part)}"]`));
      part?.scrollIntoView({ block: 'nearest' });
      return;
    }
    if (this.route.request && this.route.q) {
      const part = this.route.part ? this.section.querySelector(`[data-part="${CSS.escape(this.route.part)}"]`) : null;
      const mark = /** @type {HTMLElement | null} */ ((part ?? this.section).querySelector('mark.hit'));
      if (mark) {
        mark.classList.add('hit-current');
        mark.scrollIntoView({ block: 'center' });
      } else if (part) {
        part.scrollIntoView({ block: 'start' });
      }
      return;
    }
    this.revealOperation();
  }

  /** A link to one operation (`&op=`) scrolls to it and puts focus on its heading. */
  revealOperation() {
    if (this.route.view !== 'timeline' || !this.route.op) return;
    const article = document.getElementById(`op-${this.route.op}`);
    if (!article) return;
    article.scrollIntoView({ block: 'start' });
    const title = /** @type {HTMLElement | null} */ (article.querySelector('h3'));
    title?.setAttribute('tabindex', '-1');
    title?.focus({ preventScroll: true });
  }

  /** Re-reads the record after a checkpoint and redraws it where the reader is. */
  async refresh() {
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = true;
    try {
      do {
        this.refreshAgain = false;
        const record = await this.history.get(this.runId);
        if (!record) {
          this.notice('This record is no longer in history (deleted, or removed by retention). What is shown stays on this page until you leave it.');
          return;
        }
        await this.loadPictures(record.doc);
        const focus = focusState();
        const scrollY = window.scrollY;
        this.ctx = this.context(record.doc, record.meta);
        this.renderAll();
        window.scrollTo(0, scrollY);
        restoreFocus(this.root, focus);
      } while (this.refreshAgain);
    } catch (e) {
      this.notice(`The latest checkpoint could not be read: ${/** @type {Error} */ (e).message}`);
    } finally {
      this.refreshing = false;
    }
  }

  /**
   * @param {ExportDocument} doc
   * @param {RecordMeta} meta
   * @returns {Ctx}
   */
  context(doc, meta) {
    const runId = this.runId;
    const requestById = new Map((doc.requests ?? []).map((r) => [r.id, r]));
    /** @type {Map<string, string[]>} */
    const redirectsTo = new Map();
    for (const r of doc.requests ?? []) {
      if (r.redirect_from) redirectsTo.set(r.redirect_from, [...(redirectsTo.get(r.redirect_from) ?? []), r.id]);
    }
    const documents = frameDocuments(doc);
    const firstPage = doc.pages?.[0]?.url ?? meta.url ?? '';
    /** @type {Ctx} */
    const ctx = {
      runId, doc, meta, route: this.route, ui: this.ui,
      start: doc.run.started_at,
      href: (patch) => hashOf({ ...ctx.route, request: null, filter: '', source: null, op: null, entry: null, q: '', part: null, route: null, ...patch, run: runId }),
      replaceRoute: (patch) => {
        this.route = { ...this.route, ...patch };
        ctx.route = this.route;
        window.history.replaceState(null, '', hashOf(this.route));
      },
      redraw: () => {
        const focus = focusState();
        this.renderSection();
        restoreFocus(this.root, focus);
      },
      requestById,
      redirectsTo,
      operationIndex: new Map((doc.operations ?? []).map((o, i) => [o.id, i])),
      placed: placeEvidence(doc),
      pictureUrl: (picture) => this.pictures.urlOf(picture),
      frameName: (record) => frameOf(record, doc.run.tab_id, documents),
      pageOrigin: firstPage ? splitUrl(firstPage).origin : '',
    };
    return ctx;
  }

  renderAll() {
    const ctx = /** @type {Ctx} */ (this.ctx);
    document.title = `bsk — ${ctx.doc.run.name || ctx.runId}`;
    replace(this.header, ...headerContent(ctx,
      () => downloadRecord(this.history, ctx.meta).catch((e) => this.notice(`Export failed: ${e.message}`)),
      () => downloadHar(this.history, ctx.meta).catch((e) => this.notice(`HAR export failed: ${e.message}`))));
    replace(this.cards, cardsView(ctx));
    replace(this.problems, problemsView(ctx));
    replace(this.search, searchBox(ctx));
    this.renderTabs();
    this.renderSection();
  }

  renderTabs() {
    const ctx = /** @type {Ctx} */ (this.ctx);
    const tabs = TABS.map(([view, label, counted]) => /** @type {const} */ ([view, label, counted(ctx.doc)]))
      .filter(([view, , n]) => n !== null || this.route.view === view);
    replace(this.tabs, h('ul', null, tabs.map(([view, label, n]) => h('li', null,
      h('a', {
        href: ctx.href({ view }), 'data-focus-key': `tab:${view}`,
        'aria-current': this.route.view === view ? 'page' : null,
      }, h('span', null, label[0], label[1] ? h('span', { class: 'tab-more' }, label[1]) : null),
      n === null ? null : [' ', h('span', { class: 'tab-count' }, count(n))])))));
  }

  renderSection() {
    const ctx = /** @type {Ctx} */ (this.ctx);
    const route = this.route;
    /** @type {Node} */
    let content;
    // A wide window shows the list beside the open request (CSS hides it below 1280 px).
    if (route.view === 'requests' && route.request) content = h('div', { class: 'request-split' }, requestListPane(ctx), requestDetail(ctx, route.request));
    else if (route.view === 'requests') content = requestsSection(ctx);
    else if (route.view === 'summary') content = summarySection(ctx);
    else if (route.view === 'console') content = consoleSection(ctx);
    else if (route.view === 'pages') content = pagesSection(ctx);
    else if (route.view === 'search') content = searchSection(ctx);
    else content = timelineSection(ctx);
    replace(this.section, content);
    this.root.querySelector('.record-layout')?.classList.toggle('detail-open', route.view === 'requests' && !!route.request);
    this.section.setAttribute('aria-label', TABS.find(([v]) => v === route.view)?.[1].join('') ?? '');
  }
}

/** @param {Route} route */
function placeKey(route) {
  return `${route.view}|${route.request ?? ''}`;
}
