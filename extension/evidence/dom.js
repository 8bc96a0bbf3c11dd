// @ts-check
// Building DOM from data. Record content is untrusted page data, so every string becomes a text
// node (never HTML): there is no innerHTML anywhere in the evidence page.

/**
 * @typedef {string | number | Node | null | undefined | false | ChildList} Child
 * @typedef {Child[]} ChildList nested lists are flattened
 * @typedef {Record<string, string | number | boolean | null | undefined | EventListener>} Attrs
 */

/**
 * An element with attributes and children. `on<event>` attributes that are functions become
 * listeners; `class` and `text` are shorthands; `false`/`null`/`undefined` are skipped.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    if (typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
    } else if (key === 'class') {
      el.className = String(value);
    } else if (key === 'text') {
      el.textContent = String(value);
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

/**
 * @param {Node} parent
 * @param {Child[]} children
 */
export function append(parent, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
  return parent;
}

/** Removes every child of `node`. */
export function clear(/** @type {Node} */ node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/** Replaces the children of `node`. */
export function replace(/** @type {Node} */ node, /** @type {Child[]} */ ...children) {
  clear(node);
  return append(node, children);
}

/**
 * A `<details>` whose content is built the first time it is opened: long texts (page text,
 * bodies) cost nothing until someone asks for them.
 * @param {Child} summary
 * @param {() => Child} build
 * @param {{ class?: string, open?: boolean }} [options]
 */
export function lazyDetails(summary, build, options = {}) {
  const body = h('div', { class: 'details-body' });
  const details = h('details', { class: options.class ?? null }, h('summary', null, summary), body);
  let built = false;
  const fill = () => {
    if (built || !details.open) return;
    built = true;
    append(body, [build()]);
  };
  details.addEventListener('toggle', fill);
  if (options.open) {
    details.open = true;
    fill();
  }
  return details;
}

/**
 * A definition list from `[term, description]` pairs; pairs with an empty description are left
 * out.
 * @param {[string, Child][]} pairs
 * @param {string} [cls]
 */
export function dl(pairs, cls = 'facts') {
  const list = h('dl', { class: cls });
  for (const [term, description] of pairs) {
    if (description === null || description === undefined || description === '' || description === false) continue;
    list.append(h('dt', null, term), h('dd', null, description));
  }
  return list;
}

/** A short piece of state as a word with a class for its colour, never colour alone. */
export function badge(/** @type {string} */ word, /** @type {string} */ kind = word) {
  return h('span', { class: `badge badge-${kind.replace(/[^a-z0-9_-]/gi, '')}` }, word);
}

/**
 * Which element has focus, by its `id` or `data-focus-key`, and where its caret is: redrawing
 * replaces elements, and a reader's focus must land on the new copy.
 */
export function focusState() {
  const el = /** @type {HTMLElement | null} */ (document.activeElement);
  if (!el || el === document.body) return null;
  const input = el instanceof HTMLInputElement ? el : null;
  return {
    id: el.id || null,
    key: el.dataset.focusKey ?? null,
    selection: input ? [input.selectionStart, input.selectionEnd] : null,
  };
}

/**
 * @param {HTMLElement} root
 * @param {ReturnType<typeof focusState>} state
 */
export function restoreFocus(root, state) {
  if (!state) return;
  const el = /** @type {HTMLElement | null} */ (state.id ? document.getElementById(state.id)
    : state.key ? root.querySelector(`[data-focus-key="${CSS.escape(state.key)}"]`) : null);
  if (!el || el === document.activeElement) return;
  el.focus({ preventScroll: true });
  if (el instanceof HTMLInputElement && state.selection) {
    el.setSelectionRange(state.selection[0], state.selection[1]);
  }
}

/**
 * A text with every case-insensitive occurrence of `q` in `<mark>` (text nodes only: the text
 * is page data).
 * @param {string} text
 * @param {string} q
 * @returns {(string | HTMLElement)[]}
 */
export function marked(text, q) {
  const needle = q.toLowerCase();
  if (!needle) return [text];
  const lower = text.toLowerCase();
  /** @type {(string | HTMLElement)[]} */
  const out = [];
  let at = 0;
  for (let i = lower.indexOf(needle); i !== -1; i = lower.indexOf(needle, i + needle.length)) {
    if (i > at) out.push(text.slice(at, i));
    out.push(h('mark', { class: 'hit' }, text.slice(i, i + needle.length)));
    at = i + needle.length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
