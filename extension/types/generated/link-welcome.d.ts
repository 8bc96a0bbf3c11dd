// Generated from schema/json/link-welcome.schema.json by `npm run generate` in extension-tests; do not edit.

/**
 * The extension's answer to [`LinkHello`].
 */
export interface LinkWelcome {
  protocol: number;
  extension_id: string;
  extension_version: string;
}
