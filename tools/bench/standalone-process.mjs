// What the benches share: npm start's process in a throw-away folder, a browser's cookies, API
// calls, the dev outbox, a verified member, and an uploaded photo.
import { spawn } from 'node:child_process';
import sharp from 'sharp';

export const log = (message) => process.stderr.write(`${message}\n`);

/**
 * npm start's process (built first), on PGlite in `dataDir`; `env` adds to its environment,
 * `nodeArgs` to node's flags (a bench's own, before NODE_ARGS').
 */
export function startStandalone(dataDir, env = {}, nodeArgs = []) {
  return new Promise((resolve, reject) => {
    // NODE_ARGS='--cpu-prof --cpu-prof-dir=prof' profiles the process under load.
    const extra = process.env.NODE_ARGS ? process.env.NODE_ARGS.split(' ') : [];
    const args = [...nodeArgs, ...extra, 'dist/apps/standalone/src/main.js'];
    const child = spawn(process.execPath, args, {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'warn',
        // The seed writes a thousand posts and 30 comments at once, from one member and one
        // address: far past what a person may (docs/security.md, "Rate limits").
        RATE_LIMIT_COMMENTS_PER_MEMBER: '100',
        RATE_LIMIT_COMMENTS_PER_IP: '100',
        RATE_LIMIT_POSTS_PER_MEMBER: '1000000',
        RATE_LIMIT_POSTS_PER_IP: '1000000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /ready at (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1] });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`standalone exited ${code}:\n${output}`)));
  });
}

/** One browser's cookies. */
export function jar() {
  const cookies = new Map();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    store(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair.indexOf('=');
        cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
    },
  };
}

export async function call(base, method, path, body, cookies) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookies ? { cookie: cookies.header() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  cookies?.store(response);
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} ${path} -> ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

export async function outbox(base, predicate) {
  for (let i = 0; i < 200; i++) {
    const found = (await call(base, 'GET', '/dev/outbox')).find(predicate);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('message never reached the dev outbox');
}

/**
 * A member registered and verified through the dev outbox; `fields` overrides the form.
 * `outboxAt`: where the dev outbox is read (services mode: the worker's own address).
 */
export async function verifiedMember(base, fields = {}, outboxAt = base) {
  const member = jar();
  const phone = `05${String(Date.now() + Math.floor(Math.random() * 1000)).slice(-8)}`;
  const email = `bench.${Date.now()}@example.com`;
  const password = 'bench-member-passphrase';
  await call(
    base,
    'POST',
    '/api/users/register',
    {
      language: 'en',
      firstname: 'Bench',
      lastname: 'Writer',
      email,
      phoneNumberPrefix: '+972',
      phoneNumber: phone,
      birthdate: '1980-01-01',
      country: 'IL',
      gender: 'other',
      password,
      termsAccepted: true,
      ...fields,
    },
    member,
  );
  const sms = await outbox(
    outboxAt,
    (m) => m.channel === 'sms' && m.to === `+972${phone.slice(1)}`,
  );
  await call(
    base,
    'PUT',
    '/api/users/verifyUserByPhone',
    {
      prefix: '+972',
      phone,
      verifyCode: /(\d{6})/.exec(sms.text)[1],
    },
    member,
  );
  const mail = await outbox(outboxAt, (m) => m.channel === 'email' && m.to === email);
  await call(
    base,
    'PUT',
    '/api/users/verifyUserByEmail',
    {
      verifyCode: /token=([\w-]+)/.exec(mail.text)[1],
    },
    member,
  );
  return member;
}

// A landscape drawn as SVG: sky, sun, hills and a sailing boat.
const SCENE = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8fb8de"/><stop offset="0.55" stop-color="#f3d9b1"/>
      <stop offset="1" stop-color="#6b8e23"/>
    </linearGradient>
    <radialGradient id="sun">
      <stop offset="0" stop-color="#fff6d5"/><stop offset="1" stop-color="#fff6d5" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="1700" cy="420" r="260" fill="url(#sun)"/>
  <path d="M0 1050 Q 600 880 1200 1010 T 2400 960 V 1600 H 0 Z" fill="#4f6d2a"/>
  <path d="M0 1250 Q 800 1120 1500 1260 T 2400 1200 V 1600 H 0 Z" fill="#3b5220"/>
  <path d="M700 1180 L 1000 1180 L 1080 1080 L 620 1080 Z" fill="#7a4e2d"/>
  <rect x="840" y="760" width="14" height="320" fill="#5a3a20"/>
  <path d="M854 780 L 1040 1060 L 854 1060 Z" fill="#f5f0e6"/>
</svg>`;

/** Grey gaussian noise drawn `scale` times coarser than 2400 × 1600, then stretched to it. */
async function grain(scale, sigma) {
  const [width, height] = [Math.round(2400 / scale), Math.round(1600 / scale)];
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma },
    },
  })
    .png()
    .toBuffer();
  return sharp(noise).resize(2400, 1600, { kernel: 'cubic' }).png().toBuffer();
}

/**
 * A 2400 × 1600 JPEG uploaded by `member`: the files service's answer (`url`, `widths`...).
 *   'noise'  random pixels, about 2.7 MB: the worst case for the encoder (the upload bench);
 *            its 960 px WebP is some 170 KB, more than any photo's.
 *   'photo'  the SCENE with grain at three scales, about 0.9 MB: it compresses as a camera
 *            photo does (its 960 px WebP is some 73 KB), for what a reader downloads (Lighthouse).
 */
export async function uploadPhoto(base, member, kind = 'noise') {
  const photo =
    kind === 'noise'
      ? await sharp({
          create: {
            width: 2400,
            height: 1600,
            channels: 3,
            background: '#6b8e23',
            noise: { type: 'gaussian', mean: 128, sigma: 40 },
          },
        })
          .jpeg({ quality: 92 })
          .toBuffer()
      : await sharp(Buffer.from(SCENE))
          .removeAlpha()
          .composite(
            await Promise.all(
              [12, 4, 2].map(async (scale) => ({
                input: await grain(scale, 20),
                blend: 'soft-light',
              })),
            ),
          )
          .jpeg({ quality: 92 })
          .toBuffer();
  const form = new FormData();
  form.set('purpose', 'post');
  form.set('file', new Blob([photo], { type: 'image/jpeg' }), 'bench.jpg');
  const uploadStarted = Date.now();
  const uploading = await fetch(`${base}/api/files/uploadApplicationFile`, {
    method: 'POST',
    headers: { cookie: member.header() },
    body: form,
  });
  if (uploading.status !== 201) throw new Error(`upload -> ${uploading.status}`);
  const image = await uploading.json();
  log(
    `uploaded a ${Math.round(photo.length / 1024)} KB photo in ${Date.now() - uploadStarted} ms ` +
      `(${image.widths.length} WebP widths)`,
  );
  return image;
}

/**
 * The benches' English story: a photo (one that weighs what a photo does) and a post in the
 * magazine, written by `member`. What Lighthouse and the budgets measure a post page with.
 */
export async function boatStory(base, member) {
  const image = await uploadPhoto(base, member, 'photo');
  return call(
    base,
    'POST',
    '/api/posts/create',
    {
      title: 'The summer we built the boat',
      content:
        '<p>My father and I built a wooden boat in the yard, one plank every Saturday, until the whole street came to see it sail. It leaked, and we loved it anyway.</p>'.repeat(
          6,
        ),
      image: image.url,
      credit: 'Family album',
      privacy: 'public',
      destination: 'magazine',
    },
    member,
  );
}

/**
 * A member's home with every one of its own parts (issue 33): the questionnaire's first question
 * answered (so a next one), drafts (`drafts`, their titles), a private question waiting, and a
 * reader, Noa Cohen, who wrote a story of her own, follows the member and is followed back (the
 * following feed), and comments on `post` (a notification). Answers the reader's cookies.
 */
export async function homeParts(base, member, post, drafts = ['The winter of the long rain']) {
  const me = await call(base, 'POST', '/api/users/session', undefined, member);
  const questions = await call(base, 'GET', '/api/profileQuestions/getQuestions');
  const first = [...questions].sort((a, b) => a.index - b.index)[0];
  await call(
    base,
    'POST',
    '/api/meAnswers/saveLive',
    {
      questionId: first.questionId,
      answerData: {
        [first.subQuestions[0].subQuestionId]:
          'I grew up in a house by the harbour, where my grandmother kept the keys of every boat in a tin box.',
      },
      version: 0,
    },
    member,
  );
  for (const title of drafts)
    await call(base, 'POST', '/api/posts/saveDraft', { title, content: '<p>Notes.</p>' }, member);
  await call(
    base,
    'POST',
    '/api/privateQuestions/insertNewPrivateQuestion',
    { questionTitle: 'What did grandfather sing?', subQuestions: ['The words you remember'] },
    member,
  );
  const reader = await verifiedMember(base, { firstname: 'Noa', lastname: 'Cohen' });
  const readerMe = await call(base, 'POST', '/api/users/session', undefined, reader);
  await boatStory(base, reader);
  // The follows service hears of new members by events: a follow may wait for them.
  for (let i = 0; ; i++) {
    try {
      await call(base, 'POST', '/api/follows/follow', { userId: readerMe.id }, member);
      await call(base, 'POST', '/api/follows/follow', { userId: me.id }, reader);
      break;
    } catch (error) {
      if (i === 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await call(
    base,
    'POST',
    '/api/feedMessages/sendMessage',
    { message: 'I remember that boat! It sailed past our window.', tag: null, postId: post.postId },
    reader,
  );
  return reader;
}
