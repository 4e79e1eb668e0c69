// What a page costs to load and to serve: its HTML, JavaScript and CSS, as they are and as
// they are sent (brotli: pages compressed per answer, assets at build time), and the time to
// answer the page (a guest's page comes from the page cache after the first). A measurement,
// not a test.
//   node tools/bench/web-weight.mjs [baseUrl] [paths...]
// Defaults: http://localhost:3000, "/" and "/he". Start the site first (npm start).
import { get } from 'node:http';

const [baseUrl = 'http://localhost:3000', ...rest] = process.argv.slice(2);
const paths = rest.length > 0 ? rest : ['/', '/he'];
const RUNS = 50;

async function assetsOf(html) {
  const urls = new Set();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g))
    urls.add(match[1]);
  for (const match of html.matchAll(/import \* as \w+ from "([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/"module":\s*"([^"]+\.js)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g))
    urls.add(match[1]);
  return [...urls];
}

// The bytes on the wire for `url` when the client accepts brotli, and the bytes it decodes to.
async function weigh(url) {
  const sent = await new Promise((done, failed) =>
    get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => done(bytes));
    }).on('error', failed),
  );
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  return { size: body.length, sent };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const path of paths) {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const page = await weigh(`${baseUrl}${path}`);
  const totals = { js: { size: 0, sent: 0, count: 0 }, css: { size: 0, sent: 0, count: 0 } };
  for (const url of await assetsOf(html)) {
    const asset = await weigh(new URL(url, baseUrl).href);
    const total = url.endsWith('.css') ? totals.css : totals.js;
    total.size += asset.size;
    total.sent += asset.sent;
    total.count += 1;
  }
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await (await fetch(`${baseUrl}${path}`)).text();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${path}: HTML ${kb(page.size)} (sent ${kb(page.sent)}), ` +
      `JS ${totals.js.count} files ${kb(totals.js.size)} (sent ${kb(totals.js.sent)}), ` +
      `CSS ${kb(totals.css.size)} (sent ${kb(totals.css.sent)}), ` +
      `answer p50 ${times[Math.floor(RUNS * 0.5)].toFixed(1)} ms, p95 ${times[Math.floor(RUNS * 0.95)].toFixed(1)} ms over ${RUNS} requests`,
  );
}
