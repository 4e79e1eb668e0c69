import type { Page } from '@playwright/test';
import { MAGAZINE_PATH } from '../app/lib/site';
import { expect, test } from './fixtures';
import { hydrated, newPerson, registerMember, uploadImage } from './helpers';

// Hostile input, shown: a member fills every field the site shows with markup built to run
// (scripts, event handlers, javascript: links, SVG), and with text that plays with direction.
// Every page that shows those fields is then opened in Chromium, signed in and as a guest, in
// both languages: nothing may run (no dialog, no marker set, no handler in the DOM, and the
// fixtures fail on any Content-Security-Policy violation), and the text reads as it was typed.

/** Sets `window.__xss` and opens a dialog if it ever runs. */
const RUNS = `<img src=x onerror="window.__xss=1;alert(1)"><script>window.__xss=2;alert(2)</script><svg onload="window.__xss=3">`;
/** The same, within a 50-character field. */
const RUNS_SHORT = '<svg onload=alert(1)><img src=x onerror=alert(2)>';
const TITLE = `"><img src=x onerror=alert(1)> Tale ${Date.now().toString(36)}`;
const LINK = 'javascript:window.__xss=4;alert(4)';
/** A right-to-left override inside a motto: it must not flip the text around it. */
const RTL_OVERRIDE = 'gnp.\u202Eexe — a motto with a twist';
const EMOJI = '👩‍👩‍👧‍👦 🏳️‍🌈 👍🏽';
const NIQQUD = 'שָׁלוֹם עוֹלָם';
const LONG_ANSWER = `${RUNS} ${NIQQUD} ${EMOJI} I grew up by the sea and learned every tide by heart before I could read. `;

type XssWindow = Window & { __xss?: number };

/** Open `path` and check that nothing a member wrote runs there. */
async function expectInert(page: Page, path: string, dialogs: string[]) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await hydrated(page);
  // Give handlers a moment: an image's onerror fires once its load fails.
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as XssWindow).__xss), `marker on ${path}`).toBe(
    undefined,
  );
  const live = await page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`);
        if (/^\s*javascript:/i.test(attribute.value)) found.push(`${element.tagName} javascript:`);
      }
    }
    // A script element made of what a member wrote: the payload's own script, or one that broke
    // out of the page's data (JSON-LD, React Router's stream), where it may appear only as an
    // escaped string. (A missing nonce alone proves nothing: React may re-create the page's own
    // inline scripts as it hydrates, and those never run again.)
    for (const script of Array.from(document.querySelectorAll('script')))
      if (/^\s*(window\.__xss|alert\()/.test(script.textContent ?? ''))
        found.push(`a member's script: ${script.outerHTML.slice(0, 80)}`);
    return found;
  });
  expect(live, `live markup on ${path}`).toEqual([]);
  expect(dialogs, `dialogs on ${path}`).toEqual([]);
}

