// The search benchmark (issue 36; a measurement, not a test), after the same run's calibration
// (calibration.mjs): how well the search finds what the labelled set says a reader wants
// (tools/bench/search-queries.json), and how long a search takes, in `npm start`.
//
// 1. npm start (one process, PGlite) with the demo community (DEMO_SEED=true) in a throw-away
//    folder. A demo member signs in as the searcher; every labelled reference is resolved to its
//    id through the API (a post by its title, a member by their email, an answer by its
//    question), and the search is waited for until it has the demo.
// 2. Quality over the demo alone: every labelled query as the searcher (and as a guest), the
//    first 10 stories (`searchStories`) and the first 10 people (`searchPeople`), `typing` where
//    the set says. recall@10 and MRR (defined in docs/benchmarks.md, "Search"), overall, by
//    language and by feature; the results of the queries with no right answer; the misses.
// 3. Speed over the demo alone: `searchStories` (limit 20, as the search page asks) over the
//    labelled queries in turn, one at a time (ROUNDS rounds), then with CONNECTIONS connections
//    as fast as they go for DURATION s; p50 and p99.
// 4. The generated corpus (tools/bench/search-corpus.mjs, the set's `corpus`): CORPUS documents,
//    created as posts through the API by AUTHORS generated members, CONCURRENCY at a time,
//    until all are in or CORPUS_MINUTES have passed (then fewer, and the table says so); its
//    vocabulary is checked against the labelled queries before anything starts.
// 5. Quality and speed again, over the demo and the corpus.
//
// Rewrites the search section of docs/benchmarks.md (between its markers).
//
//   npm run build && node tools/bench/search.mjs
//   CORPUS=2000 ROUNDS=5 node tools/bench/search.mjs
//   ONLY=quality node tools/bench/search.mjs     (no speed part; docs/benchmarks.md untouched)
//   ONLY=speed | CORPUS=0 (the demo alone)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { calibrate, drive } from './calibration.mjs';
import { rewriteDocSection } from './doc-section.mjs';
import { checkVocabulary, generateCorpus, generatedMemberName } from './search-corpus.mjs';
import { call, jar, startStandalone, uploadPhoto, verifiedMember } from './standalone-process.mjs';

