// @ts-check
// The filmstrip pictures of the record on show, as object URLs the page's images use. Pictures
// never change, so each is read from history and decoded once, when a document first refers to
// it, and kept while the record is on show: a live record's redraws reuse them. A picture a
// document carries inline (`base64`) is used as it is.

import { PICTURE_TYPES, bytesOf, pictureOf } from '../lib/pictures.js';

/** @typedef {import('../lib/pictures.js').OperationPicture} OperationPicture */

export class PictureUrls {
  /**
   * @param {import('../lib/history.js').History} history
   * @param {string} runId
   */
  constructor(history, runId) {
    this.history = history;
    this.runId = runId;
    /**
     * Object URLs by picture (`id` and hash): a picture referred to but not in the store has none.
     * @type {Map<string, string>}
     */
    this.urls = new Map();
  }

  /**
   * Reads the pictures `doc` refers to that are not read yet. Throws the storage error when they
   * cannot be read (the record is shown all the same, its pictures as not stored).
   * @param {import('../lib/record.js').ExportDocument} doc
   */
  async load(doc) {
    /** @type {OperationPicture[]} */
    const wanted = [];
    for (const op of doc.operations ?? []) {
      const picture = pictureOf(op);
      if (!picture || this.urls.has(keyOf(picture))) continue;
      if (typeof picture.base64 === 'string') this.add(picture, picture.base64);
      else wanted.push(picture);
    }
    if (wanted.length === 0) return;
    const stored = await this.history.pictures(this.runId, wanted.map((p) => p.id));
    for (const picture of wanted) {
      const found = stored.get(picture.id);
      // The store's copy is the one referred to only when its hash is the reference's.
      if (found && found.sha256 === picture.sha256) this.add(picture, found.base64);
    }
  }

  /**
   * The URL of an operation's picture; null when it is referred to but not stored.
   * @param {OperationPicture} picture
   */
  urlOf(picture) {
    return this.urls.get(keyOf(picture)) ?? null;
  }

  /** Lets go of every picture (the record is no longer on show). */
  dispose() {
    for (const url of this.urls.values()) URL.revokeObjectURL(url);
    this.urls.clear();
  }

  /**
   * @param {OperationPicture} picture
   * @param {string} base64
   */
  add(picture, base64) {
    // A blob URL has this page's origin: only a plain image type is ever given one (an SVG
    // opened from it in a tab of its own could run script here).
    if (!PICTURE_TYPES.includes(picture.mime_type)) return;
    try {
      const blob = new Blob([bytesOf(base64)], { type: picture.mime_type });
      this.urls.set(keyOf(picture), URL.createObjectURL(blob));
    } catch {
      // Not base64 after all: the picture reads as not stored.
    }
  }
}

/** @param {OperationPicture} picture */
function keyOf(picture) {
  return `${picture.id} ${picture.sha256}`;
}
