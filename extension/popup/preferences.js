// @ts-check
// The person's preferences, kept in history's IndexedDB so they survive browser restarts: how
// the evidence page folds traffic, and the name of captures started from this popup.

import { DEFAULT_PREFERENCES } from '../lib/history.js';
import { h, replace } from '../evidence/dom.js';

/** Typing pauses this long before the name is saved: the popup can close at any moment. */
const SAVE_DEBOUNCE_MS = 250;

/** @typedef {import('../lib/history.js').Preferences} Preferences */

/**
 * @param {HTMLElement} section
 * @param {import('../lib/history.js').History | null} history null when history cannot be opened
 * @param {Preferences} initial
 * @param {(preferences: Preferences) => void} changed called with every saved state
 */
export function renderPreferences(section, history, initial, changed) {
  const status = h('p', { class: 'pref-status', id: 'preferences-status', role: 'status' });
  const save = async (/** @type {Partial<Preferences>} */ patch) => {
    if (!history) return;
    try {
      changed(await history.setPreferences(patch));
      status.textContent = 'Saved.';
      status.classList.remove('pref-error');
    } catch (e) {
      status.textContent = `Not saved: ${e instanceof Error ? e.message : String(e)}`;
      status.classList.add('pref-error');
    }
  };

  const fold = h('input', { type: 'checkbox', id: 'pref-fold-static', disabled: !history });
  fold.checked = initial.fold_static;
  fold.addEventListener('change', () => save({ fold_static: fold.checked }));

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
    save({ capture_name: name.value.trim() || DEFAULT_PREFERENCES.capture_name });
  };
  name.addEventListener('input', () => {
    status.textContent = '';
    clearTimeout(timer);
    timer = setTimeout(saveName, SAVE_DEBOUNCE_MS);
  });
  name.addEventListener('change', saveName);

  // Folded away: preferences are set once, the popup is opened for the task.
  replace(section, h('details', { class: 'preferences' },
    h('summary', null, h('h2', { id: 'preferences-title' }, 'Preferences')),
    h('div', { class: 'pref-check' },
      fold,
      h('label', { for: 'pref-fold-static' }, 'Fold static resources and extension traffic in the evidence page')),
    h('div', { class: 'pref-field' },
      h('label', { for: 'pref-capture-name' }, 'Name for captures started here'),
      name,
      h('p', { class: 'muted small', id: 'pref-capture-name-help' }, 'Also used in the prompt for your agent.')),
    history ? status : h('p', { class: 'pref-status pref-error' }, 'Preferences cannot be saved: history could not be opened.')));
}