const CORPUS = Number(process.env.CORPUS ?? 10_000);
const AUTHORS = Number(process.env.AUTHORS ?? 8);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const CORPUS_MINUTES = Number(process.env.CORPUS_MINUTES ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DURATION = Number(process.env.DURATION ?? 10);
/** The demo member who searches (community.ts's key). */
const SEARCHER = process.env.SEARCHER ?? 'sam';
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : undefined;
/** Results judged: the first page of each list, as recall@10 reads it. */
const TOP = 10;
/** What the search page asks for a page of stories. */
const PAGE = 20;

const log = (message) => process.stdout.write(`${message}\n`);
const require = createRequire(import.meta.url);
// The compiled demo community and gateway settings (npm run build), as the process seeds and
// limits with them.
// eslint-disable-next-line @nx/enforce-module-boundaries -- the compiled demo content
const { DEMO_MEMBERS } = require('../../dist/apps/standalone/src/demo/community.js');
// eslint-disable-next-line @nx/enforce-module-boundaries -- the compiled demo seed
const { DEMO_PASSWORD, demoEmail } = require('../../dist/apps/standalone/src/demo/seed.js');
// eslint-disable-next-line @nx/enforce-module-boundaries -- the compiled gateway's settings
const { everyRateLimitAt } = require('../../dist/apps/gateway/src/gateway.config.js');

const SET = JSON.parse(readFileSync(new URL('./search-queries.json', import.meta.url), 'utf8'));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const storiesOf = (base, cookies, query, typing, limit) =>
  call(
    base,
    'POST',
    '/api/search/searchStories',
    { query, limit, ...(typing ? { typing: true } : {}) },
    cookies,
  );
const peopleOf = (base, cookies, query, typing, limit) =>
  call(
    base,
    'POST',
    '/api/search/searchPeople',
    { query, limit, ...(typing ? { typing: true } : {}) },
    cookies,
  );

// --- the demo's ids ----------------------------------------------------------------------------

/**
 * Every item of the demo community by its id, through the API as the searcher reads it: members
 * by their email, posts by their titles among their author's, answers by their question. Answers
 * the ids of the set's references (`ref(reference)`) and a label for any id (`label(kind, id)`).
 */
async function demoIds(base, searcher) {
  const labels = new Map();
  const ids = { member: new Map(), post: new Map(), answer: new Map() };
  for (const member of DEMO_MEMBERS) {
    const { userId } = await call(
      base,
      'GET',
      `/api/users/getUserIdByEmail/${encodeURIComponent(demoEmail(member))}`,
      undefined,
      searcher,
    );
    ids.member.set(member.key, userId);
    labels.set(`person:${userId}`, `member ${member.key}`);
    const { posts } = await call(
      base,
      'POST',
      '/api/posts/getPosts',
      { publisherId: userId, limit: 50 },
      searcher,
    );
    for (const post of member.posts) {
      const found = posts.find((one) => one.questionId == null && one.title === post.title);
      if (!found) throw new Error(`the demo post ${post.key} is not among ${member.key}'s posts`);
      ids.post.set(post.key, found.postId);
      labels.set(`post:${found.postId}`, `post ${post.key}`);
    }
    const answers = await call(
      base,
      'GET',
      `/api/meAnswers/getUserAnswers?userId=${encodeURIComponent(userId)}`,
      undefined,
      searcher,
    );
    for (const answer of member.answers) {
      const found = answers.find((one) => one.questionId === answer.questionId);
      if (!found) throw new Error(`${member.key}'s answer on ${answer.questionId} is not there`);
      const key = `${member.key}/${answer.questionId}`;
      ids.answer.set(key, found.meAnswerId);
      labels.set(`answer:${found.meAnswerId}`, `answer ${key}`);
    }
  }
  const ref = (reference) => {
    const key =
      reference.kind === 'answer' ? `${reference.member}/${reference.question}` : reference.key;
    const id = ids[reference.kind].get(key);
    if (!id) throw new Error(`the labelled set names an unknown ${reference.kind}: ${key}`);
    return id;
  };
  return { ref, label: (kind, id) => labels.get(`${kind}:${id}`) };
}

/** What a guest may read of the demo, as the set's `about` puts it (its guest variant). */
function guestJudged(reference) {
  const member = DEMO_MEMBERS.find(
    (one) => one.key === (reference.kind === 'answer' ? reference.member : reference.key),
  );
  if (reference.kind === 'member') return true;
  if (reference.kind === 'post') {
    const author = DEMO_MEMBERS.find((one) => one.posts.some((post) => post.key === reference.key));
    return author.posts.find((post) => post.key === reference.key).destination === 'magazine';
  }
  // The seed puts an answer in the magazine when it says so, or a member's first when none does.
  const publishFirst = !member.answers.some((answer) => answer.publish);
  const index = member.answers.findIndex((answer) => answer.questionId === reference.question);
  return member.answers[index].publish || (publishFirst && index === 0);
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * Waits until the process is idle (under a tenth of a core over a second, for up to two
 * minutes): the other services' copies of a thousand posts are still being written after the
 * search has them, on the same thread as the searches to be timed. Answers how long it took.
 */
async function settled(pid) {
  const began = Date.now();
  for (;;) {
    const before = cpuMs(pid);
    await sleep(1000);
    if (cpuMs(pid) - before < 100 || Date.now() - began > 120_000) return Date.now() - began;
  }
}

/** Polls `found` (every 100 ms, for up to a minute) until it answers true. */
async function until(found, what) {
  const began = Date.now();
  for (;;) {
    if (await found()) return Date.now() - began;
    if (Date.now() - began > 60_000) throw new Error(`${what}: not after a minute`);
    await sleep(100);
  }
}

// --- quality -----------------------------------------------------------------------------------

/**
 * Every labelled query as `cookies`' owner (a guest without), judged against `judged(reference)`
 * (all by default). Per query: each relevant item found or not (a post or answer among the first
 * TOP stories, a member among the first TOP people), the better of the two lists' ranks of the
 * first relevant result, and what came back.
 */
async function runQueries(base, cookies, demo, generated, judged = () => true) {
  const results = [];
  for (const query of SET.queries) {
    const typing = query.typing === true;
    const [{ stories, nextCursor: moreStories }, { people, nextCursor: morePeople }] =
      await Promise.all([
        storiesOf(base, cookies, query.query, typing, TOP),
        peopleOf(base, cookies, query.query, typing, TOP),
      ]);
    const storyKeys = stories.map((hit) => `${hit.kind}:${hit.id}`);
    const personIds = people.map((hit) => hit.id);
    const relevant = query.relevant.filter(judged).map((reference) => {
      const id = demo.ref(reference);
      const rank =
        reference.kind === 'member'
          ? personIds.indexOf(id) + 1
          : storyKeys.indexOf(`${reference.kind}:${id}`) + 1;
      const name =
        reference.kind === 'answer'
          ? `answer ${reference.member}/${reference.question}`
          : `${reference.kind} ${reference.key}`;
      return {
        name,
        grade: reference.grade,
        list: reference.kind === 'member' ? 'people' : 'stories',
        rank,
      };
    });
    const found = relevant.filter((item) => item.rank > 0);
    // The better of the two lists' ranks of their first relevant result (`items` among them).
    const reciprocalRank = (items) => {
      const ranks = items.map((item) => item.rank);
      return ranks.length > 0 ? 1 / Math.min(...ranks) : 0;
    };
    const gradeTwo = relevant.filter((item) => item.grade === 2);
    const labelOf = (kind, id) =>
      demo.label(kind, id) ?? (generated.has(id) ? 'gen' : `other ${kind}`);
    const storyLabels = stories.map((hit) => labelOf(hit.kind, hit.id));
    const personLabels = people.map((hit) => labelOf('person', hit.id));
    results.push({
      query,
      relevant,
      recall: relevant.length > 0 ? found.length / relevant.length : undefined,
      gradeTwoRecall:
        gradeTwo.length > 0
          ? gradeTwo.filter((item) => item.rank > 0).length / gradeTwo.length
          : undefined,
      reciprocalRank: reciprocalRank(found),
      gradeTwoReciprocalRank: reciprocalRank(gradeTwo.filter((item) => item.rank > 0)),
      stories: storyLabels,
      people: personLabels,
      // Results the set does not list for the query (among the first TOP of each list).
      others: stories.length + people.length - found.length,
      generatedShown: [...storyLabels, ...personLabels].filter((label) => label === 'gen').length,
      more: { stories: moreStories !== null, people: morePeople !== null },
      keys: { stories: storyKeys, people: personIds },
    });
  }
  return results;
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** recall@10 and MRR over the queries with relevant items among `results`. */
function score(results) {
  const judged = results.filter((result) => result.recall !== undefined);
  if (judged.length === 0) return undefined;
  const gradeTwo = judged.filter((result) => result.gradeTwoRecall !== undefined);
  return {
    queries: judged.length,
    recall: mean(judged.map((result) => result.recall)),
    gradeTwoRecall: gradeTwo.length > 0 ? mean(gradeTwo.map((r) => r.gradeTwoRecall)) : undefined,
    gradeTwoQueries: gradeTwo.length,
    gradeTwoMrr:
      gradeTwo.length > 0 ? mean(gradeTwo.map((r) => r.gradeTwoReciprocalRank)) : undefined,
    mrr: mean(judged.map((result) => result.reciprocalRank)),
    others: mean(judged.map((result) => result.others)),
    complete: judged.filter((result) => result.recall === 1).length,
  };
}

/** The groups of the summary: everything, each language, each feature. */
function groups(results) {
  const byLanguage = [
    ['all', () => true],
    ['Hebrew', (r) => r.query.language === 'he'],
    ['English', (r) => r.query.language === 'en'],
    ['mixed', (r) => r.query.language === 'mixed'],
  ];
  const byFeature = [
    ...Object.keys(SET.features).map((feature) => [
      feature,
      (r) => r.query.features.includes(feature),
    ]),
    ['(plain word)', (r) => r.query.features.length === 0],
  ];
  const of = (list) => list.map(([name, keep]) => ({ name, results: results.filter(keep) }));
  return { byLanguage: of(byLanguage), byFeature: of(byFeature) };
}

/** Stories' labels with runs of generated ones told as one (`gen ×4`). */
function compact(labels) {
  const out = [];
  for (const label of labels) {
    const last = out[out.length - 1];
    if (label === 'gen' && last?.label === 'gen') last.count += 1;
    else out.push({ label, count: 1 });
  }
  return (
    out.map(({ label, count }) => (count > 1 ? `${label} ×${count}` : label)).join(', ') || '—'
  );
}

// --- speed -------------------------------------------------------------------------------------

const SEARCH_BODIES = SET.queries.map((query) =>
  JSON.stringify({ query: query.query, limit: PAGE, ...(query.typing ? { typing: true } : {}) }),
);

/**
 * `searchStories` as the searcher under autocannon (`options`: connections, duration or
 * amount): the labelled queries in the set's order, as the search page sends them (`limit` PAGE,
 * `typing` where the set says). Each answer's time as autocannon took it, and what the run did.
 */
async function searches(base, cookies, options) {
  let next = 0;
  const times = [];
  const result = await drive(`${base}/api/search/searchStories`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies.header() },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: SEARCH_BODIES[next++ % SEARCH_BODIES.length],
        }),
      },
    ],
    onResponse: (_status, ms) => times.push(ms),
    ...options,
  });
  // What an error was: a timeout, a refused connection, an answer other than 2xx.
  if (result.errors + result.non2xx > 0)
    log(
      `  errors: ${result.errors} (${result.timeouts} timeouts), non-2xx: ${result.non2xx} ${JSON.stringify(result.statusCodeStats)}`,
    );
  return {
    count: times.length,
    rps: Math.round(times.length / result.duration),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    errors: result.errors + result.non2xx,
  };
}

