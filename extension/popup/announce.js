// @ts-check
// The popup's live region: what an action did, said to a screen reader. The same words are
// also shown next to the action, for everyone else.

const region = /** @type {HTMLElement} */ (document.getElementById('announce'));

export function announce(/** @type {string} */ text) {
  region.textContent = text;
}
