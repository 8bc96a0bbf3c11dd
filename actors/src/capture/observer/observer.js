// The bsk page observer. It runs in a named isolated world of the main frame only, so the page's
// own scripts never see it; it reports through a binding that exists only in that world.
// The double-underscored placeholders (the binding's name, the bounds, the sensitive-field rule)
// are filled from actors/src/bounds.rs and the redaction rules when it is installed: one
// definition of each.
(() => {
  if (window.top !== window || globalThis.__bskObserver) return;
  const BINDING = '__BINDING__';
  // The contract's bounds: candidate controls, fields, characters per value, characters of page
  // text, lines of accessible names, and the change-report coalescing.
  const MAX_CANDIDATES = __MAX_CANDIDATES__, MAX_FIELDS = __MAX_FIELDS__, MAX_VALUE = __MAX_VALUE__;
  const MAX_TEXT = __MAX_TEXT__, MAX_LINES = __MAX_LINES__, COALESCE_MS = __COALESCE_MS__;
  const NOT_FIELDS = new Set(['hidden', 'submit', 'button', 'reset', 'image']);
  // bsk's one definition of a sensitive field (actors/src/model/redact/names.rs), built from
  // the same lists: (type, autocomplete, name, id) => boolean.
  const SECRET_FIELD = __SECRET_FIELD__;
  // A stable, conventional identity; anything else is not guessed.
  const IDENTITY = /^[A-Za-z0-9_.:\-\[\]]{1,64}$/;

  const send = (message) => {
    try { globalThis[BINDING](JSON.stringify(message)); } catch (_) { /* removed on stop */ }
  };
  const identity = (el) => {
    const id = el.getAttribute('name') || el.id;
    return id && IDENTITY.test(id) ? id : null;
  };
  const formOf = (el) => {
    const form = el.form;
    if (!form) return null;
    return form.id || form.getAttribute('name') || form.getAttribute('action') || 'form';
  };
  const kindOf = (el) => el instanceof HTMLSelectElement ? 'select'
    : el instanceof HTMLTextAreaElement ? 'textarea' : (el.type || 'text');
  const secret = (el) => SECRET_FIELD(el.type, el.getAttribute('autocomplete'), el.getAttribute('name'), el.id);
  const valueOf = (el) => {
    if (el.type === 'checkbox') return el.checked ? (el.value || 'on') : '';
    if (el.type === 'radio') {
      const group = el.form ? el.form.elements[el.name] : document.getElementsByName(el.name);
      const checked = [...(group && group.length !== undefined ? group : [el])].find((r) => r.checked);
      return checked ? checked.value : '';
    }
    if (el instanceof HTMLSelectElement) return [...el.selectedOptions].map((o) => o.value).join(',');
    return el.value == null ? '' : String(el.value);
  };
  const snapshot = (el) => {
    const omitted = secret(el);
    let value = omitted ? null : valueOf(el);
    let truncated = false;
    if (value !== null && value.length > MAX_VALUE) { value = value.slice(0, MAX_VALUE); truncated = true; }
    return { name: identity(el), form: formOf(el), kind: kindOf(el), value, omitted, truncated };
  };
  const isField = (el) => (el instanceof HTMLInputElement && !NOT_FIELDS.has(el.type))
    || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

  const accessibleNames = () => {
    const lines = [];
    for (const el of document.querySelectorAll('[aria-label], img[alt], [title], button, a, h1, h2, h3, label')) {
      const name = (el.getAttribute('aria-label') || el.getAttribute('alt') || el.getAttribute('title')
        || el.textContent || '').trim();
      if (name) lines.push(name.slice(0, 200));
      if (lines.length >= MAX_LINES) break;
    }
    return lines.join('\n');
  };

  const observe = () => {
    const all = document.querySelectorAll('input, select, textarea');
    const candidates = [...all].slice(0, MAX_CANDIDATES);
    const counts = new Map();
    const usable = [];
    let unidentified = 0;
    for (const el of candidates) {
      if (!isField(el)) continue;
      const id = identity(el);
      if (!id) { unidentified++; continue; }
      const seen = counts.get(id);
      // A radio group is one field; any other repeated identity is ambiguous.
      if (el.type === 'radio' && seen && seen.radio) continue;
      counts.set(id, { n: (seen ? seen.n : 0) + 1, radio: el.type === 'radio' });
      usable.push(el);
    }
    const fields = [];
    let overLimit = 0;
    for (const el of usable) {
      if (counts.get(identity(el)).n > 1) { unidentified++; continue; }
      if (fields.length >= MAX_FIELDS) { overLimit++; continue; }
      fields.push(snapshot(el));
    }
    let text = (document.body && document.body.innerText) || '';
    let source = 'dom';
    if (!text.trim()) { source = 'accessibility'; text = accessibleNames(); }
    return {
      at: Date.now(), url: location.href, title: String(document.title || '').slice(0, 300),
      text: text.slice(0, MAX_TEXT), text_truncated: text.length > MAX_TEXT,
      text_source: source, fields, candidates_scanned: candidates.length,
      candidates_over_limit: all.length > MAX_CANDIDATES, unidentified, fields_over_limit: overLimit,
    };
  };

  const describe = (el) => {
    const target = (el.closest && el.closest('a, button, input, select, textarea, label, [role=button]')) || el;
    // A field's value is never a description of what was clicked (it may be a password); only
    // a button-like input's value is its label.
    const label = target instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(target.type)
      ? target.value : '';
    const text = (label || (isField(target) ? '' : target.innerText) || target.getAttribute('aria-label') || '')
      .trim();
    return { tag: (target.tagName || '').toLowerCase(), id: target.id || null,
      name: target.getAttribute ? target.getAttribute('name') : null, text: text.slice(0, 80) };
  };
  const onInput = (event) => {
    if (!event.isTrusted || !isField(event.target)) return;
    send({ kind: 'input', field: snapshot(event.target), at: Date.now() });
  };
  const onClick = (event) => {
    if (!event.isTrusted) return;
    send({ kind: 'click', target: describe(event.target), at: Date.now() });
  };
  const onSubmit = (event) => {
    if (!event.isTrusted) return;
    const form = event.target;
    send({ kind: 'submit', form: form.id || form.getAttribute('name') || form.getAttribute('action') || 'form',
      at: Date.now() });
  };
  let changed = null;
  // Page changes, coalesced (700 ms).
  const mutations = new MutationObserver(() => {
    if (changed) return;
    changed = setTimeout(() => { changed = null; send({ kind: 'changed', at: Date.now() }); }, COALESCE_MS);
  });
  document.addEventListener('input', onInput, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  mutations.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  // A new document (not an install into one already loaded) reports how it was reached.
  if (document.readyState === 'loading') {
    const entry = performance.getEntriesByType('navigation')[0];
    // When the navigation began (before its document request), not when this script ran: the
    // document request and everything the page loaded belong to the person's navigation.
    const began = Math.floor(performance.timeOrigin);
    send({ kind: 'navigation', type: entry ? entry.type : 'navigate', url: location.href,
      at: began > 0 && began <= Date.now() ? began : Date.now() });
    // The page as it loaded, read in the page at that moment, before anyone acts on it.
    window.addEventListener('load', () => send({ kind: 'loaded', observation: observe() }), { once: true });
  }
  globalThis.__bskObserver = {
    observe,
    stop() {
      document.removeEventListener('input', onInput, true);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      mutations.disconnect();
      if (changed) clearTimeout(changed);
      delete globalThis.__bskObserver;
      // `Runtime.removeBinding` stops future worlds from getting the binding; this one keeps its
      // function until it is deleted here.
      delete globalThis[BINDING];
    },
  };
})();
