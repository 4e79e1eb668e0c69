// A stand-in for Google Cloud Translation's v2 REST API (POST /language/translate/v2), for the
// browser tests: the standalone process is pointed at it (playwright.config.ts). It "translates"
// by marking each text (each run of text, in HTML) with its target language, so a test can tell a translation from the
// original, and it slips a script into HTML, so a test can see the page cleans what it shows.
import { createServer } from 'node:http';

const port = Number(process.env.TRANSLATION_PORT);
const server = createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200).end('ok');
    return;
  }
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const { q, target } = JSON.parse(body);
    const texts = Array.isArray(q) ? q : [q];
    const translations = texts.map((text) => ({
      translatedText: text.startsWith('<')
        ? `${text.replace(/>([^<>]+)</g, (_, run) => `>[${target}] ${run}<`)}<script>window.translatedScriptRan = true</script><img src="x" onerror="window.translatedScriptRan = true">`
        : `[${target}] ${text}`,
      detectedSourceLanguage: /[\u0590-\u05FF]/.test(text) ? 'he' : 'en',
    }));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data: { translations } }));
  });
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
