// @ts-check
// Browser automation preferences, kept in history's IndexedDB (its `meta` store, key
// `automation`: no browser permission needed) so the popup, the evidence page and the service
// worker (which hands them to the daemon) read the same:
// which browser bsk launches next (headless or visible), what a JavaScript dialog gets, whether
// a session gets a private or the shared profile, whether the evidence page folds static
// requests, whether captures started from the popup record workers, and whether new captures keep
// a picture of the page after each agent action (`screenshots`, as `--screenshots`). Explicit
// `bsk` flags win over them; `foldStatic` changes only what the extension's pages show.


/**
 * @typedef {{
 *   browser: 'headless' | 'visible',
 *   dialogs: 'ask' | 'accept' | 'dismiss',
 *   profile: 'private' | 'shared',
 *   foldStatic: boolean,
 *   workers: boolean,
 *   screenshots: boolean,
 * }} AutomationPreferences
 */

/** @type {Readonly<AutomationPreferences>} */
export const DEFAULT_AUTOMATION = Object.freeze({ browser: 'headless', dialogs: 'ask', profile: 'private', foldStatic: true, workers: false, screenshots: false });

/** The choices of each preference, in the order the popup offers them. */
export const CHOICES = Object.freeze({
  browser: /** @type {const} */ (['headless', 'visible']),
  dialogs: /** @type {const} */ (['ask', 'accept', 'dismiss']),
  profile: /** @type {const} */ (['private', 'shared']),
});

/**
 * Stored preferences made whole: a missing or unknown value reads as its default.
 * @param {unknown} stored
 * @returns {AutomationPreferences}
 */
export function normalized(stored) {
  const s = /** @type {any} */ (stored && typeof stored === 'object' ? stored : {});
  /** @template {string} T @param {readonly T[]} choices @param {unknown} value @param {T} fallback @returns {T} */
  const pick = (choices, value, fallback) => (choices.includes(/** @type {T} */ (value)) ? /** @type {T} */ (value) : fallback);
  return {
    browser: pick(CHOICES.browser, s.browser, DEFAULT_AUTOMATION.browser),
    dialogs: pick(CHOICES.dialogs, s.dialogs, DEFAULT_AUTOMATION.dialogs),
    profile: pick(CHOICES.profile, s.profile, DEFAULT_AUTOMATION.profile),
    foldStatic: typeof s.foldStatic === 'boolean' ? s.foldStatic : DEFAULT_AUTOMATION.foldStatic,
    workers: typeof s.workers === 'boolean' ? s.workers : DEFAULT_AUTOMATION.workers,
    screenshots: typeof s.screenshots === 'boolean' ? s.screenshots : DEFAULT_AUTOMATION.screenshots,
  };
}

/**
 * The stored preferences. Before any is stored here, folding follows `legacyFoldStatic`: the
 * choice an earlier version kept beside them (`fold_static`).
 * @param {import('./history.js').History} history
 * @param {{ legacyFoldStatic?: boolean }} [options]
 * @returns {Promise<AutomationPreferences>}
 */
export async function readPreferences(history, { legacyFoldStatic } = {}) {
  const stored = await history.automation();
  if (stored === undefined && typeof legacyFoldStatic === 'boolean') return normalized({ foldStatic: legacyFoldStatic });
  return normalized(stored);
}

/**
 * Saves a change and returns the whole saved state.
 * @param {import('./history.js').History} history
 * @param {Partial<AutomationPreferences>} patch
 * @returns {Promise<AutomationPreferences>}
 */
export async function savePreferences(history, patch) {
  const next = normalized({ ...(await readPreferences(history)), ...patch });
  await history.setAutomation(next);
  return next;
}
