// @ts-check
// Filmstrip pictures in history. With `bsk debug start --screenshots` the daemon keeps a masked
// picture of the page after each agent operation; each travels to the extension once
// (`bskLink.picture`, before the first checkpoint that refers to it), is kept in the `pictures`
// store by [run_id, id], and the record's documents refer to it by id: an operation's `picture`
// without its `base64`. An exported file carries the pictures inline, as `bsk debug export`
// writes them; importing one splits them out again. Pure functions: the checks, the split and
// the join.

import { MAX_PICTURE_BYTES, MAX_PICTURES } from './constants.js';

/**
 * A picture as the `pictures` store keeps it: as `bskLink.picture` carries it.
 * @typedef {import('../types/generated/link-picture').LinkPicture} StoredPicture
 *
 * An operation's picture in an export document: `base64` only where the picture is inline (an
 * exported file), absent in history's documents.
 * @typedef {import('../types/generated/export-document').Picture} OperationPicture
 *
 * What a record's pictures add to its size in history (`RecordMeta.pictures`).
 * @typedef {{ count: number, bytes: number }} PictureTally
 *
 * @typedef {import('./record.js').ExportDocument} ExportDocument
 */

/**
 * The types a picture may have: what the daemon encodes. Anything else (an SVG, which a page
 * could script) is refused, so what the evidence page shows is always a plain image.
 */
export const PICTURE_TYPES = Object.freeze(['image/jpeg', 'image/png']);

/**
 * The picture an operation refers to, if any.
 * @param {unknown} op
 * @returns {OperationPicture | null}
 */
export function pictureOf(op) {
  const picture = /** @type {{ picture?: OperationPicture | null }} */ (op)?.picture;
  return picture && typeof picture === 'object' && typeof picture.id === 'string' ? picture : null;
}

/**
 * Why a picture's own fields cannot be stored as they are, in words; null when they can. The
 * size is checked against the bound and against what its base64 holds (the hash is checked by
 * `checkedPicture`, which can wait for it).
 * @param {any} picture
 * @returns {string | null}
 */
export function pictureProblem(picture) {
  if (typeof picture !== 'object' || picture === null) return 'it is not an object';
  if (typeof picture.id !== 'string' || picture.id === '' || picture.id.length > 64) return 'its id is not a short string';
  if (!PICTURE_TYPES.includes(picture.mime_type)) return `its type is ${JSON.stringify(picture.mime_type)}, not one of ${PICTURE_TYPES.join(', ')}`;
  if (!Number.isSafeInteger(picture.bytes) || picture.bytes <= 0) return 'its size (bytes) is not a positive whole number';
  if (picture.bytes > MAX_PICTURE_BYTES) return `it is ${picture.bytes} bytes, over the ${MAX_PICTURE_BYTES / 1024} KiB a filmstrip picture may be`;
  if (typeof picture.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(picture.sha256)) return 'its sha256 is not 64 lowercase hex digits';
  if (typeof picture.base64 !== 'string') return 'it has no base64';
  const held = decodedLength(picture.base64);
  if (held === null) return 'its base64 is not base64';
  if (held !== picture.bytes) return `its base64 holds ${held} bytes, not the ${picture.bytes} it declares`;
  return null;
}

/**
 * Why a picture cannot be stored, in words, its hash checked too (a picture that arrived damaged
 * is refused rather than shown as evidence); null when it can.
 * @param {any} picture
 * @returns {Promise<string | null>}
 */
export async function pictureFault(picture) {
  const problem = pictureProblem(picture);
  if (problem) return problem;
  return await sha256Hex(picture.base64) === picture.sha256 ? null : 'its bytes do not match its sha256 (damaged on the way)';
}

/**
 * A picture the daemon sent, checked and reduced to what the store keeps; throws, saying what is
 * wrong, when it cannot be stored.
 * @param {unknown} value a `LinkPicture`
 * @returns {Promise<StoredPicture>}
 */
