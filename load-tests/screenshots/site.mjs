// The pages the screenshot benchmark looks at, served on 127.0.0.1 only:
//
// - `/form` on http://127.0.0.1:P: a sign-in page about 1280×800 of content — a heading, text,
//   coloured blocks, a login form whose email and password are filled, and a payment card iframe
//   from http://b.localhost:P (another site, so Chromium puts it in its own renderer process)
//   whose card number is filled (`autocomplete="cc-number"`);
// - `/card` on b.localhost: that iframe;
// - `/fetch`: a second page with a button that fetches `/api/items` and shows the answer, and a
//   note field.
//
// Chromium resolves every `*.localhost` name to the loopback address by itself, so no hosts file
// is needed; the server listens on 127.0.0.1 and answers whichever host name reached it.

import http from 'node:http';

export const EMAIL = 'ada@example.com';
export const PASSWORD = 'correct-horse-battery-staple';
export const CARD = '4111 1111 1111 1111';

const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.45 system-ui, sans-serif; color: #1d2330; background: #f4f6fa; }
  header { background: #1f4fd1; color: #fff; padding: 18px 40px; display: flex; align-items: center; gap: 16px; }
  header .logo { width: 36px; height: 36px; border-radius: 8px; background: linear-gradient(135deg, #ffd54a, #ff7a45); }
  header nav { margin-left: auto; display: flex; gap: 24px; font-size: 15px; }
  main { display: grid; grid-template-columns: 1fr 460px; gap: 32px; padding: 28px 40px; }
  h1 { margin: 0 0 8px; font-size: 30px; }
  .blocks { display: grid; grid-template-columns: repeat(3, 1fr); gap: 14px; margin: 20px 0; }
  .blocks div { height: 120px; border-radius: 10px; color: #fff; padding: 12px; font-weight: 600; }
  .b1 { background: linear-gradient(160deg, #2bb673, #0e7c4a); }
  .b2 { background: linear-gradient(160deg, #f2994a, #d9541e); }
  .b3 { background: linear-gradient(160deg, #9b51e0, #5b2ca0); }
  .panel { background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 2px 8px rgba(0,0,0,.08); }
  label { display: block; margin: 14px 0 4px; font-weight: 600; font-size: 14px; }
  input[type=email], input[type=password], input[type=text] { width: 100%; padding: 10px 12px; font-size: 16px; border: 1px solid #b8c0cc; border-radius: 6px; }
  iframe { width: 100%; height: 150px; border: 1px dashed #9aa5b5; border-radius: 8px; margin-top: 14px; background: #fff; }
  button { margin-top: 16px; padding: 10px 18px; font-size: 16px; background: #1f4fd1; color: #fff; border: 0; border-radius: 6px; }
  footer { padding: 0 40px 24px; color: #5b6474; font-size: 14px; }
`;

function formPage(frameOrigin) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in — Harbour Books</title><style>${STYLE}</style></head>
<body>
<header><div class="logo"></div><strong>Harbour Books</strong>
  <nav><span>Catalogue</span><span>Orders</span><span>Help</span></nav></header>
<main>
  <section>
    <h1>Welcome back</h1>
    <p>Sign in to see your orders, download invoices and change how we deliver. Your basket is kept
    for thirty days; items reserved for you are held until the end of the day.</p>
    <div class="blocks"><div class="b1">Orders<br>3 on the way</div><div class="b2">Invoices<br>12 this year</div><div class="b3">Rewards<br>420 points</div></div>
    <p>Paying by card? The card field below is served by our payment provider from another site, in
    its own frame. We never see the number; the provider stores it and sends us a token.</p>
    <svg width="100%" height="150" viewBox="0 0 600 150" role="img" aria-label="Deliveries per month">
      <rect x="0" y="0" width="600" height="150" fill="#e8edf7"/>
      ${[40, 70, 55, 95, 120, 80, 110, 130, 90, 60].map((h, i) => `<rect x="${20 + i * 58}" y="${140 - h}" width="40" height="${h}" fill="#1f4fd1" opacity="${0.4 + i * 0.06}"/>`).join('')}
    </svg>
  </section>
  <section class="panel">
    <form id="login" action="/signin" method="post" onsubmit="event.preventDefault()">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="email" value="${EMAIL}">
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" value="${PASSWORD}">
      <label><input id="remember" type="checkbox"> Keep me signed in</label>
      <iframe id="card" title="Card payment" src="${frameOrigin}/card"></iframe>
      <button id="signin" type="submit">Sign in</button>
    </form>
  </section>
</main>
<footer>Harbour Books Ltd · 12 Quay Street · Support: help@harbour.example</footer>
</body></html>`;
}

const CARD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card</title>
<style>body { margin: 0; padding: 12px 16px; font: 14px system-ui, sans-serif; background: #fbfcfe; }
label { display: block; font-weight: 600; margin-bottom: 4px; }
input { width: 100%; padding: 9px 10px; font-size: 16px; border: 1px solid #b8c0cc; border-radius: 6px; box-sizing: border-box; }
.row { display: flex; gap: 10px; margin-top: 8px; } .row input { width: 50%; }</style></head>
<body><label for="cc">Card number (PayCo)</label>
<input id="cc" name="cardnumber" autocomplete="cc-number" inputmode="numeric" value="${CARD}">
<div class="row"><input id="exp" autocomplete="cc-exp" value="12 / 29" aria-label="Expiry"><input id="name" autocomplete="cc-name" value="Ada Lovelace" aria-label="Name on card"></div>
</body></html>`;

const FETCH_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Orders — Harbour Books</title><style>${STYLE}</style></head>
<body>
<header><div class="logo"></div><strong>Harbour Books</strong><nav><span>Catalogue</span><span>Orders</span></nav></header>
<main><section>
  <h1>Your orders</h1>
  <p>Load your orders from the server. A note is kept with the next order.</p>
  <button id="load" onclick="load()">Load orders</button>
  <ul id="list"></ul>
  <label for="note">Note</label><input id="note" type="text" value="">
</section><section class="panel"><div class="blocks"><div class="b1">A</div><div class="b2">B</div><div class="b3">C</div></div></section></main>
<script>
async function load() {
  const r = await fetch('/api/items');
  const items = await r.json();
  document.getElementById('list').innerHTML = items.map((i) => '<li>' + i.title + ' — ' + i.state + '</li>').join('');
}
</script>
</body></html>`;

const ITEMS = JSON.stringify([
  { id: 1, title: 'The Analytical Engine', state: 'shipped' },
  { id: 2, title: 'Notes on the Difference Engine', state: 'packing' },
  { id: 3, title: 'Sketch of the Analytical Engine', state: 'delivered' },
]);

/**
 * Serves the pages on 127.0.0.1 on a free port.
 * @returns {Promise<{ formUrl: string, fetchUrl: string, port: number, close: () => Promise<void> }>}
 */
export async function startSite() {
  const server = http.createServer((req, res) => {
    const port = server.address().port;
    const path = new URL(req.url, 'http://x').pathname;
    const send = (status, type, body) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (path === '/form') return send(200, 'text/html; charset=utf-8', formPage(`http://b.localhost:${port}`));
    if (path === '/card') return send(200, 'text/html; charset=utf-8', CARD_PAGE);
    if (path === '/fetch') return send(200, 'text/html; charset=utf-8', FETCH_PAGE);
    if (path === '/api/items') return setTimeout(() => send(200, 'application/json', ITEMS), 40);
    return send(404, 'text/plain', 'not found');
  });
  // Keep-alive sockets would hold close() open; the pages are small.
  server.keepAliveTimeout = 1000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    port,
    formUrl: `http://127.0.0.1:${port}/form`,
    fetchUrl: `http://127.0.0.1:${port}/fetch`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
