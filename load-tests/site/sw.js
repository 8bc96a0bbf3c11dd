// Service worker for /sw-page: answers /sw/hello itself, everything else goes to the network.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.pathname === '/sw/hello') {
    event.respondWith(new Response('{"from":"sw"}', { headers: { 'content-type': 'application/json' } }));
  }
});
