// @ts-check
// Which requests are folded by default, the request filter and the traffic summary's routes.
// Pure functions.

import { BOUNDS } from '../lib/generated/words.js';

/**
 * Chrome resource types that are static resources: the daemon's one list
 * (`STATIC_TYPES` in actors/src/store/windows.rs), generated. The page folds what the daemon's
 * operation windows fold: both run the table schema/fixtures/windows/cases.json.
 */
export const STATIC_TYPES = new Set(BOUNDS.staticTypes);

/**
 * Static resources, `data:` URLs and extension traffic (the favicon included): folded by default
 * in the request list (never removed from history or export). A request that failed or answered
 * 4xx/5xx is never folded: a problem is listed where it happened.
 * @param {any} request
 */
export function isFolded(request) {
  const url = request.url ?? '';
  if (request.state === 'failed' || (typeof request.status === 'number' && request.status >= 400)) return false;
  return STATIC_TYPES.has(request.resource_type) || url.startsWith('chrome-extension://') || url.startsWith('data:')
    || url.endsWith('/favicon.ico');
}

/** Why a request is folded: "static" or "extension". */
export function foldKind(/** @type {any} */ request) {
  return request.url?.startsWith('chrome-extension://') ? 'extension' : 'static';
}

/** Body states that mean "the text is not all here". */
export const NOT_AVAILABLE = ['pending', 'truncated', 'unavailable', 'omitted', 'evicted', 'not_in_event'];

/**
 * Parses the filter box. Plain words match the URL, method, status, type or MIME type; `key:value`
 * words narrow by a field: `body:truncated` (either body), `state:failed`, `status:404`,
 * `status:4xx`, `method:post`, `type:fetch`, `id:r12`.
 * @param {string} text
 * @returns {(request: any) => boolean}
 */
export function requestFilter(text) {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return () => true;
  const tests = words.map((word) => {
    const colon = word.indexOf(':');
    const key = colon > 0 ? word.slice(0, colon) : '';
    const value = colon > 0 ? word.slice(colon + 1) : word;
    switch (key) {
      case 'body':
        return (/** @type {any} */ r) => r.request_body?.state === value || r.response_body?.state === value
          || r.request_body?.reason === value || r.response_body?.reason === value;
      case 'state':
        return (/** @type {any} */ r) => r.state === value;
      case 'status':
        return (/** @type {any} */ r) => statusMatches(r.status, value);
      case 'method':
        return (/** @type {any} */ r) => r.method?.toLowerCase() === value;
      case 'type':
        return (/** @type {any} */ r) => (r.resource_type ?? 'other').toLowerCase() === value;
      case 'id':
        return (/** @type {any} */ r) => r.id.toLowerCase() === value;
      default:
        return (/** @type {any} */ r) => [r.url, r.method, r.status, r.resource_type, r.mime_type, r.state, r.failure]
          .filter((x) => x !== undefined && x !== null).join(' ').toLowerCase().includes(word);
    }
  });
  return (request) => tests.every((test) => test(request));
}

/**
 * @param {number | undefined} status
 * @param {string} value "404" or "4xx"
 */
function statusMatches(status, value) {
  if (status === undefined || status === null) return value === 'none';
  if (/^\dxx$/.test(value)) return String(status)[0] === value[0];
  return String(status) === value;
}

/**
 * Whether a request is on a traffic-summary route (`GET 127.0.0.1:3000/api/users/{id}`): same
 * method, and the same route as the summary writes it ([`route`]).
 * @param {string} methodAndRoute
 * @returns {(request: any) => boolean}
 */
export function routeFilter(methodAndRoute) {
  const space = methodAndRoute.indexOf(' ');
  if (space < 0) return () => false;
  const method = methodAndRoute.slice(0, space);
  const wanted = methodAndRoute.slice(space + 1);
  return (request) => request.method === method && route(String(request.url ?? '')) === wanted;
}

/**
 * A URL's route as the traffic summary writes it (`route_key` in actors/src/store/summary.rs):
 * host and path, identifier-like segments as `{id}`, no query; `data:` and the like are their
 * scheme. Both run the table schema/fixtures/routes/cases.json.
 * @param {string} url
 */
export function route(url) {
  const colon = url.indexOf(':');
  if (colon < 0) return url;
  const scheme = url.slice(0, colon);
  if (!url.startsWith('//', colon + 1)) return `${scheme}:`;
  const rest = url.slice(colon + 3).split(/[?#]/)[0];
  const slash = rest.indexOf('/');
  const host = (slash < 0 ? rest : rest.slice(0, slash)).split('@').at(-1) ?? '';
  const path = slash < 0 ? '/' : rest.slice(slash);
  const prefix = scheme === 'http' || scheme === 'https' ? '' : `${scheme}://`;
  return `${prefix}${host}${path.split('/').map((s) => (isIdentifier(s) ? '{id}' : s)).join('/')}`;
}

/** Numeric, UUID, or hexadecimal of 16 characters or more with a digit. */
function isIdentifier(/** @type {string} */ segment) {
  if (/^\d+$/.test(segment)) return true;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment)) return true;
  return segment.length >= 16 && /^[0-9a-f]+$/i.test(segment) && /\d/.test(segment);
}