export async function checkedPicture(value) {
  const p = /** @type {any} */ (value);
  const runId = typeof p?.run_id === 'string' && p.run_id !== '' ? p.run_id : null;
  const fault = runId === null ? 'it names no run' : await pictureFault(p);
  if (fault) throw new Error(`picture ${typeof p?.id === 'string' ? p.id : '(no id)'} of run ${runId ?? '(no run id)'} was not stored: ${fault}`);
  return { run_id: /** @type {string} */ (runId), id: p.id, mime_type: p.mime_type, bytes: p.bytes, sha256: p.sha256, base64: p.base64 };
}

/**
 * An exported document's pictures split out: the document as history keeps it (every operation's
 * `picture` without `base64`) and the pictures for the `pictures` store. The document passed in is
 * not changed. Throws, naming the picture by its JSON pointer, when one cannot be stored.
 * @param {ExportDocument} doc a valid export document
 * @returns {Promise<{ doc: ExportDocument, pictures: StoredPicture[] }>}
 */
export async function splitPictures(doc) {
  const runId = doc.run.run_id;
  /** @type {Map<string, StoredPicture>} */
  const pictures = new Map();
  const operations = [];
  for (const [index, op] of (doc.operations ?? []).entries()) {
    const picture = pictureOf(op);
    if (!picture || typeof picture.base64 !== 'string') {
      operations.push(op);
      continue;
    }
    const { base64, ...reference } = picture;
    const earlier = pictures.get(picture.id);
    const fault = await pictureFault(picture)
      ?? (earlier && earlier.sha256 !== picture.sha256 ? `an earlier operation's picture has the id ${picture.id}` : null);
    if (fault) throw new Error(`/operations/${index}/picture: ${fault}`);
    pictures.set(picture.id, { run_id: runId, id: picture.id, mime_type: picture.mime_type, bytes: picture.bytes, sha256: picture.sha256, base64 });
    operations.push({ ...op, picture: reference });
  }
  if (pictures.size > MAX_PICTURES) {
    throw new Error(`the record carries ${pictures.size} pictures, more than the ${MAX_PICTURES} a capture keeps`);
  }
  return { doc: pictures.size ? { ...doc, operations } : doc, pictures: [...pictures.values()] };
}

/**
 * A document with its stored pictures inline, as `bsk debug export` writes it: each operation's
 * `picture` gets its `base64` when the store holds that picture (the same id and hash). A picture
 * that is referenced but not stored stays a reference. The document passed in is not changed.
 * @param {ExportDocument} doc
 * @param {Map<string, StoredPicture>} stored by id
 * @returns {ExportDocument}
 */
export function joinPictures(doc, stored) {
  if (stored.size === 0) return doc;
  const operations = (doc.operations ?? []).map((op) => {
    const picture = pictureOf(op);
    const found = picture ? stored.get(picture.id) : undefined;
    if (!picture || !found || found.sha256 !== picture.sha256 || typeof picture.base64 === 'string') return op;
    return { ...op, picture: { ...picture, base64: found.base64 } };
  });
  return { ...doc, operations };
}

/**
 * What a set of pictures adds to a record's size.
 * @param {Iterable<{ bytes: number }>} pictures
 * @returns {PictureTally}
 */
export function tallyOf(pictures) {
  let count = 0;
  let bytes = 0;
  for (const picture of pictures) {
    count += 1;
    bytes += picture.bytes;
  }
  return { count, bytes };
}

/**
 * How many bytes a base64 text holds; null when it is not base64 (padded, as browsers and the
 * daemon write it).
 * @param {string} base64
 */
export function decodedLength(base64) {
  if (base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return null;
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/**
 * The bytes of a base64 text.
 * @param {string} base64
 */
export function bytesOf(base64) {
  const text = atob(base64);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) out[i] = text.charCodeAt(i);
  return out;
}

/**
 * SHA-256 of what a base64 text holds, as lowercase hex.
 * @param {string} base64
 */
async function sha256Hex(base64) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytesOf(base64)));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}
