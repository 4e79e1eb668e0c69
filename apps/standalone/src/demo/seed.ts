import {
  DEMO_COMMENTS,
  DEMO_MEMBERS,
  DEMO_REACTIONS,
  type DemoMember,
  type DemoPost,
} from './community';
import { portraitPicture, scenePicture } from './pictures';

/**
 * The demo community (docs/development.md, "Demo content"): six members in two languages with
 * pictures, answered questionnaires, posts, comments, replies and reactions, created through the
 * public API of a running Mepedia exactly as members would (registration, the texted code and the
 * emailed link from the dev outbox, uploads, saves), so every rule and event applies and nothing
 * is written around the services. It needs the dev outbox (a development process, `npm start`),
 * and it seeds only a community with no published member yet.
 */

/** Every demo member signs in with their email and this password (a local demo only). */
export const DEMO_PASSWORD = 'demo-community-passphrase';

export const demoEmail = (member: Pick<DemoMember, 'key'>) => `${member.key}.demo@example.com`;

export type SeedReport = {
  members: number;
  answers: number;
  posts: number;
  comments: number;
  reactions: number;
};

type Jar = Map<string, string>;
type OutboxMessage = { channel: 'email' | 'sms'; to: string; text: string };

export class SeedError extends Error {}

/** A member's browser: their cookies, kept between calls. */
function client(base: string) {
  const cookies: Jar = new Map();
  const send = async <T>(
    method: string,
    path: string,
    body?: unknown,
    accept: readonly number[] = [200, 201],
  ): Promise<T> => {
    const headers: Record<string, string> = {};
    if (cookies.size > 0)
      headers['cookie'] = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let payload: RequestInit['body'];
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${base}${path}`, { method, headers, body: payload });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    if (!accept.includes(response.status))
      throw new SeedError(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return { send };
}
type Client = ReturnType<typeof client>;

/** The newest message for `to` in the dev outbox that `pick` accepts. */
async function fromOutbox(
  base: string,
  to: string,
  pick: (message: OutboxMessage) => string | undefined,
): Promise<string> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const response = await fetch(`${base}/dev/outbox`);
    if (response.status === 404)
      throw new SeedError(
        'this Mepedia has no dev outbox (a production process?): the demo seed verifies its members through it',
      );
    const messages = (await response.json()) as OutboxMessage[];
    for (const message of messages.filter((candidate) => candidate.to === to)) {
      const found = pick(message);
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new SeedError(`no message for ${to} reached the dev outbox`);
}

/** A valid Israeli mobile number per member, the same each run: 054-700-00NN. */
const phoneOf = (index: number) => `0547000${String(index + 1).padStart(3, '0')}`;

async function upload(
  member: Client,
  png: Buffer,
  purpose: 'post' | 'profile',
): Promise<{ url: string; cropped?: { url: string } }> {
  const form = new FormData();
  form.set('purpose', purpose);
  if (purpose === 'profile') {
    // The whole square picture is the crop: the avatar shows all of it.
    for (const name of ['cropX', 'cropY']) form.set(name, '0');
    for (const name of ['cropWidth', 'cropHeight']) form.set(name, '1');
  }
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
  return member.send('POST', '/api/files/uploadApplicationFile', form);
}

async function createMember(base: string, member: DemoMember, index: number) {
  const browser = client(base);
  const phone = phoneOf(index);
  const { userId } = await browser.send<{ userId: string }>('POST', '/api/users/register', {
    language: member.language,
    firstname: member.firstname,
    lastname: member.lastname,
    email: demoEmail(member),
    phoneNumberPrefix: '+972',
    phoneNumber: phone,
    birthdate: member.birthdate,
    country: member.country,
    gender: member.gender,
    password: DEMO_PASSWORD,
    termsAccepted: true,
    ...(member.websiteLink ? { websiteLink: member.websiteLink } : {}),
  });
  const code = await fromOutbox(
    base,
    `+972${phone.slice(1)}`,
    (message) => /\b(\d{6})\b/.exec(message.text)?.[1],
  );
  await browser.send('PUT', '/api/users/verifyUserByPhone', {
    prefix: '+972',
    phone,
    verifyCode: code,
  });
  const token = await fromOutbox(base, demoEmail(member), (message) =>
    message.channel === 'email' ? /token=([\w-]+)/.exec(message.text)?.[1] : undefined,
  );
  // The link signs the member in: this client is their browser from here on.
  await browser.send('PUT', '/api/users/verifyUserByEmail', { verifyCode: token });
  const picture = await upload(
    browser,
    await portraitPicture(member.colours, member.key),
    'profile',
  );
  await browser.send('PUT', '/api/users/updateUserInformation', {
    profileImage: picture.url,
    croppedProfileImage: picture.cropped?.url ?? picture.url,
    moto: member.moto,
    aboutMe: member.aboutMe,
  });
  return { browser, userId };
}

async function answerQuestions(member: DemoMember, browser: Client): Promise<number> {
  // A member is listed among the people once an answer of theirs is in the magazine: each
  // demo member has at least one (the first, when the content marks none).
  const publishFirst = !member.answers.some((answer) => answer.publish);
  for (const [index, answer] of member.answers.entries()) {
    await browser.send('POST', '/api/meAnswers/saveLive', {
      questionId: answer.questionId,
      answerData: answer.texts,
      version: 0,
      privacy: 'public',
    });
    if (answer.publish || (publishFirst && index === 0))
      await browser.send('POST', '/api/meAnswers/togglePublishAsPost', {
        questionId: answer.questionId,
      });
  }
  return member.answers.length;
}

async function writePost(post: DemoPost, browser: Client): Promise<string> {
  const picture = await upload(
    browser,
    await scenePicture(post.picture.scene, post.picture.colours, post.key),
    'post',
  );
  const created = await browser.send<{ postId: string }>('POST', '/api/posts/create', {
    title: post.title,
    content: post.content,
    image: picture.url,
    credit: post.credit,
    privacy: 'public',
    destination: post.destination,
  });
  return created.postId;
}

/** Whether the community already has people in it (then the seed leaves it alone). */
export async function communityIsEmpty(base: string): Promise<boolean> {
  const response = await fetch(`${base}/api/users/getPublishedProfilesAmount`);
  if (!response.ok) throw new SeedError(`getPublishedProfilesAmount answered ${response.status}`);
  const { publishedProfilesAmount } = (await response.json()) as {
    publishedProfilesAmount: number;
  };
  return publishedProfilesAmount === 0;
}

/** Seeds the demo community through `base` (a gateway's address), unless it has members. */
export async function seedDemo(
  base: string,
  log: (line: string) => void = () => undefined,
): Promise<SeedReport | 'not-empty'> {
  if (!(await communityIsEmpty(base))) return 'not-empty';
  const members = new Map<string, Client>();
  const posts = new Map<string, string>();
  const authors = new Map<string, string>();
  let answers = 0;
  for (const [index, member] of DEMO_MEMBERS.entries()) {
    const { browser } = await createMember(base, member, index);
    members.set(member.key, browser);
    answers += await answerQuestions(member, browser);
    for (const post of member.posts) {
      posts.set(post.key, await writePost(post, browser));
      authors.set(post.key, member.key);
    }
    log(
      `demo seed: ${member.firstname} ${member.lastname} (${index + 1} of ${DEMO_MEMBERS.length})`,
    );
  }
  const need = <T>(map: Map<string, T>, key: string, what: string): T => {
    const value = map.get(key);
    if (value === undefined)
      throw new SeedError(`the demo content names an unknown ${what}: ${key}`);
    return value;
  };

  const messages = new Map<string, string>();
  for (const comment of DEMO_COMMENTS) {
    const postId = need(posts, comment.post, 'post');
    const sent = await need(members, comment.author, 'member').send<{ messageId: string }>(
      'POST',
      '/api/feedMessages/sendMessage',
      {
        message: comment.message,
        postId,
        tag: null,
        ...(comment.replyTo ? { parentMessageId: need(messages, comment.replyTo, 'comment') } : {}),
      },
    );
    messages.set(comment.key, sent.messageId);
  }

  for (const reaction of DEMO_REACTIONS) {
    const browser = need(members, reaction.member, 'member');
    const objectId = need(posts, reaction.post, 'post');
    if (reaction.kind === 'like')
      await browser.send('POST', '/api/userLikes/toggleLike', {
        collectionName: 'posts',
        objectId,
      });
    else
      await browser.send('POST', '/api/lotties/toggleLike', {
        collectionName: 'posts',
        objectId,
        name: reaction.kind,
      });
  }
  return {
    members: DEMO_MEMBERS.length,
    answers,
    posts: posts.size,
    comments: messages.size,
    reactions: DEMO_REACTIONS.length,
  };
}