test('markup a member writes anywhere is shown as text or cleaned, and never runs', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const api = page.request;
  const { userId } = await registerMember(api, newPerson());

  // The profile's own words; a javascript: website is refused with the field named.
  const profile = await api.put('/api/users/updateUserInformation', {
    data: { moto: RTL_OVERRIDE, aboutMe: RUNS_SHORT },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const website = await api.put('/api/users/updateUserInformation', {
    data: { websiteLink: LINK },
  });
  expect(website.status()).toBe(400);
  expect(await website.json()).toMatchObject({
    code: 'VALIDATION_FAILED',
    details: [expect.objectContaining({ field: 'websiteLink' })],
  });
  // Names are letters only: markup is refused with the field named.
  const name = await api.put('/api/users/updateUserInformation', {
    data: { firstname: '<script>alert(1)</script>' },
  });
  expect(name.status()).toBe(400);

  // A file's name is never kept: the image is known by its id alone.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC',
    'base64',
  );
  const uploaded = await api.post('/api/files/uploadApplicationFile', {
    multipart: {
      purpose: 'post',
      file: { name: `"><img src=x onerror=alert(5)>.png`, mimeType: 'image/png', buffer: png },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  expect(await uploaded.text()).not.toContain('onerror');

  // A post: a title, a credit and a body full of markup.
  const created = await api.post('/api/posts/create', {
    data: {
      title: TITLE,
      content: `<p>${RUNS}<a href="${LINK}">a link</a> <iframe src="${LINK}"></iframe><span style="background:url(${LINK})">styled</span> ${NIQQUD} ${EMOJI}. A story told slowly, one memory at a time, as the sea taught me.</p>`,
      image: await uploadImage(api),
      credit: RUNS,
      privacy: 'public',
      destination: 'magazine',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { postId } = (await created.json()) as { postId: string };

  // A comment with markup and a javascript: "link".
  const comment = await api.post('/api/feedMessages/sendMessage', {
    data: {
      message: `${RUNS} ${LINK} https://example.com/"><svg/onload=alert(6)>`,
      tag: null,
      postId,
    },
  });
  expect(comment.status(), await comment.text()).toBe(201);

  // An answer, published to the magazine.
  const answered = await api.post('/api/meAnswers/saveLive', {
    data: { questionId: 'roots', answerData: { 'roots-1': LONG_ANSWER.repeat(2) }, version: 0 },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  expect(
    (
      await api.post('/api/meAnswers/togglePublishAsPost', { data: { questionId: 'roots' } })
    ).status(),
  ).toBe(200);

  // A private question and its answer.
  const question = await api.post('/api/privateQuestions/insertNewPrivateQuestion', {
    data: {
      questionTitle: `${RUNS} Who taught you?`,
      subQuestions: [`${RUNS} first part`, `${NIQQUD} ${EMOJI} second part`],
    },
  });
  expect(question.status(), await question.text()).toBe(201);
  const { questionIndex, subQuestions } = (await question.json()) as {
    questionIndex: number;
    subQuestions: Array<{ id: string }>;
  };
  const privateAnswer = await api.post('/api/privateQuestions/saveLive', {
    data: { questionIndex, answerData: { [subQuestions[0]!.id]: RUNS }, version: 0 },
  });
  expect(privateAnswer.status(), await privateAnswer.text()).toBe(200);

  // The member's own pages, signed in, in both languages.
  for (const locale of ['', '/he']) {
    await expectInert(page, `${locale}/post/${postId}`, dialogs);
    await expectInert(page, `${locale}/profile/${userId}`, dialogs);
    await expectInert(page, `${locale}/me/${userId}/1`, dialogs);
    await expectInert(page, `${locale}/me/custom-question/${questionIndex}`, dialogs);
    await expectInert(page, `${locale}/profile/edit-me/1`, dialogs);
    await expectInert(page, `${locale}/profile/write-post/${postId}`, dialogs);
  }
  // The title reads as typed, markup and all, as text.
  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);

  // A guest's view: the magazine, home, the post and the profile.
  const guest = await browser.newContext({ baseURL });
  const guestPage = await guest.newPage();
  const guestDialogs: string[] = [];
  guestPage.on('dialog', (dialog) => {
    guestDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const locale of ['', '/he']) {
    await expectInert(guestPage, `${locale}/`, guestDialogs);
    await expectInert(guestPage, `${locale}${MAGAZINE_PATH}`, guestDialogs);
    await expectInert(guestPage, `${locale}/post/${postId}`, guestDialogs);
    await expectInert(guestPage, `${locale}/profile/${userId}`, guestDialogs);
  }
  await guest.close();
});

test('text that plays with direction, joins emoji or carries niqqud reads exactly as typed, and stays in its place', async ({
  page,
}) => {
  const api = page.request;
  const { userId } = await registerMember(api, newPerson());
  expect(
    (
      await api.put('/api/users/updateUserInformation', {
        data: { moto: RTL_OVERRIDE, aboutMe: `${NIQQUD} ${EMOJI}` },
      })
    ).status(),
  ).toBe(200);
  for (const locale of ['', '/he']) {
    await page.goto(`${locale}/profile/${userId}`);
    await hydrated(page);
    const motto = page.getByText(RTL_OVERRIDE, { exact: true });
    await expect(motto).toHaveCount(1);
    // The override ends with the motto: its element isolates it from the text around it.
    const isolated = await motto.evaluate((element) => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const bidi = getComputedStyle(at).unicodeBidi;
        if (at.tagName === 'BDI' || bidi === 'isolate' || bidi === 'plaintext') return true;
        if (at.hasAttribute('dir')) return at.tagName !== 'HTML';
      }
      return false;
    });
    expect(isolated, `the motto is isolated on ${locale || '/'}`).toBe(true);
    await expect(page.getByText(`${NIQQUD} ${EMOJI}`, { exact: true })).toHaveCount(1);
  }
});

test('a refused link before a kept one leaves the rest of the post page outside any link, before any script runs', async ({
  page,
  browser,
  baseURL,
}) => {
  const api = page.request;
  await registerMember(api, newPerson());
  const image = await uploadImage(api);
  const created = await api.post('/api/posts/create', {
    data: {
      title: `Two links ${Date.now().toString(36)}`,
      content: `<p><a href="${LINK}">refused</a> and <a href="https://example.com/kept">kept</a> then the rest of a story, long enough to be a post: the summer we spent by the sea, the boat, the nets and the storm.</p><p>After the links.</p>`,
      image,
      credit: 'The author',
      privacy: 'public',
    },
  });
  expect(created.status()).toBe(201);
  const { postId } = (await created.json()) as { postId: string };

  // What a crawler, a link preview or a reader before hydration gets: the server's HTML, as
  // Chromium parses it, with no script run.
  const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const reader = await plain.newPage();
  for (const locale of ['', '/he']) {
    expect((await reader.goto(`${locale}/post/${postId}`))?.status()).toBe(200);
    const links = reader.locator('.prose a');
    await expect(links).toHaveCount(1);
    await expect(links).toHaveText('kept');
    await expect(reader.locator('.prose')).toContainText('refused and kept then the rest');
    // Nothing of the page after the post (counts, Like, Share, Translate, reactions, comments)
    // is inside a link.
    for (const inside of ['.post-counts', '.post-actions', 'button', 'h2', 'section']) {
      await expect(reader.locator(`a ${inside}`), `${inside} inside a link`).toHaveCount(0);
    }
    await expect(reader.locator('.post-actions button').first()).toBeVisible();
  }
  await plain.close();
});
