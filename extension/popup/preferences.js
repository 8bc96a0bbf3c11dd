// @ts-check
// Browser automation preferences (kept in history's IndexedDB, see lib/preferences.js): the
// browser bsk launches next, what JavaScript dialogs get, the profile a session uses, folding of
// static requests in the evidence page, workers and pictures in new captures; and the name of
// captures started here (kept in history's IndexedDB). Explicit `bsk` flags win over the ones bsk reads.

import { DEFAULT_PREFERENCES } from '../lib/history.js';
import { readPreferences, savePreferences } from '../lib/preferences.js';
import { h, replace } from '../evidence/dom.js';
import { prose } from './prose.js';

/** Typing pauses this long before the name is saved: the popup can close at any moment. */
const SAVE_DEBOUNCE_MS = 250;

/** @typedef {import('../lib/history.js').Preferences} Preferences */
/** @typedef {import('../lib/preferences.js').AutomationPreferences} AutomationPreferences */

/**
 * A panel the person unfolds comes into view (the popup scrolls within Chrome's 600 px). On the
 * summary's click, not on `toggle`: a redraw that keeps a panel open must not scroll.
 */
export function reveal(/** @type {Event} */ event) {
  const details = /** @type {HTMLElement} */ (event.currentTarget).parentElement;
  requestAnimationFrame(() => {
    if (details instanceof HTMLDetailsElement && details.open) details.scrollIntoView({ block: 'nearest' });
  });
}

/**
 * @param {HTMLElement} section
 * @param {import('../lib/history.js').History | null} history null when history cannot be opened
 * @param {Preferences} initial
 * @param {(preferences: Preferences) => void} changed called with every saved state
 */
export async function renderPreferences(section, history, initial, changed) {
  const status = h('p', { class: 'pref-status', id: 'preferences-status', role: 'status' });
  /** @param {() => Promise<unknown>} work */
  const saving = async (work) => {
    try {
      await work();
      status.textContent = 'Saved.';
      status.classList.remove('pref-error');
    } catch (e) {
      status.textContent = `Not saved: ${e instanceof Error ? e.message : String(e)}`;
      status.classList.add('pref-error');
    }
  };

  /** @type {AutomationPreferences | null} */
  let automation = null;
  /** @type {string | null} */
  let automationError = null;
  try {
    if (!history) throw new Error('history cannot be opened');
    automation = await readPreferences(history, { legacyFoldStatic: initial.fold_static });
  } catch (e) {
    automationError = e instanceof Error ? e.message : String(e);
  }
  /** @param {Partial<AutomationPreferences>} patch */
  const saveAutomation = (patch) => saving(async () => {
    if (!history) throw new Error('history cannot be opened');
    return savePreferences(history, patch);
  });

  /**
   * A preference as a row of choices (radio buttons that read as one control).
   * @param {'browser' | 'dialogs' | 'profile'} key
   * @param {string} label
   * @param {[string, string][]} choices value and words
   * @param {string} help
   */
  const choice = (key, label, choices, help) => h('fieldset', { class: 'pref-choice', disabled: !automation },
    h('legend', null, label),
    h('div', { class: 'pref-options' }, choices.map(([value, words]) => {
      const input = h('input', { type: 'radio', name: `pref-${key}`, id: `pref-${key}-${value}`, value });
      input.checked = automation?.[key] === value;
      input.addEventListener('change', () => { if (input.checked) saveAutomation({ [key]: value }); });
      return h('label', { for: `pref-${key}-${value}`, class: 'pref-option' }, input, words);
    })),
    h('p', { class: 'pref-help' }, ...prose(help)));

  const fold = h('input', { type: 'checkbox', id: 'pref-fold-static', disabled: !automation });
  fold.checked = automation?.foldStatic ?? true;
  fold.addEventListener('change', () => saveAutomation({ foldStatic: fold.checked }));

  const workers = h('input', { type: 'checkbox', id: 'pref-workers', disabled: !automation });
  workers.checked = automation?.workers ?? false;
  workers.addEventListener('change', () => saveAutomation({ workers: workers.checked }));

  const screenshots = h('input', { type: 'checkbox', id: 'pref-screenshots', disabled: !automation });
  screenshots.checked = automation?.screenshots ?? false;
  screenshots.addEventListener('change', () => saveAutomation({ screenshots: screenshots.checked }));

  const name = h('input', {
    type: 'text', id: 'pref-capture-name', autocomplete: 'off', spellcheck: 'false', maxlength: 120,
    placeholder: DEFAULT_PREFERENCES.capture_name, disabled: !history, 'aria-describedby': 'pref-capture-name-help',
  });
  name.value = initial.capture_name;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  // An empty name would start unnamed captures: the default stands in for it.
  const saveName = () => {
    clearTimeout(timer);
    if (!history) return;
    saving(async () => changed(await history.setPreferences({ capture_name: name.value.trim() || DEFAULT_PREFERENCES.capture_name })));
  };
  name.addEventListener('input', () => {
    status.textContent = '';
    clearTimeout(timer);
    timer = setTimeout(saveName, SAVE_DEBOUNCE_MS);
  });
  name.addEventListener('change', saveName);

  // Folded away: preferences are set once, the popup is opened for the task. Unfolded, they
  // are scrolled into the popup's 600 px.
  replace(section, h('details', { class: 'preferences' },
    h('summary', { onclick: reveal, title: 'Browser automation preferences' }, h('h2', { id: 'preferences-title' }, 'Preferences')),
    h('p', { class: 'pref-lede' }, 'How bsk drives this browser, and what the evidence page shows.'),
    choice('browser', 'Browser bsk launches', [['headless', 'Headless'], ['visible', 'Visible']],
      'Applies to the next browser bsk launches; `--headless` or `--headful` wins.'),
    choice('dialogs', 'JavaScript dialogs', [['ask', 'Ask the agent'], ['accept', 'Accept'], ['dismiss', 'Dismiss']],
      'Read when a session starts; its `--dialogs` flag wins.'),
    choice('profile', 'Session profile', [['private', 'Private'], ['shared', 'Shared']],
      'Private: a throw-away profile per session. Shared: this browser’s own. Read when a session starts; `--shared-profile` wins.'),
    h('div', { class: 'pref-check' },
      fold,
      h('label', { for: 'pref-fold-static' }, 'Fold static resources and extension traffic in the evidence page')),
    h('div', { class: 'pref-check' },
      workers,
      h('label', { for: 'pref-workers' }, 'Record the page’s workers in captures started here (as --workers)')),
    h('div', { class: 'pref-check' },
      screenshots,
      h('label', { for: 'pref-screenshots' }, 'Keep a picture after each agent action (new captures)')),
    h('div', { class: 'pref-field' },
      h('label', { for: 'pref-capture-name' }, 'Name for captures started here'),
      name,
      h('p', { class: 'muted small', id: 'pref-capture-name-help' }, 'Also used in the prompt for your agent.')),
    automationError ? h('p', { class: 'pref-status pref-error' }, `Preferences cannot be read: ${automationError}`) : null,
    history ? status : h('p', { class: 'pref-status pref-error' }, 'The capture name cannot be saved: history could not be opened.')));
}