/**
 * `searchStories` one at a time (one connection: a searcher on a quiet process), ROUNDS rounds
 * of the labelled queries after one unmeasured; then CONNECTIONS connections as fast as they go
 * for DURATION s, after 2 s unmeasured. Fifty, as the calibration drives, would measure mostly
 * the accept queue: a busy process takes one new connection per turn of its event loop
 * ("Why pages took 9 s at p99"), so the last ones wait seconds for their first answer.
 */
async function speed(base, searcher) {
  log('  one at a time…');
  await searches(base, searcher, { connections: 1, amount: SEARCH_BODIES.length });
  const sequential = await searches(base, searcher, {
    connections: 1,
    amount: ROUNDS * SEARCH_BODIES.length,
  });
  log(`  ${JSON.stringify(sequential)}`);
  log(`  ${CONNECTIONS} connections…`);
  await searches(base, searcher, { connections: CONNECTIONS, duration: 2 });
  const loaded = await searches(base, searcher, { connections: CONNECTIONS, duration: DURATION });
  log(`  ${JSON.stringify(loaded)}`);
  return { sequential, loaded };
}

// --- the corpus --------------------------------------------------------------------------------

/** A generated document as a post's content: its paragraphs. */
const contentOf = (document) => document.paragraphs.map((text) => `<p>${text}</p>`).join('');

