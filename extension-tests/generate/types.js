// @ts-check
// The extension's types for what crosses the link and the export document, generated from the
// JSON Schema files the Rust types write (schema/json/), so that the extension's JSDoc cannot
// drift from the daemon's types. The extension imports them as `import('…/types/generated/…').T`.

import { compile } from 'json-schema-to-typescript';

/**
 * The schema files the extension reads or answers, by the name of their generated `.d.ts`.
 * The export document is what history stores and imports; the link messages are what the
 * daemon's `bskLink` calls carry (schema/src/link.rs).
 */
export const TYPED_SCHEMAS = [
  'export-document',
  'link-hello',
  'link-welcome',
  'link-heartbeat',
  'link-goodbye',
  'link-checkpoint',
  'link-checkpoint-ack',
  'link-picture',
  'link-picture-ack',
];

/**
 * The declaration file for one schema. Properties a schema does not name are left out of the
 * types (`additionalProperties: false`), though the validator accepts them: a newer daemon may
 * add fields, and code reads only the ones it knows.
 * @param {object} schema
 * @param {string} name the schema's file name without `.schema.json`
 */
export async function declarations(schema, name) {
  const title = /** @type {{ title?: string }} */ (schema).title ?? name;
  return compile(/** @type {any} */ (schema), title, {
    bannerComment: `// Generated from schema/json/${name}.schema.json by \`npm run generate\` in extension-tests; do not edit.`,
    additionalProperties: false,
    unreachableDefinitions: false,
  });
}
