// Generated from schema/json/link-picture-ack.schema.json by `npm run generate` in extension-tests; do not edit.

/**
 * The extension's answer to [`LinkPicture`] once the picture is committed to IndexedDB.
 */
export interface PictureAck {
  run_id: string;
  id: string;
}
