// The second app under test: RapiDoc (the `rapidoc` package, as published on npm: its own
// bundle, a web component with shadow DOM) as the API console of a developer portal, embedded in
// an iframe of another site, in front of the shop's REST API on a third origin:
//
//   portal  http://127.0.0.1:P/   the bench's page: a heading, a paragraph, <iframe title="API console">
//   console http://localhost:D/   RapiDoc, its OpenAPI document beside it (cross-site iframe)
//   API     http://127.0.0.1:Q    Express with the `cors` middleware
//
// The API lets the console's origin GET and POST but not DELETE (`Access-Control-Allow-Methods:
// GET,HEAD,POST`), so listing orders from the console works and cancelling one does not: its CORS
// preflight answers 204 without DELETE, Chromium never sends the DELETE, logs the CORS error on the
// console and fails the fetch (net::ERR_FAILED), and RapiDoc shows "Failed to fetch (CORS or
// Network Issue)" in the iframe. All three servers listen on 127.0.0.1 only.

import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import express from 'express';
import cors from 'cors';

const require = createRequire(import.meta.url);
const rapidocDist = path.dirname(require.resolve('rapidoc'));

/** The order the flow cancels: the first one the list shows that can still be cancelled. */
export const ORDERS = [
  { id: 'ord_7Q2K9', status: 'shipped', product: 'Red widget', quantity: 1 },
  { id: 'ord_8M4TX', status: 'pending', product: 'Blue widget', quantity: 3 },
];
export const CANCEL_ID = ORDERS[1].id;
/** What the API's CORS policy lets the console's origin use (the cause of the failure). */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'];

/** The API's OpenAPI 3 document; `server` is the API's origin. */
function openapi(server) {
  const body = (description, schema) => ({ description, content: { 'application/json': { schema } } });
  const order = { type: 'object', properties: { id: { type: 'string' }, status: { type: 'string' }, product: { type: 'string' }, quantity: { type: 'integer' } } };
  return {
    openapi: '3.0.3',
    info: { title: 'Widget shop API', version: '1.4.0', description: 'List, place and cancel orders.' },
    servers: [{ url: server }],
    tags: [{ name: 'orders' }],
    paths: {
      '/orders': {
        get: {
          tags: ['orders'], summary: 'List orders', operationId: 'listOrders',
          responses: { 200: body('The orders', { type: 'array', items: order }) },
        },
      },
      '/orders/{orderId}': {
        delete: {
          tags: ['orders'], summary: 'Cancel an order', operationId: 'cancelOrder',
          parameters: [{ name: 'orderId', in: 'path', required: true, description: 'An order id from GET /orders', schema: { type: 'string' } }],
          responses: {
            200: body('The cancelled order', order),
            404: body('No such order', { type: 'object' }),
            409: body('The order has shipped', { type: 'object' }),
          },
        },
      },
    },
  };
}

/**
 * Starts the three servers on ephemeral ports of 127.0.0.1.
 * @returns {Promise<{ portalUrl: string, consoleUrl: string, apiUrl: string, seen: string[], close: () => Promise<void> }>}
 */
export async function startPortalApp() {
  /** Every request the API answered, as `METHOD /path`, in order (the ground truth). */
  const seen = [];

  const api = express();
  const apiServer = http.createServer(api);
  await listen(apiServer);
  const apiUrl = `http://127.0.0.1:${apiServer.address().port}`;

  const docs = express();
  const docsServer = http.createServer(docs);
  await listen(docsServer);
  const consoleUrl = `http://localhost:${docsServer.address().port}/`;
  const consoleOrigin = consoleUrl.slice(0, -1);

  api.use((req, _res, next) => { seen.push(`${req.method} ${req.path}`); next(); });
  api.use(cors({ origin: (origin, done) => done(null, origin === consoleOrigin), methods: ALLOWED_METHODS }));
  api.get('/orders', (_req, res) => res.json(ORDERS));
  api.delete('/orders/:id', (req, res) => {
    const found = ORDERS.find((o) => o.id === req.params.id);
    if (!found) return res.status(404).json({ error: { code: 'NO_SUCH_ORDER' } });
    if (found.status !== 'pending') return res.status(409).json({ error: { code: 'ALREADY_SHIPPED' } });
    return res.json({ ...found, status: 'cancelled' });
  });

  // The console: RapiDoc's bundle from the package, on a page as its README shows it. `read`
  // renders every operation open (its TRY button and fields at hand); in the `view` and `focused`
  // styles an operation opens by clicking a <div> with no role, which bsk's tree gives no ref (see
  // docs/mcp.md). `load-fonts="false"`: no web font from the internet.
  docs.get('/', (_req, res) => {
    res.type('html').send(`<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Widget shop API console</title>
  <script defer src="rapidoc-min.js"></script>
</head>
<body>
  <rapi-doc spec-url="openapi.json" render-style="read" theme="light" show-header="false" load-fonts="false"
    allow-authentication="false" allow-server-selection="false"></rapi-doc>
</body>
</html>
`);
  });
  docs.get('/openapi.json', (_req, res) => res.json(openapi(apiUrl)));
  docs.use(express.static(rapidocDist));

  // The portal: the bench's own page, the console in an iframe of another site (an out-of-process
  // frame in Chromium), taller than the window, so the portal itself scrolls too.
  const portal = express();
  portal.get('/', (_req, res) => {
    res.type('html').send(`<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Widget shop developer portal</title>
  <style>body { font-family: sans-serif; margin: 0 1rem; } iframe { width: 100%; height: 720px; border: 1px solid #ccc; }</style>
</head>
<body>
  <h1>Widget shop developer portal</h1>
  <p>Try the orders API below.</p>
  <iframe title="API console" src="${consoleUrl}"></iframe>
</body>
</html>
`);
  });
  const portalServer = http.createServer(portal);
  await listen(portalServer);
  const portalUrl = `http://127.0.0.1:${portalServer.address().port}/`;

  return {
    portalUrl,
    consoleUrl,
    apiUrl,
    seen,
    close: async () => {
      for (const server of [apiServer, docsServer, portalServer]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(() => resolve(null)));
      }
    },
  };
}

/** @param {http.Server} server */
function listen(server) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(null));
  });
}
