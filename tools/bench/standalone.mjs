// `npm start`'s process under load (a measurement, not a test): a fresh standalone process on
// PGlite in a throw-away data folder, one member, POSTS posts of about 600 words, the whole
// questionnaire answered, 30 comments and two reactions on the first post, then
// autocannon (CONNECTIONS connections, DURATION s after a 3 s warm-up) on the API and on
// server-rendered pages, for a guest and for the member. Prints a markdown table with the
// same run's calibration (tools/bench/calibration.mjs).
//
//   npm run build && node tools/bench/standalone.mjs
//   POSTS=1000 DURATION=10 CONNECTIONS=50 node tools/bench/standalone.mjs
//   ONLY='home page, guest' NODE_ARGS='--cpu-prof --cpu-prof-dir=prof' node tools/bench/standalone.mjs
//   TIMELINE=1 ONLY='home page' node tools/bench/standalone.mjs   (second by second: stall or queue?)
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { calibrate, drive, row, table } from './calibration.mjs';
import { call, log, startStandalone, uploadPhoto, verifiedMember } from './standalone-process.mjs';

const POSTS = Number(process.env.POSTS ?? 1000);
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);

const WORDS =
  'memory family village sea school teacher war peace music bread grandmother kitchen letters ' +
  'journey city language friendship garden light harvest songs stories questions answers river';
function article(i) {
  const words = WORDS.split(' ');
  const paragraphs = [];
  for (let p = 0; p < 6; p++) {
    const sentence = Array.from(
      { length: 100 },
      (_, w) => words[(i + p * 7 + w * 3) % words.length],
    );
    paragraphs.push(`<p>${sentence.join(' ')}.</p>`);
  }
  return paragraphs.join('');
}

async function seed(base) {
  const member = await verifiedMember(base);
  const image = await uploadPhoto(base, member);
  const ids = [];
  const started = Date.now();
  for (let i = 0; i < POSTS; i++) {
    const post = await call(
      base,
      'POST',
      '/api/posts/create',
      {
        title: `A remembered afternoon, number ${i}`,
        content: article(i),
        image: image.url,
        credit: `Photo ${i}`,
        privacy: 'public',
        destination: i % 3 === 0 ? 'magazine' : 'profile',
      },
      member,
    );
    ids.push(post.postId);
  }
  log(`seeded ${POSTS} posts in ${Date.now() - started} ms`);
  // The member answers the whole questionnaire (live, public): what a profile page reads.
  const questions = await call(base, 'GET', '/api/profileQuestions/getQuestions');
  for (const question of questions) {
    const answerData = Object.fromEntries(
      question.subQuestions.map((sub, i) => [
        sub.subQuestionId,
        // One paragraph (100 words) a sub-answer.
        /<p>([^<]*)<\/p>/.exec(article(i))[1],
      ]),
    );
    await call(
      base,
      'POST',
      '/api/meAnswers/saveLive',
      { questionId: question.questionId, answerData, version: 0 },
      member,
    );
  }
  // A conversation under the first post (30 comments) and reactions on it.
  for (let i = 0; i < 30; i++)
    await call(
      base,
      'POST',
      '/api/feedMessages/sendMessage',
      { message: `Comment ${i}: ${WORDS.slice(0, 120)}`, postId: ids[0] },
      member,
    );
  for (const name of ['heart', 'clap'])
    await call(
      base,
      'POST',
      '/api/lotties/toggleLike',
      { collectionName: 'posts', objectId: ids[0], name },
      member,
    );
  const me = await call(base, 'POST', '/api/users/session', undefined, member);
  return { member, ids, userId: me.id, image: image.url };
}

