// @ts-check
// The filmstrip: the picture of the page kept after each agent operation settled (`bsk debug
// start --screenshots`): a strip above the timeline in operation order, a thumbnail beside each
// operation, and one picture enlarged over the page (Escape or Close, ← and → for the others). A
// picture the record refers to but history does not hold says so in words, never as a broken
// image.

import { MAX_PICTURE_BYTES, MAX_PICTURES } from '../lib/constants.js';
import { pictureOf } from '../lib/pictures.js';
import { h } from './dom.js';
import { bytes, count, offset, plural } from './format.js';
import { operationLabel } from './names.js';

/**
 * @typedef {import('./record-view.js').Ctx} Ctx
 * @typedef {import('../lib/pictures.js').OperationPicture} OperationPicture
 * @typedef {{ op: any, picture: OperationPicture, url: string | null }} Frame
 */

/** What an operation whose picture is referenced but not stored shows instead. */
export const NOT_STORED = 'picture not stored';

const NOT_STORED_NOTE = 'The record refers to a picture of the page after this operation, but this browser’s history does not hold it.';

/** What a picture the browser cannot decode shows instead of a broken image. */
const NOT_SHOWN = 'picture cannot be shown';

const NOT_SHOWN_NOTE = 'The picture of the page after this operation is stored, but it is not an image this browser can read.';

/**
 * Pictures the daemon did not keep, in words: "1 picture dropped (at most 40, 48 KiB each)".
 * @param {number} n
 */
export function picturesDropped(n) {
  return `${plural(n, 'picture')} dropped (at most ${MAX_PICTURES}, ${MAX_PICTURE_BYTES / 1024} KiB each)`;
}

/**
 * How many pictures the daemon did not keep (`run.counters.pictures_dropped`).
 * @param {Ctx} ctx
 */
export function droppedPictures(ctx) {
  return Number(ctx.doc.run.counters?.pictures_dropped ?? 0) || 0;
}

/**
 * The operations that refer to a picture, in operation order.
 * @param {Ctx} ctx
 * @returns {Frame[]}
 */
function frames(ctx) {
  return (ctx.doc.operations ?? []).flatMap((op) => {
    const picture = pictureOf(op);
    return picture ? [{ op, picture, url: ctx.pictureUrl(picture) }] : [];
  });
}

/**
 * The strip above the timeline; nothing for a capture that keeps no pictures.
 * @param {Ctx} ctx
 */
export function filmstripView(ctx) {
  const all = frames(ctx);
  const dropped = droppedPictures(ctx);
  const screenshots = ctx.doc.run.coverage?.screenshots === true;
  if (all.length === 0 && !screenshots && !dropped) return null;
  const stored = all.filter((f) => f.url).length;
  const counts = [
    plural(stored, 'picture'),
    all.length > stored ? `${count(all.length - stored)} not stored` : null,
    dropped ? picturesDropped(dropped) : null,
  ].filter(Boolean).join(' · ');
  return h('section', { class: 'filmstrip', 'aria-labelledby': 'filmstrip-title' },
    h('div', { class: 'filmstrip-head' },
      h('h3', { id: 'filmstrip-title' }, 'The page after each agent operation'),
      h('span', { class: 'filmstrip-count' }, counts)),
    all.length === 0
      ? h('p', { class: 'filmstrip-empty' }, ctx.doc.run.state === 'active' && !ctx.meta.imported
        ? 'No picture yet: one is kept once each agent operation settles.'
        : 'No picture was kept.')
      : h('ol', { class: 'filmstrip-frames' }, all.map((frame) => h('li', { class: 'frame' },
        frame.url ? thumbnail(ctx, frame, 'strip', 'frame-picture') : missing('frame-picture', NOT_STORED, NOT_STORED_NOTE),
        h('a', { class: 'frame-caption', href: ctx.href({ view: 'timeline', op: frame.op.id }), title: `${frame.op.id} ${operationLabel(frame.op)}` },
          h('span', { class: 'frame-op' }, frame.op.id), ' ', h('span', { class: 'frame-label' }, operationLabel(frame.op)))))));
}

/**
 * The picture beside an operation in the timeline; nothing when it has none.
 * @param {Ctx} ctx
 * @param {any} op
 */
export function operationPicture(ctx, op) {
  const picture = pictureOf(op);
  if (!picture) return null;
  const url = ctx.pictureUrl(picture);
  return url ? thumbnail(ctx, { op, picture, url }, 'op', 'op-picture') : missing('op-picture', NOT_STORED, NOT_STORED_NOTE);
}

/**
 * A thumbnail that enlarges its picture.
 * @param {Ctx} ctx
 * @param {Frame} frame
 * @param {'strip' | 'op'} where
 * @param {string} cls
 */
