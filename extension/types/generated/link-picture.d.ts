// Generated from schema/json/link-picture.schema.json by `npm run generate` in extension-tests; do not edit.

/**
 * `bskLink.picture(…)`: one filmstrip picture of a record, sent once, before the first
 * checkpoint whose document refers to it (an operation's `picture`, without its `base64`).
 * Pictures are immutable; the extension stores each by `(run_id, id)`, counts it in history's
 * budget, and deletes it with its record.
 */
export interface LinkPicture {
  run_id: string;
  /**
   * The picture's id in its record (`p3`), as the operation's `picture.id` names it.
   */
  id: string;
  mime_type: string;
  /**
   * The encoded picture's size.
   */
  bytes: number;
  /**
   * SHA-256 of the encoded bytes, hex.
   */
  sha256: string;
  base64: string;
}