/** A title within the posts service's 150 characters, cut at a word. */
const titleOf = (document) =>
  document.title.length <= 150
    ? document.title
    : document.title.slice(0, 150).replace(/\s+\S*$/u, '');

/**
 * CORPUS generated documents created as posts by AUTHORS generated members (one uploaded picture
 * for all), CONCURRENCY at a time, until all are in or CORPUS_MINUTES have passed. Answers the
 * posts' ids, how many, and how long it took.
 */
async function addCorpus(base) {
  const authors = [];
  for (let number = 1; number <= AUTHORS; number++) {
    const language = number % 2 === 1 ? 'he' : 'en';
    authors.push(
      await verifiedMember(base, { language, ...generatedMemberName(number, language) }),
    );
  }
  const picture = await uploadPhoto(base, authors[0]);
  const documents = generateCorpus({ size: CORPUS, kinds: { post: 1 }, authors: AUTHORS });
  const ids = new Set();
  const created = [];
  const began = Date.now();
  const deadline = began + CORPUS_MINUTES * 60_000;
  let stopped = false;
  const worker = async () => {
    for (;;) {
      if (Date.now() > deadline) {
        stopped = true;
        return;
      }
      const { value: document, done } = documents.next();
      if (done) return;
      const author = authors[Number(document.author.slice(-4)) - 1];
      const title = titleOf(document);
      const post = await call(
        base,
        'POST',
        '/api/posts/create',
        {
          title,
          content: contentOf(document),
          image: picture.url,
          credit: 'Generated',
          privacy: 'public',
        },
        author,
      );
      ids.add(post.postId);
      created.push({ id: post.postId, title, author });
      if (created.length % 1000 === 0)
        log(`  ${created.length} posts in ${((Date.now() - began) / 1000).toFixed(0)} s`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const ms = Date.now() - began;
  // The search has the corpus once it finds the last posts made, each by its title and author.
  const authorIds = new Map();
  for (const author of authors)
    authorIds.set(author, (await call(base, 'POST', '/api/users/session', undefined, author)).id);
  const lastOnes = created.slice(-20);
  const waited = await until(async () => {
    for (const post of lastOnes) {
      const { stories } = await call(
        base,
        'POST',
        '/api/search/searchStories',
        { query: `"${post.title}"`, authorId: authorIds.get(post.author), limit: 50 },
        authors[0],
      );
      if (!stories.some((hit) => hit.id === post.id)) return false;
    }
    return true;
  }, 'the search to have the corpus');
  return { ids, count: created.length, ms, stopped, waitedMs: waited };
}

// --- the tables --------------------------------------------------------------------------------

const number = (value, digits = 2) => (value === undefined ? '—' : value.toFixed(digits));
const cell = (text) => String(text).replaceAll('|', '\\|');

/** recall@10 and MRR of each run (`heading`: its column), and the no-answer queries' results. */
function qualityTables(runs) {
  const lines = [];
  const headings = runs.map((run) => run.heading);
  const head = (title) => [
    `| ${title} | queries | ${headings.map((h) => `recall@10, ${h} | MRR, ${h} | unlisted, ${h}`).join(' | ')} |`,
    `| --- | --: | ${headings.map(() => '--: | --: | --:').join(' | ')} |`,
  ];
  const rowOf = (name, scores) => {
    const known = scores.find((one) => one !== undefined);
    if (!known) return undefined;
    return `| ${name} | ${known.queries} | ${scores
      .map((one) => `${number(one?.recall)} | ${number(one?.mrr)} | ${number(one?.others, 1)}`)
      .join(' | ')} |`;
  };
  lines.push(...head('queries with relevant items, as a member'));
  const memberGroups = runs.map((run) => groups(run.member));
  for (const [index, group] of memberGroups[0].byLanguage.entries())
    lines.push(
      rowOf(
        group.name,
        memberGroups.map((g) => score(g.byLanguage[index].results)),
      ),
    );
  lines.push(
    rowOf(
      'all, grade 2 items only',
      runs.map((run) => {
        const s = score(run.member);
        return (
          s && {
            queries: s.gradeTwoQueries,
            recall: s.gradeTwoRecall,
            mrr: s.gradeTwoMrr,
            others: undefined,
          }
        );
      }),
    ),
    rowOf(
      'all, as a guest',
      runs.map((run) => score(run.guest)),
    ),
    rowOf(
      "all, as a guest, the set's guest judgments",
      runs.map((run) => score(run.guestSet)),
    ),
    '',
  );
  lines.push(...head('by feature, as a member'));
  for (const [index, group] of memberGroups[0].byFeature.entries()) {
    const line = rowOf(
      `${group.name}`,
      memberGroups.map((g) => score(g.byFeature[index].results)),
    );
    if (line) lines.push(line);
  }
  lines.push('');
  // The queries with no right answer: how many results each returned.
  lines.push(
    `| no right answer (\`relevant: []\`) | ${headings.map((h) => `stories, ${h} | people, ${h}`).join(' | ')} |`,
    `| --- | ${headings.map(() => '--: | --:').join(' | ')} |`,
  );
  for (const [index, result] of runs[0].member.entries()) {
    if (result.query.relevant.length > 0) continue;
    const counts = runs.map((run) => {
      const r = run.member[index];
      return `${r.stories.length}${r.more.stories ? '+' : ''} | ${r.people.length}${r.more.people ? '+' : ''}`;
    });
    lines.push(`| ${result.query.id} ${cell(result.query.query)} | ${counts.join(' | ')} |`);
  }
  lines.push('');
  return lines.filter((line) => line !== undefined);
}

function missTable(heading, results) {
  const misses = results.filter((r) => r.recall !== undefined && r.recall < 1);
  const lines = [
    `| missed, ${heading} (recall < 1) | recall | not in the first 10 | the first 10 stories | the first 10 people |`,
    '| --- | --: | --- | --- | --- |',
  ];
  for (const r of misses)
    lines.push(
      `| ${r.query.id} ${cell(r.query.query)}${r.query.typing ? ' (typing)' : ''} | ${number(r.recall)} | ${r.relevant
        .filter((item) => item.rank === 0)
        .map((item) => `${item.name} (${item.grade})`)
        .join(', ')} | ${compact(r.stories)} | ${compact(r.people)} |`,
    );
  if (misses.length === 0) lines.push('| (none) | | | | |');
  lines.push('');
  return lines;
}

function speedTable(runs) {
  const ms = (value) => value.toFixed(1);
  const lines = [
    `| \`searchStories\` (limit ${PAGE}), the ${SET.queries.length} labelled queries in turn, as a member | answers | req/s | p50 ms | p99 ms | errors |`,
    '| --- | --: | --: | --: | --: | --: |',
  ];
  for (const run of runs) {
    const { sequential: s, loaded: l } = run.speed;
    lines.push(
      `| ${run.heading}, one at a time | ${s.count} | ${s.rps} | ${ms(s.p50)} | ${ms(s.p99)} | ${s.errors} |`,
      `| ${run.heading}, ${CONNECTIONS} connections, ${DURATION} s | ${l.count} | ${l.rps} | ${ms(l.p50)} | ${ms(l.p99)} | ${l.errors} |`,
    );
  }
  lines.push('');
  return lines;
}

// --- the run -----------------------------------------------------------------------------------

/** Quality (as the searcher, as a guest) and speed over what the search holds now. */
async function measure(base, searcher, demo, generated, heading) {
  const run = { heading };
  if (!ONLY || ONLY.test('quality')) {
    log(`quality, ${heading}…`);
    run.member = await runQueries(base, searcher, demo, generated);
    run.guest = await runQueries(base, undefined, demo, generated);
    run.guestSet = await runQueries(base, undefined, demo, generated, guestJudged);
    run.guestSame = run.member.filter(
      (r, index) => JSON.stringify(r.keys) === JSON.stringify(run.guest[index].keys),
    ).length;
    for (const r of run.member)
      log(
        `  ${r.query.id} ${r.query.query}: recall ${number(r.recall)}, 1/rank ${number(r.reciprocalRank)}, unlisted ${r.others}; stories ${compact(r.stories)}; people ${compact(r.people)}`,
      );
    const s = score(run.member);
    log(`  recall@10 ${number(s.recall)}, MRR ${number(s.mrr)} over ${s.queries} queries`);
    log(`  the guest's lists are the member's in ${run.guestSame} of ${run.member.length} queries`);
  }
  if (!ONLY || ONLY.test('speed')) {
    log(`speed, ${heading}…`);
    run.speed = await speed(base, searcher);
  }
  return run;
}

async function main() {
  // The corpus's words are checked before anything starts: a clash would void the judgments.
  checkVocabulary(SET.queries);
  log('Calibrating…');
  const calibration = await calibrate({ duration: 5 });
  for (const r of calibration)
    log(`calibration, ${r.name}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
  const dataDir = mkdtempSync(join(tmpdir(), 'mepedia-bench-search-'));
  const runs = [];
  let corpus;
  let demoReadyMs;
  try {
    const started = Date.now();
    const standalone = await startStandalone(dataDir, {
      // The demo's seed, the corpus's authors and the searcher are far past a person's limits.
      ...everyRateLimitAt(1_000_000),
      DEMO_SEED: 'true',
    });
    try {
      const base = standalone.url.replace('localhost', '127.0.0.1');
      demoReadyMs = Date.now() - started;
      log(`npm start with the demo community ready in ${demoReadyMs} ms`);
      const searcher = jar();
      const member = DEMO_MEMBERS.find((one) => one.key === SEARCHER);
      await call(
        base,
        'POST',
        '/api/users/login',
        { email: demoEmail(member), password: DEMO_PASSWORD },
        searcher,
      );
      const demo = await demoIds(base, searcher);
      // The search has the demo once it finds the last member seeded: Sam's story and Sam.
      const last = DEMO_MEMBERS[DEMO_MEMBERS.length - 1];
      const lastStory = demo.ref({ kind: 'post', key: last.posts[last.posts.length - 1].key });
      const lastMember = demo.ref({ kind: 'member', key: last.key });
      await until(async () => {
        const { stories } = await storiesOf(base, searcher, 'waltz', false, TOP);
        const { people } = await peopleOf(base, searcher, 'fiddle', false, TOP);
        return (
          stories.some((hit) => hit.id === lastStory) && people.some((hit) => hit.id === lastMember)
        );
      }, 'the search to have the demo');
      await settled(standalone.child.pid);
      runs.push(await measure(base, searcher, demo, new Set(), 'demo'));
      if (CORPUS > 0) {
        log(`the corpus: ${CORPUS} documents as posts…`);
        corpus = await addCorpus(base);
        corpus.settledMs = await settled(standalone.child.pid);
        log(
          `  ${corpus.count} posts in ${(corpus.ms / 1000).toFixed(0)} s${corpus.stopped ? ' (stopped at the time limit)' : ''}; found by the search ${corpus.waitedMs} ms after; the process idle ${corpus.settledMs} ms after`,
        );
        runs.push(
          await measure(
            base,
            searcher,
            demo,
            corpus.ids,
            `demo + ${corpus.count.toLocaleString('en')}`,
          ),
        );
      }
    } finally {
      await stop(standalone.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const lines = [
    `Run ${new Date().toISOString().slice(0, 10)} on ${machine} by \`node tools/bench/search.mjs\` (CORPUS=${CORPUS}, AUTHORS=${AUTHORS}, CONCURRENCY=${CONCURRENCY}, ROUNDS=${ROUNDS}, CONNECTIONS=${CONNECTIONS}, DURATION=${DURATION}; the searcher: ${SEARCHER}).`,
    '',
    '| calibration (same run) | req/s | p50 ms | p99 ms |',
    '| --- | --: | --: | --: |',
    ...calibration.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} |`),
    '',
  ];
  if (corpus)
    lines.push(
      `The corpus: ${corpus.count.toLocaleString('en')} of ${CORPUS.toLocaleString('en')} generated documents${corpus.stopped ? ` (stopped after ${CORPUS_MINUTES} minutes)` : ''}, created as posts through the API by ${AUTHORS} generated members, ${CONCURRENCY} at a time, in ${(corpus.ms / 1000).toFixed(0)} s (${((corpus.count * 1000) / corpus.ms).toFixed(0)} a second); the search found the last of them ${corpus.waitedMs} ms after, and the process was idle ${(corpus.settledMs / 1000).toFixed(0)} s after, before anything was measured. The demo community was seeded and ready in ${(demoReadyMs / 1000).toFixed(0)} s.`,
      '',
    );
  const measured = runs.filter((run) => run.member);
  if (measured.length > 0) {
    lines.push(...qualityTables(measured));
    const shown = (run) => run.member.reduce((sum, result) => sum + result.generatedShown, 0);
    lines.push(
      `The guest's lists were the member's in ${measured.map((run) => `${run.guestSame} of ${run.member.length} queries (${run.heading})`).join(' and ')}. Generated documents among all the queries' results: ${measured.map((run) => `${shown(run)} (${run.heading})`).join(', ')}.`,
      '',
    );
    const lastRun = measured[measured.length - 1];
    lines.push(...missTable(lastRun.heading, lastRun.member));
  }
  const timed = runs.filter((run) => run.speed);
  if (timed.length > 0) lines.push(...speedTable(timed));
  const table = lines.join('\n');
  log(`\n${table}`);
  if (ONLY) return;
  if (!rewriteDocSection('search-bench', table)) {
    log('docs/benchmarks.md has no search-bench markers: not rewritten');
    return;
  }
  log('docs/benchmarks.md rewritten');
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
