// @ts-check
// The request list's order and its waterfall's time axis. Pure functions.

/**
 * The columns the request list sorts by: the value each sorts on, its name in words, each direction in words, and whether a first press puts the highest first (a person sorting by
 * status, size or time looks for the largest).
 * @type {Record<string, { value: (r: any) => number | string, words: string, high: string, low: string, descendingFirst: boolean }>}
 */
export const REQUEST_SORTS = {
  start: { value: (r) => r.started_at, words: 'start time', high: 'latest first', low: 'earliest first', descendingFirst: false },
  // A failure without a status sorts above every status: it is the worst outcome.
  status: { value: (r) => (r.state === 'failed' ? 1000 : typeof r.status === 'number' ? r.status : -1), words: 'status', high: 'failures and highest first', low: 'lowest first', descendingFirst: true },
  method: { value: (r) => String(r.method ?? ''), words: 'method', high: 'Z to A', low: 'A to Z', descendingFirst: false },
  name: { value: (r) => String(r.url ?? ''), words: 'URL', high: 'Z to A', low: 'A to Z', descendingFirst: false },
  type: { value: (r) => String(r.resource_type ?? 'Other'), words: 'type', high: 'Z to A', low: 'A to Z', descendingFirst: false },
  size: { value: (r) => (typeof r.encoded_data_length === 'number' ? r.encoded_data_length : -1), words: 'size', high: 'largest first', low: 'smallest first', descendingFirst: true },
  time: { value: (r) => (r.ended_at ? r.ended_at - r.started_at : -1), words: 'time taken', high: 'slowest first', low: 'fastest first', descendingFirst: true },
};

/**
 * Requests in the chosen order; ties keep the order they started in.
 * @template {{ started_at: number }} T
 * @param {T[]} requests
 * @param {{ key: string, descending: boolean }} sort
 * @returns {T[]}
 */
export function sortRequests(requests, sort) {
  const value = (REQUEST_SORTS[sort.key] ?? REQUEST_SORTS.start).value;
  return requests.map((r, i) => ({ r, i, v: value(r) }))
    .sort((a, b) => {
      const order = typeof a.v === 'string' ? a.v.localeCompare(String(b.v)) : a.v - /** @type {number} */ (b.v);
      return (sort.descending ? -order : order) || a.r.started_at - b.r.started_at || a.i - b.i;
    })
    .map((x) => x.r);
}

/**
 * The waterfall's time axis: from the first listed request's start to the last one's end (or
 * start, for one not finished), at least 1 ms long.
 * @param {{ started_at: number, ended_at?: number | null }[]} requests
 */
export function waterfallScale(requests) {
  if (requests.length === 0) return { from: 0, span: 1 };
  let from = Infinity;
  let to = -Infinity;
  for (const r of requests) {
    from = Math.min(from, r.started_at);
    to = Math.max(to, r.ended_at ?? r.started_at);
  }
  return { from, span: Math.max(to - from, 1) };
}
