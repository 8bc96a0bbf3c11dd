// @ts-check
// Where the page is: the hash holds it, so every view has a link, Back works, and a reload (or a
// live update) lands on the same place.
//
//   (empty)                                  the history list
//   #run=<run id>                            one record, its timeline
//   #run=<id>&tab=requests&filter=<text>     its requests, filtered
//   #run=<id>&request=<id>                   one request's detail (in the requests tab)
//   #run=<id>&request=<id>&part=response_body   …opened at its response body
//   #run=<id>&tab=summary                    its traffic summary (every request seen, by route)
//   #run=<id>&op=<operation id>              its timeline, at one operation
//   #run=<id>&tab=console&source=website     its console, one source
//   #run=<id>&tab=pages                      its page context
//   #run=<id>&tab=console&entry=<id>         its console, at one entry
//   #run=<id>&q=<text>                       what a search inside the record found
//   #run=<id>&request=<id>&q=<text>&part=<part>   a request at a search match
//   #run=<id>&part=problems                  the record at its Problems part
//   #q=<text>                                the history list, searching
// The names `bsk evidence` writes and docs/debugging.md lists; `view=`, the page's older name
// for `tab=`, is still read.

/** The sections of a record, in tab order. */
export const VIEWS = /** @type {const} */ (['timeline', 'requests', 'summary', 'console', 'pages', 'search']);

/**
 * @typedef {typeof VIEWS[number]} View
 * @typedef {{
 *   run: string | null, view: View, request: string | null, filter: string, source: string | null,
 *   op: string | null, entry: string | null, q: string, part: string | null, route: string | null,
 * }} Route
 */

/**
 * @param {string} hash `location.hash`
 * @returns {Route}
 */
export function parseRoute(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const asked = /** @type {View} */ (params.get('tab') ?? params.get('view'));
  const q = params.get('q') ?? '';
  // With no view named: a request opens in Requests, a search lands on what it found.
  const view = VIEWS.includes(asked) ? asked : params.get('request') ? 'requests' : q ? 'search' : 'timeline';
  return {
    run: params.get('run') || null,
    view,
    request: params.get('request') || null,
    filter: params.get('filter') ?? '',
    source: params.get('source') || null,
    op: params.get('op') || null,
    entry: params.get('entry') || null,
    q,
    part: params.get('part') || null,
    route: params.get('route') || null,
  };
}

/**
 * The hash of a route (with its `#`). Parameters at their defaults are left out.
 * @param {Partial<Route>} route
 */
export function hashOf(route) {
  if (!route.run) return route.q ? `#q=${encodeURIComponent(route.q)}` : '#';
  const params = new URLSearchParams({ run: route.run });
  // The tab a request or a search opens is said by `request=` or `q=` alone.
  const implied = route.request ? 'requests' : route.q ? 'search' : 'timeline';
  if (route.view && route.view !== implied) params.set('tab', route.view);
  if (route.request) params.set('request', route.request);
  if (route.filter) params.set('filter', route.filter);
  if (route.source) params.set('source', route.source);
  if (route.op) params.set('op', route.op);
  if (route.entry) params.set('entry', route.entry);
  if (route.route) params.set('route', route.route);
  if (route.q) params.set('q', route.q);
  if (route.part) params.set('part', route.part);
  // URLSearchParams writes a space as "+"; %20 reads the same and survives copy and paste.
  return `#${params.toString().replaceAll('+', '%20')}`;
}
