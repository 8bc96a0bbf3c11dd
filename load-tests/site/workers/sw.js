// A service worker (scope /workers/) that fetches on its own when a page asks it to, and
// answers the status: a request no page made.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('message', (event) => {
  event.waitUntil((async () => {
    const r = await fetch('/echo?from=service-worker');
    event.source.postMessage({ sw: r.status });
  })());
});
