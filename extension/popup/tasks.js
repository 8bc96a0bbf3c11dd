// @ts-check
// The current tasks: one card per live session of the connected daemon, with its tab, its
// capture, and the Quick Actions of website debugging (start or stop capture, open evidence).
// Without a task, the prompt to give the agent.

import { focusState, h, replace, restoreFocus } from '../evidence/dom.js';
import { DEFAULT_PREFERENCES } from '../lib/history.js';
import { plural } from '../evidence/format.js';
import { announce } from './announce.js';
import { askDaemon } from './link.js';
import { evidencePath, opener } from './pages.js';
import { promptView } from './prompt.js';
import { prose, sentence } from './prose.js';

/**
 * @typedef {import('./link.js').LinkStatus} LinkStatus
 * @typedef {import('./link.js').LinkSession} LinkSession
 * @typedef {import('./link.js').LinkCapture} LinkCapture
 * @typedef {{ busy: 'start' | 'stop' | null, result: { ok: boolean, title: string, detail?: string, hint?: string } | null }} ActionState
 *   what the person asked of a session, kept across redraws
 */

export class Tasks {
  /**
   * @param {HTMLElement} section
   * @param {{ refresh: () => void }} options `refresh` re-reads the link after an action
   */
  constructor(section, options) {
    this.section = section;
    this.refresh = options.refresh;
    /** Captures started here get this name (the `capture_name` preference). */
    this.captureName = '';
    /** @type {LinkSession[]} */
    this.sessions = [];
    /** @type {Map<string, ActionState>} */
    this.actions = new Map();
    /** What is drawn, so a status that did not change redraws nothing (focus, selection stay). */
    this.drawn = '';
    /** Nothing is drawn before the first answer: the prompt must not flash before the cards. */
    this.known = false;
  }

  /** @param {LinkStatus | Error} status */
  update(status) {
    this.known = true;
    this.sessions = !(status instanceof Error) && status.connected ? status.heartbeat?.sessions ?? [] : [];
    for (const id of this.actions.keys()) {
      if (!this.sessions.some((s) => s.id === id)) this.actions.delete(id);
    }
    this.draw();
  }

  /** @param {string} name */
  setCaptureName(name) {
    this.captureName = name;
    this.draw();
  }

  draw() {
    if (!this.known) return;
    const key = this.sessions.length
      ? JSON.stringify([this.sessions, [...this.actions]])
      : JSON.stringify(['prompt', this.captureName]);
    if (key === this.drawn) return;
    this.drawn = key;
    const focus = focusState();
    if (this.sessions.length === 0) {
      replace(this.section,
        h('h4', { id: 'tasks-title' }, 'No task yet'),
        promptView(this.captureName));
    } else {
      // The cards say they are tasks; the heading is for screen readers, and room is short.
      replace(this.section,
        h('h4', { id: 'tasks-title', class: 'visually-hidden' }, this.sessions.length === 1 ? 'Current task' : 'Current tasks'),
        h('ul', { class: 'tasks', 'aria-labelledby': 'tasks-title' }, this.sessions.map((s) => h('li', null, this.card(s)))));
    }
    restoreFocus(this.section, focus);
  }

  /** @param {LinkSession} session */
  card(session) {
    const capture = session.capture;
    const state = this.actions.get(session.id) ?? { busy: null, result: null };
    const title = session.name || session.id;
    const active = capture?.state === 'active';
    const action = active ? 'stop' : 'start';
    const busy = state.busy !== null;
    const button = h('button', {
      type: 'button', class: active ? '' : 'primary', 'data-focus-key': `capture:${session.id}`,
      'aria-disabled': busy ? 'true' : null, 'aria-busy': busy ? 'true' : null,
      'aria-label': `${active ? 'Stop' : 'Start'} capture for ${title}`,
      onclick: () => { if (!busy) this.act(session, action); },
    }, busy ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : null,
    state.busy === 'start' ? 'Starting…' : state.busy === 'stop' ? 'Stopping…' : active ? 'Stop capture' : 'Start capture');
    const open = capture
      ? h('a', {
        class: 'button', href: evidencePath(capture.run_id), 'data-focus-key': `open:${session.id}`,
        'aria-label': `Open evidence of ${title}`, onclick: opener(evidencePath(capture.run_id)),
      }, 'Open evidence')
      : null;
    return h('article', { class: `task${active ? ' task-capturing' : ''}`, 'data-session': session.id, 'aria-label': `Task ${title}` },
      h('div', { class: 'task-head' },
        h('h5', { class: 'task-title' }, title),
        session.name ? h('span', { class: 'task-id' }, `session ${session.id}`) : null),
      session.url ? h('p', { class: 'task-url', title: session.url }, session.url) : null,
      captureLine(session),
      problems(capture),
      h('div', { class: 'task-actions', role: 'group', 'aria-label': 'Quick actions: website debugging' }, button, open),
      state.result ? result(state.result) : null);
  }

