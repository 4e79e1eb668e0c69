// What a page costs to load and to render: JavaScript and CSS shipped (raw and
// gzip) and server render time. A measurement, not a test.
//   node tools/bench/web-weight.mjs [baseUrl] [paths...]
// Defaults: http://localhost:3000, "/" and "/he". Start the site first (npm start).
import { gzipSync } from 'node:zlib';

const [baseUrl = 'http://localhost:3000', ...rest] = process.argv.slice(2);
const paths = rest.length > 0 ? rest : ['/', '/he'];
const RUNS = 50;

async function assetsOf(html) {
  const urls = new Set();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g))
    urls.add(match[1]);
  for (const match of html.matchAll(/import \* as \w+ from "([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/"module":\s*"([^"]+\.js)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)) urls.add(match[1]);
  return [...urls];
}

for (const path of paths) {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  let js = 0;
  let jsGzip = 0;
  let css = 0;
  let cssGzip = 0;
  for (const url of await assetsOf(html)) {
    const body = Buffer.from(await (await fetch(new URL(url, baseUrl))).arrayBuffer());
    const gz = gzipSync(body, { level: 9 }).length;
    if (url.endsWith('.css')) {
      css += body.length;
      cssGzip += gz;
    } else {
      js += body.length;
      jsGzip += gz;
    }
  }
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await (await fetch(`${baseUrl}${path}`)).text();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `${path}: HTML ${kb(Buffer.byteLength(html))} (gzip ${kb(gzipSync(html).length)}), ` +
      `JS ${kb(js)} (gzip ${kb(jsGzip)}), CSS ${kb(css)} (gzip ${kb(cssGzip)}), ` +
      `render p50 ${times[Math.floor(RUNS * 0.5)].toFixed(1)} ms, p95 ${times[Math.floor(RUNS * 0.95)].toFixed(1)} ms over ${RUNS} requests`,
  );
}
