// The app under test: Swagger UI (swagger-ui-dist, as published on npm) on one loopback origin,
// in front of a small REST API on another (Express with the `cors` middleware), so every JSON
// call the console sends is cross-origin with a CORS preflight. The API's order endpoint fails
// with a 500 whose body says why; Chromium logs the failed load as a console error. Both servers
// listen on 127.0.0.1 only; the console is opened as http://127.0.0.1:PORT and calls the API as
// http://localhost:PORT, which Chromium treats as a different origin.

import http from 'node:http';
import { createRequire } from 'node:module';
import express from 'express';
import cors from 'cors';

const require = createRequire(import.meta.url);
const swaggerDist = require('swagger-ui-dist').getAbsoluteFSPath();

/** The password the flow types into the login body. */
export const PASSWORD = 'correct horse battery staple';
/** What the order endpoint answers: a 500 whose body names the cause. */
export const ORDER_ERROR = {
  error: {
    code: 'STOCK_RESERVATION_FAILED',
    message: "could not reserve 3 of 'Blue widget' (sku BW-2): warehouse eu-1 has 1 left",
    trace_id: 'tr-7f3a9c',
  },
};

/** The API's OpenAPI 3 document; `server` is the API's own origin. */
function openapi(server) {
  const json = (schema, example) => ({ required: true, content: { 'application/json': { schema, example } } });
  const body = (description, schema) => ({ description, content: { 'application/json': { schema } } });
  return {
    openapi: '3.0.3',
    info: { title: 'Widget shop API', version: '1.4.0', description: 'Sign in, list products, place orders.' },
    servers: [{ url: server }],
    tags: [{ name: 'auth' }, { name: 'products' }, { name: 'orders' }],
    paths: {
      '/auth/login': {
        post: {
          tags: ['auth'], summary: 'Sign in', operationId: 'login',
          requestBody: json(
            { type: 'object', required: ['username', 'password'], properties: { username: { type: 'string' }, password: { type: 'string', format: 'password' } } },
            { username: 'string', password: 'string' },
          ),
          responses: {
            200: body('A session token', { type: 'object', properties: { token: { type: 'string' }, expires_in: { type: 'integer' } } }),
            401: body('Wrong username or password', { type: 'object' }),
          },
        },
      },
      '/products': {
        get: {
          tags: ['products'], summary: 'List products', operationId: 'listProducts',
          responses: { 200: body('Products', { type: 'array', items: { type: 'object' } }) },
        },
      },
      '/orders': {
        post: {
          tags: ['orders'], summary: 'Place an order', operationId: 'placeOrder',
          parameters: [{ name: 'X-Session-Token', in: 'header', required: true, description: 'The token from /auth/login', schema: { type: 'string' } }],
          requestBody: json(
            { type: 'object', required: ['product_id', 'quantity'], properties: { product_id: { type: 'integer' }, quantity: { type: 'integer' } } },
            { product_id: 0, quantity: 0 },
          ),
          responses: {
            201: body('The order', { type: 'object' }),
            401: body('No valid session token', { type: 'object' }),
            500: body('The order could not be placed', { type: 'object' }),
          },
        },
      },
    },
  };
}

/**
 * Starts both servers on ephemeral ports of 127.0.0.1.
 * @returns {Promise<{ consoleUrl: string, apiUrl: string, seen: string[], close: () => Promise<void> }>}
 */
export async function startApp() {
  /** Every request the API answered, as `METHOD /path`, in order (the ground truth). */
  const seen = [];
  const tokens = new Set();

  const api = express();
  const apiServer = http.createServer(api);
  await listen(apiServer);
  const apiUrl = `http://localhost:${apiServer.address().port}`;

  let consoleOrigin = '';
  api.use((req, _res, next) => { seen.push(`${req.method} ${req.path}`); next(); });
  api.use(cors({ origin: (origin, done) => done(null, origin === consoleOrigin), allowedHeaders: ['content-type', 'x-session-token'] }));
  api.use(express.json());
  api.get('/openapi.json', (_req, res) => res.json(openapi(apiUrl)));
  api.post('/auth/login', (req, res) => {
    if (req.body?.username !== 'ada' || req.body?.password !== PASSWORD) {
      return res.status(401).json({ error: { code: 'BAD_CREDENTIALS', message: 'wrong username or password' } });
    }
    const token = `tok_${Math.random().toString(36).slice(2, 12)}`;
    tokens.add(token);
    return res.json({ token, expires_in: 3600 });
  });
  api.get('/products', (_req, res) => res.json([
    { id: 1, sku: 'RW-1', name: 'Red widget', stock: 40 },
    { id: 2, sku: 'BW-2', name: 'Blue widget', stock: 1 },
  ]));
  api.post('/orders', (req, res) => {
    if (!tokens.has(req.get('x-session-token') ?? '')) {
      return res.status(401).json({ error: { code: 'NO_SESSION', message: 'send the token from /auth/login as X-Session-Token' } });
    }
    if (req.body?.product_id === 2 && req.body?.quantity > 1) return res.status(500).json(ORDER_ERROR);
    return res.status(201).json({ id: 'ord_1', ...req.body });
  });

  const ui = express();
  ui.get('/swagger-initializer.js', (_req, res) => {
    // The dist's own initializer with its "Changeable Configuration Block" pointed at the API.
    res.type('application/javascript').send(`window.onload = function() {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(`${apiUrl}/openapi.json`)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: "StandaloneLayout"
  });
};
`);
  });
  ui.use(express.static(swaggerDist));
  const uiServer = http.createServer(ui);
  await listen(uiServer);
  const consoleUrl = `http://127.0.0.1:${uiServer.address().port}/`;
  consoleOrigin = consoleUrl.slice(0, -1);

  return {
    consoleUrl,
    apiUrl,
    seen,
    close: async () => {
      for (const server of [apiServer, uiServer]) {
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