  /**
   * Starts or stops the session's capture through the daemon, and says what came of it.
   * @param {LinkSession} session
   * @param {'start' | 'stop'} action
   */
  async act(session, action) {
    const title = session.name || session.id;
    // The default name is left to the daemon, which names the capture after the page and the
    // time, so History never lists two captures by the same name.
    const name = this.captureName === DEFAULT_PREFERENCES.capture_name ? undefined : this.captureName;
    this.actions.set(session.id, { busy: action, result: null });
    this.draw();
    announce(action === 'start' ? `Starting capture for ${title}…` : `Stopping capture for ${title}…`);
    const answer = action === 'start'
      ? await askDaemon('debug.start', session.id, name)
      : await askDaemon('debug.stop', session.id);
    /** @type {ActionState['result']} */
    let outcome;
    if (answer.ok) {
      const named = answer.result?.name ?? name;
      outcome = action === 'start'
        ? { ok: true, title: named ? `Capture “${named}” started.` : 'Capture started.', detail: 'Reproduce the problem now: what happens in the tab is recorded.' }
        : { ok: true, title: 'Capture stopped.', detail: 'Saved in History.' };
    } else {
      outcome = {
        ok: false,
        title: action === 'start' ? 'Capture not started' : 'Capture not stopped',
        detail: sentence(answer.error.message),
        hint: answer.error.hint ? sentence(answer.error.hint) : undefined,
      };
    }
    this.actions.set(session.id, { busy: null, result: outcome });
    this.draw();
    // The cards may scroll inside the popup: what the action came to is brought into view.
    this.section.querySelector(`article[data-session="${CSS.escape(session.id)}"] .task-result`)?.scrollIntoView({ block: 'nearest' });
    announce([sentence(outcome.title), outcome.detail, outcome.hint].filter(Boolean).join(' ').replaceAll('`', ''));
    this.refresh();
  }
}

/** The session's capture, its state in words and its counts. */
function captureLine(/** @type {LinkSession} */ session) {
  const capture = session.capture;
  if (!capture) {
    return h('p', { class: 'task-capture muted' }, 'No capture yet. Start one before the problem is reproduced.');
  }
  return h('p', { class: 'task-capture' },
    h('span', { class: 'task-capture-word' }, 'Capture '),
    h('span', { class: `state state-${capture.state}` }, capture.state),
    capture.name ? h('span', { class: 'task-capture-name' }, capture.name) : null,
    h('span', { class: 'task-counts' },
      `${plural(capture.requests, 'request')} · ${plural(capture.console, 'console entry', 'console entries')}`,
      problemCount(capture)));
}

/**
 * "no problems" when the capture lists none; nothing from a daemon that does not count them
 * (the count of any is said with the first one's line).
 * @param {LinkCapture} capture
 */
function problemCount(capture) {
  return capture.problems === 0 ? ' · no problems' : null;
}

/**
 * How many problems the capture lists so far and the first one's line, as the record's
 * Problems list words it: wrapped, a few lines at most (the whole of it on hover and in the
 * record). Nothing without problems, or from a daemon that does not count them.
 * @param {LinkCapture | null | undefined} capture
 */
function problems(capture) {
  const count = capture?.problems;
  if (typeof count !== 'number' || count === 0) return null;
  const line = capture?.first_problem;
  return h('p', { class: 'task-problem', title: line || null },
    h('strong', { class: 'task-problem-count' }, plural(count, 'problem')),
    line ? [count === 1 ? ' — ' : ' — first: ', h('span', { class: 'task-problem-line' }, line)] : null);
}

/** What the last action came to: success in a sentence or two, an error with its message and hint. */
function result(/** @type {NonNullable<ActionState['result']>} */ outcome) {
  if (outcome.ok) {
    return h('p', { class: 'task-result task-ok' },
      h('strong', null, outcome.title), outcome.detail ? [' ', ...prose(outcome.detail)] : null);
  }
  return h('div', { class: 'task-result task-error' },
    h('strong', null, outcome.title),
    outcome.detail ? h('p', null, ...prose(outcome.detail)) : null,
    outcome.hint ? h('p', { class: 'task-hint' }, ...prose(outcome.hint)) : null);
}