/** TIMELINE=1: answers and their slowest latency second by second, to tell a stall from a queue. */
class Timeline {
  started = Date.now();
  seconds = [];
  record = (status, ms) => {
    const second = Math.floor((Date.now() - this.started) / 1000);
    const slot = (this.seconds[second] ??= { answers: 0, failed: 0, slowest: 0 });
    slot.answers += 1;
    if (status >= 400) slot.failed += 1;
    slot.slowest = Math.max(slot.slowest, ms);
  };
  print(name) {
    const lines = this.seconds.map(
      (slot, second) =>
        `  ${String(second).padStart(3)} s: ${String(slot?.answers ?? 0).padStart(5)} answers, ` +
        `${slot?.failed ?? 0} failed, slowest ${Math.round(slot?.slowest ?? 0)} ms`,
    );
    return `${name}, second by second (answers finishing in that second):\n${lines.join('\n')}`;
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'mepedia-bench-'));
  let standalone;
  try {
    log('calibrating…');
    const calibration = process.env.ONLY ? [] : await calibrate({ duration: DURATION });
    standalone = await startStandalone(dataDir);
    const base = standalone.url.replace('localhost', '127.0.0.1');
    const { member, ids, userId, image } = await seed(base);
    let next = 0;
    const postBody = () => JSON.stringify({ postId: ids[next++ % ids.length] });
    const scenarios = [
      [
        '`getPosts` (first page)',
        {
          url: `${base}/api/posts/getPosts`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        },
      ],
      [
        '`getPostById`',
        {
          url: `${base}/api/posts/getPostById`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          requests: [{ setupRequest: (req) => ({ ...req, body: postBody() }) }],
        },
      ],
      [
        '`getUserAnswers` (10 answers, 5 × 100 words each)',
        { url: `${base}/api/meAnswers/getUserAnswers?userId=${userId}` },
      ],
      [
        '`getMessages` (a page of 20 of 30 comments)',
        {
          url: `${base}/api/feedMessages/getMessages`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id: ids[0] }),
        },
      ],
      [
        '`fillLotties`',
        {
          url: `${base}/api/lotties/fillLotties`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ collectionName: 'posts', objectId: ids[0] }),
        },
      ],
      ['image variant (`image/{id}?w=640`, a 48 KB WebP)', { url: `${base}${image}?w=640` }],
      ['home page, guest', { url: `${base}/` }],
      // As a browser asks: gzip from the page's template, each answer with its own nonce.
      [
        'home page, guest, compressed',
        { url: `${base}/`, headers: { 'accept-encoding': 'gzip, deflate, br' } },
      ],
      // A client taking brotli alone: compressed for each answer.
      ['home page, guest, brotli only', { url: `${base}/`, headers: { 'accept-encoding': 'br' } }],
      [
        'post page, guest',
        {
          url: `${base}/post/${ids[0]}`,
          requests: [
            { setupRequest: (req) => ({ ...req, path: `/post/${ids[next++ % ids.length]}` }) },
          ],
        },
      ],
      ['home page, member', { url: `${base}/`, headers: { cookie: member.header() } }],
    ];
    const rows = [...calibration];
    const only = process.env.ONLY;
    for (const [name, options] of scenarios.filter(([name]) => !only || name.includes(only))) {
      log(`driving ${name}…`);
      await drive(options.url, { ...options, connections: CONNECTIONS, duration: 3 });
      const timeline = process.env.TIMELINE ? new Timeline() : undefined;
      rows.push(
        row(
          name,
          await drive(options.url, {
            ...options,
            connections: CONNECTIONS,
            duration: DURATION,
            onResponse: timeline?.record,
          }),
        ),
      );
      if (timeline) log(timeline.print(name));
    }
    process.stdout.write(
      `\n${POSTS} posts of ~600 words, npm start on PGlite, ${CONNECTIONS} connections, ${DURATION} s ` +
        `after a 3 s warm-up; ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}\n\n${table(rows)}\n`,
    );
  } finally {
    if (standalone && standalone.child.exitCode === null) {
      const exited = new Promise((resolve) => standalone.child.once('exit', resolve));
      standalone.child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