function thumbnail(ctx, frame, where, cls) {
  const label = operationLabel(frame.op);
  const image = h('img', { src: frame.url, alt: '', width: frame.picture.width, height: frame.picture.height, decoding: 'async' });
  const button = h('button', {
    type: 'button', class: `${cls} picture-thumb`, 'data-focus-key': `picture:${where}:${frame.op.id}`,
    'aria-label': `Enlarge the picture of the page after ${frame.op.id}: ${label}`,
    title: `The page after ${frame.op.id} ${label} — click to enlarge`,
    onclick: () => enlarge(ctx, frame.op.id, `picture:${where}:${frame.op.id}`),
  }, image);
  // Bytes that are not an image (stored as sent) are said in words, not shown broken.
  image.addEventListener('error', () => button.replaceWith(missing(cls, NOT_SHOWN, NOT_SHOWN_NOTE)), { once: true });
  return button;
}

/**
 * Words in a picture's place.
 * @param {string} cls
 * @param {string} words
 * @param {string} note
 */
function missing(cls, words, note) {
  return h('span', { class: `${cls} picture-missing`, title: note }, words);
}

/**
 * Shows one operation's picture over the page, in a modal dialog: Escape, Close or a click
 * beside it closes it, ← and → (or Previous and Next) go through the record's other pictures.
 * Focus goes back to the thumbnail that opened it.
 * @param {Ctx} ctx
 * @param {string} opId
 * @param {string} [returnTo] the `data-focus-key` of what opened it
 */
export function enlarge(ctx, opId, returnTo) {
  const shown = frames(ctx).filter((f) => f.url);
  let at = Math.max(0, shown.findIndex((f) => f.op.id === opId));
  if (shown.length === 0) return;

  const title = h('h2', { id: 'picture-dialog-title' });
  const facts = h('p', { class: 'picture-dialog-facts' });
  const image = h('img', { class: 'picture-full' });
  const previous = h('button', { type: 'button', class: 'picture-previous', onclick: () => go(-1) }, '← Previous');
  const next = h('button', { type: 'button', class: 'picture-next', onclick: () => go(1) }, 'Next →');
  const inTimeline = h('a', { class: 'picture-in-timeline', onclick: () => { leaving = true; dialog.close(); } }, 'Show it in the timeline');
  const dialog = h('dialog', { class: 'picture-dialog', 'aria-labelledby': 'picture-dialog-title' },
    h('div', { class: 'picture-dialog-body' },
      h('header', { class: 'picture-dialog-bar' },
        h('div', { class: 'picture-dialog-title' }, title, facts),
        h('button', { type: 'button', class: 'picture-close', onclick: () => dialog.close() }, 'Close')),
      h('div', { class: 'picture-frame' }, image),
      h('footer', { class: 'picture-dialog-nav' }, previous, inTimeline, next)));
  /** Set when the reader follows the link to the operation: focus goes there, not back. */
  let leaving = false;

  const draw = () => {
    const { op, picture, url } = shown[at];
    const label = operationLabel(op);
    title.replaceChildren(h('span', { class: 'frame-op' }, op.id), ' ', label);
    facts.textContent = [
      `The page after the operation, taken ${offset(picture.taken_at, ctx.start)}`,
      `${picture.width}×${picture.height}`,
      bytes(picture.bytes),
      `${at + 1} of ${shown.length}`,
    ].join(' · ');
    image.src = /** @type {string} */ (url);
    image.alt = label;
    image.width = picture.width;
    image.height = picture.height;
    inTimeline.href = ctx.href({ view: 'timeline', op: op.id });
    previous.disabled = at === 0;
    next.disabled = at === shown.length - 1;
  };
  /** @param {number} step */
  const go = (step) => {
    const to = Math.min(shown.length - 1, Math.max(0, at + step));
    if (to === at) return;
    at = to;
    draw();
    // A button that became disabled loses focus: the one still usable takes it.
    if (document.activeElement === document.body || /** @type {HTMLButtonElement} */ (document.activeElement)?.disabled) {
      (previous.disabled ? next : previous).focus();
    }
  };

  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
  });
  // A click on the backdrop lands on the dialog itself; its content is the body within.
  dialog.addEventListener('click', (event) => { if (event.target === dialog) dialog.close(); });
  dialog.addEventListener('close', () => {
    dialog.remove();
    if (leaving || !returnTo) return;
    // A live record may have redrawn the thumbnail meanwhile: focus goes to its new copy.
    const opener = /** @type {HTMLElement | null} */ (document.querySelector(`[data-focus-key="${CSS.escape(returnTo)}"]`));
    if (opener && document.activeElement !== opener) opener.focus();
  });
  draw();
  document.body.append(dialog);
  dialog.showModal();
}
