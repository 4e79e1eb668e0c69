import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, hydrated, newPerson, registerMember, uploadImage } from './helpers';

const STORY =
  'We sailed it on the lake the summer I turned twelve, and the whole street came along to watch it float. ';

/** A member with two posts (older, then newer), one answer, a video and a website. */
async function memberWithStory(request: APIRequestContext) {
  const person = newPerson();
  const { userId } = await registerMember(request, person);
  const titles: string[] = [];
  for (const title of ['The older story', 'The newer story']) {
    const created = await request.post('/api/posts/create', {
      data: {
        title,
        content: `<p>${STORY.repeat(2)}</p>`,
        image: await uploadImage(request),
        credit: 'Album',
        privacy: 'public',
      },
    });
    expect(created.status()).toBe(201);
    titles.push(title);
  }
  const saved = await request.post('/api/meAnswers/saveLive', {
    data: {
      questionId: 'roots',
      answerData: { 'roots-1': 'I was born by the sea, in a house with a blue door.' },
      version: 0,
    },
  });
  expect(saved.status()).toBe(200);
  const updated = await request.put('/api/users/updateUserInformation', {
    data: {
      moto: 'Plant trees you will not sit under',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      websiteLink: 'https://dana.example.com',
    },
  });
  expect(updated.status()).toBe(200);
  return { person, userId, titles };
}

/** A browser that is not a crawler (headless Chromium says it is one, and crawlers count no views). */
async function visitor(browser: Browser, baseURL: string | undefined) {
  return browser.newContext({
    baseURL,
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  });
}

test('a guest reads a profile: posts newest first or oldest first, the answers tab, in both languages', async ({
  page,
  request,
}) => {
  const { userId } = await memberWithStory(request);
  await page.goto(`/profile/${userId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dana Levi');
  await expect(page.getByText('Plant trees you will not sit under')).toBeVisible();
  const titles = page.locator('.profile-post h2, .profile-post h3');
  await expect(titles).toHaveText(['The newer story', 'The older story']);
  // A guest gets no owner's actions.
  await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Website/ })).toHaveAttribute(
    'href',
    'https://dana.example.com',
  );

  await page.getByRole('link', { name: 'Oldest' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${userId}\\?sort=oldest$`));
  await expect(titles).toHaveText(['The older story', 'The newer story']);
  await expect(page.getByRole('link', { name: 'Oldest' })).toHaveAttribute('aria-current', 'true');

  await page.getByRole('link', { name: 'Answers' }).click();
  await expect(page).toHaveURL(/tab=answers/);
  await expect(page.getByRole('heading', { name: 'Where I come from' })).toBeVisible();
  await expect(page.getByText('I was born by the sea, in a house with a blue door.')).toBeVisible();
  await expectAccessible(page);

  // Every view is an address of its own, rendered on the server.
  const html = await (await request.get(`/he/profile/${userId}?tab=answers`)).text();
  expect(html).toContain('I was born by the sea');
  await page.goto(`/he/profile/${userId}`);
  await expect(page.getByRole('link', { name: 'תשובות' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'הישנים ביותר' })).toBeVisible();
  await expect(titles).toHaveText(['The newer story', 'The older story']);
  await expectAccessible(page);
});

test('the owner finds one next step on their profile, and the other actions beside it', async ({
  page,
}) => {
  const { userId } = await memberWithStory(page.request);
  await page.goto(`/profile/${userId}`);
  await hydrated(page);
  // Question 1 is answered: the next step is question 2, the one primary action of the header.
  const header = page.locator('.profile-header');
  await expect(header.locator('a.button')).toHaveCount(1);
  await expect(
    header.getByRole('link', { name: 'Continue your story: question 2' }),
  ).toHaveAttribute('href', '/profile/edit-me/2');
  const own = page.getByRole('navigation', { name: 'Your profile' });
  await expect(own.getByRole('link', { name: 'Edit profile' })).toHaveAttribute(
    'href',
    '/profile/settings',
  );
  await expect(own.getByRole('link', { name: 'Write a post' })).toHaveAttribute(
    'href',
    '/profile/write-post',
  );
  await expect(own.getByRole('link', { name: 'Your widget' })).toHaveAttribute(
    'href',
    `/me-widget/${userId}`,
  );
  await expect(page.getByRole('link', { name: /^Edit\s*: The newer story$/ })).toBeVisible();
  await page.getByRole('link', { name: 'Answers' }).click();
  await expect(page.getByRole('link', { name: 'Edit this answer' })).toHaveAttribute(
    'href',
    '/profile/edit-me/1',
  );
});

/** Answers every question of the questionnaire, in order, as `request`'s member. */
async function answerAll(request: APIRequestContext) {
  const questions = (await (
    await request.get('/api/profileQuestions/getQuestions')
  ).json()) as Array<{
    questionId: string;
    index: number;
    subQuestions: Array<{ subQuestionId: string }>;
  }>;
  expect(questions).toHaveLength(10);
  for (const question of [...questions].sort((a, b) => a.index - b.index)) {
    const saved = await request.post('/api/meAnswers/saveLive', {
      data: {
        questionId: question.questionId,
        answerData: { [question.subQuestions[0]!.subQuestionId]: 'A morning by the sea.' },
        version: 0,
      },
    });
    expect(saved.status(), question.questionId).toBe(200);
  }
}

/** The owner's header: exactly one primary action, named `name`, leading to `href`. */
async function expectNextStep(page: Page, name: string, href: string) {
  const header = page.locator('.profile-header');
  await expect(header.locator('a.button')).toHaveCount(1);
  await expect(header.locator('a.button')).toHaveAccessibleName(name);
  await expect(header.locator('a.button')).toHaveAttribute('href', href);
}

test('the next step follows the member: the questionnaire, then a first story, then another, in both languages and widths', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three states, two languages, two widths, each checked with axe: more than one page's time.
  test.setTimeout(180_000);
  const { userId } = await registerMember(page.request, newPerson());
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/profile/${userId}`);
    await expectNextStep(page, 'Continue your story: question 1', '/profile/edit-me/1');
    await expect(page.getByRole('heading', { name: 'Your next step' })).toBeVisible();
    await expectNoSidewaysScroll(page, `the profile at ${width} px`);
    await expectAccessible(page);
    await page.goto(`/he/profile/${userId}`);
    await expectNextStep(page, 'להמשיך את הסיפור שלך: שאלה 1', '/he/profile/edit-me/1');
    await expectNoSidewaysScroll(page, `the Hebrew profile at ${width} px`);
    await expectAccessible(page);
  }
  // By keyboard: the next step is reached, and pressing it opens the question.
  await page.goto(`/profile/${userId}`);
  await hydrated(page);
  const step = page.getByRole('link', { name: 'Continue your story: question 1' });
  await step.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile\/edit-me\/1$/);

  await answerAll(page.request);
  await page.goto(`/profile/${userId}`);
  await expectNextStep(page, 'Write your first story', '/profile/write-post');
  // The questionnaire stays one link away.
  await expect(
    page
      .getByRole('navigation', { name: 'Your profile' })
      .getByRole('link', { name: 'Your answers' }),
  ).toHaveAttribute('href', '/profile/edit-me/1');
  await page.goto(`/he/profile/${userId}`);
  await expectNextStep(page, 'לכתוב את הסיפור הראשון שלך', '/he/profile/write-post');
  await expectAccessible(page);

  const created = await page.request.post('/api/posts/create', {
    data: {
      title: 'A first story',
      content: `<p>${STORY}</p>`,
      image: await uploadImage(page.request),
      credit: 'Album',
      privacy: 'public',
    },
  });
  expect(created.status()).toBe(201);
  await page.goto(`/profile/${userId}`);
  await expectNextStep(page, 'Write a story', '/profile/write-post');
  await page.goto(`/he/profile/${userId}`);
  await expectNextStep(page, 'לכתוב סיפור', '/he/profile/write-post');
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoSidewaysScroll(page, 'the Hebrew profile with a story at 390 px');
  await expectAccessible(page);

  // Anyone else sees no next step.
  const guest = await browser.newContext({ baseURL });
  const other = await guest.newPage();
  await other.goto(`/profile/${userId}`);
  await expect(other.getByRole('heading', { name: 'Your next step' })).toHaveCount(0);
  await expect(other.getByRole('link', { name: 'Write a story' })).toHaveCount(0);
  await expect(other.getByRole('navigation', { name: 'Your profile' })).toHaveCount(0);
  await guest.close();
});

/** Whether the page can be scrolled sideways (the whole document, not a row that scrolls). */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, `${where}: ${scrollWidth} px wide in ${clientWidth}`).toBeLessThanOrEqual(
    clientWidth,
  );
}

test('the video loads from YouTube only when played, and views count once per visitor', async ({
  browser,
  baseURL,
  request,
}) => {
  const { userId } = await memberWithStory(request);
  const first = await visitor(browser, baseURL);
  const page = await first.newPage();
  const youtube: string[] = [];
  page.on('request', (sent) => {
    if (/youtube/.test(sent.url())) youtube.push(sent.url());
  });
  await page.goto(`/profile/${userId}`);
  await hydrated(page);
  await expect(page.locator('.profile-views')).toHaveText('One view');
  expect(youtube).toEqual([]);
  await page.getByRole('button', { name: 'Play the video' }).click();
  await expect(page.locator('iframe.profile-video-frame')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/,
  );

  // The same visitor again: still one; another visitor: two.
  await page.reload();
  await expect(page.locator('.profile-views')).toHaveText('One view');
  await first.close();
  const second = await visitor(browser, baseURL);
  const other = await second.newPage();
  await other.goto(`/he/profile/${userId}`);
  await expect(other.locator('.profile-views')).toHaveText('2 צפיות');
  await second.close();
});

test('the self-interview reads one question a page, server-rendered with its preview tags, in both languages', async ({
  page,
  request,
}) => {
  const { userId } = await memberWithStory(request);
  const second = await request.post('/api/meAnswers/saveLive', {
    data: {
      questionId: 'places',
      answerData: { 'places-1': 'A flat above a bakery, where the mornings smelled of bread.' },
      version: 0,
    },
  });
  expect(second.status()).toBe(200);

  // Before any script runs: the text and the link-preview tags are in the page.
  const html = await (await request.get(`/me/${userId}/2`)).text();
  expect(html).toContain('A flat above a bakery');
  expect(html).toMatch(
    /<meta property="og:title" content="The places I(’|'|&#x27;|&#39;)ve called home — Dana Levi/,
  );
  expect(html).toContain('<meta property="og:type" content="article"/>');
  expect(html).toMatch(/<link rel="canonical" href="[^"]+\/me\/[^"]+\/2"\/>/);
  // Structured data for search engines: an Article by the member.
  const ld = JSON.parse(
    /<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)![1]!,
  ) as Record<string, unknown>;
  expect(ld).toMatchObject({
    '@type': 'Article',
    author: { '@type': 'Person', name: 'Dana Levi' },
    description: expect.stringContaining('A flat above a bakery'),
  });

  await page.goto(`/me/${userId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Where I come from');
  await expect(page.getByText('I was born by the sea, in a house with a blue door.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Previous question' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Next question' }).click();
  await expect(page).toHaveURL(new RegExp(`/me/${userId}/2$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("The places I've called home");
  await expect(page.getByRole('link', { name: 'Next question' })).toHaveCount(0);
  await expect(
    page.locator('.me-contents').getByRole('link', { name: "The places I've called home" }),
  ).toHaveAttribute('aria-current', 'page');
  // A guest is invited to write their own.
  await expect(page.getByRole('link', { name: 'Join and write yours' })).toHaveAttribute(
    'href',
    '/auth?modal=register',
  );
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Previous question' }).click();
  await expect(page).toHaveURL(new RegExp(`/me/${userId}/1$`));

  // An unanswered question is no page.
  expect((await page.goto(`/me/${userId}/7`))?.status()).toBe(404);

  await page.goto(`/he/me/${userId}/2`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('המקומות שהיו לי בית');
  await expect(page.getByRole('link', { name: 'השאלה הקודמת' })).toBeVisible();
  await expectAccessible(page);
});

test('a member with an answer in the magazine is in the sitemap: profile and self-interview, both languages', async ({
  request,
}) => {
  const { userId } = await memberWithStory(request);
  const long =
    'I grew up in a house by the harbour, where my grandmother kept the keys of every boat in a tin box and knew each captain by name.';
  expect(
    (
      await request.post('/api/meAnswers/saveLive', {
        data: { questionId: 'roots', answerData: { 'roots-1': long }, version: 1 },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.post('/api/meAnswers/togglePublishAsPost', { data: { questionId: 'roots' } })
    ).status(),
  ).toBe(200);
  // The profile counts as published once the answer's event has reached the users service.
  await expect
    .poll(async () => (await (await request.get('/sitemap.xml')).text()).includes(`/me/${userId}<`))
    .toBe(true);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of [`/profile/${userId}`, `/he/profile/${userId}`, `/he/me/${userId}`])
    expect(sitemap).toContain(`${path}</loc>`);
});

test('oEmbed: posts, profiles and self-interviews are announced and answered; others are not', async ({
  request,
}) => {
  const { userId } = await memberWithStory(request);
  const posts = (await (
    await request.post('/api/posts/getPosts', { data: { publisherId: userId } })
  ).json()) as { posts: Array<{ postId: string; title: string }> };
  const post = posts.posts.find((candidate) => candidate.title === 'The newer story')!;

  // Each page names its oEmbed answer; following it gives a link preview.
  const discovered = async (path: string) => {
    const html = await (await request.get(path)).text();
    const href = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(
      html,
    )?.[1];
    expect(href, path).toBeDefined();
    const answer = await request.get(href!.replace(/&amp;/g, '&'));
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()['access-control-allow-origin']).toBe('*');
    return (await answer.json()) as Record<string, unknown>;
  };
  expect(await discovered(`/post/${post.postId}`)).toMatchObject({
    version: '1.0',
    type: 'link',
    title: 'The newer story',
    author_name: 'Dana Levi',
    provider_name: 'Mepedia',
    thumbnail_url: expect.stringMatching(/\/api\/files\/image\//),
  });
  // A member: their card, as the widget's code frames it, in the address's language.
  expect(await discovered(`/he/profile/${userId}`)).toMatchObject({
    type: 'rich',
    title: 'Dana Levi',
    width: 340,
    height: 460,
    html: expect.stringMatching(
      new RegExp(
        `^<iframe src="http://[^"]+/he/me-widget-template/${userId}/classic" title="Dana Levi במפדיה"`,
      ),
    ),
  });
  expect(await discovered(`/me/${userId}/1`)).toMatchObject({ author_name: 'Dana Levi' });

  // Someone else's site, a private post, the wrong format, no address: refused.
  const ask = (query: string) => request.get(`/oembed?${query}`);
  expect(
    (
      await ask(`url=${encodeURIComponent(`https://elsewhere.example/post/${post.postId}`)}`)
    ).status(),
  ).toBe(404);
  expect((await ask('')).status()).toBe(400);
  const postHtml = await (await request.get(`/post/${post.postId}`)).text();
  const ownUrl = /<link rel="canonical" href="([^"]+)"/.exec(postHtml)![1]!;
  expect((await ask(`url=${encodeURIComponent(ownUrl)}&format=xml`)).status()).toBe(501);
  const changed = await request.post('/api/posts/updatePostPrivacy', {
    data: { postId: post.postId, privacy: 'private' },
  });
  expect(changed.status()).toBe(200);
  // Asked as a guest: the private post is not found, even when its author asks.
  expect((await ask(`url=${encodeURIComponent(ownUrl)}`)).status()).toBe(404);
});

test('a member translates a Hebrew profile and its answers into English, labelled, and back; a guest is asked to sign in', async ({
  page,
}) => {
  const found = await page.request.post('/api/users/getPublishedUsers', {
    data: { searchValue: 'נועה' },
  });
  const noa = ((await found.json()) as { users: Array<{ id: string; moto: string }> }).users[0]!;

  // A guest: the button is there, the translation is for members.
  await page.goto(`/profile/${noa.id}?tab=answers`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Translate to English' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Translation is for members.' }),
  ).toBeVisible();

  await registerMember(page.request, newPerson());
  await page.reload();
  await hydrated(page);
  const motto = page.locator('.profile-header .lead');
  await expect(motto).toHaveText(noa.moto);
  const firstAnswer = page.locator('.profile-answer .interview-part p').first();
  const original = (await firstAnswer.textContent()) ?? '';
  await page.getByRole('button', { name: 'Translate to English' }).click();
  // The stand-in provider marks what it translated: the motto and every answer, as text.
  await expect(motto).toHaveText(`[en] ${noa.moto}`);
  await expect(motto).toHaveAttribute('lang', 'en');
  await expect(firstAnswer).toHaveText(`[en] ${original}`);
  await expect(
    page.getByRole('status').filter({ hasText: 'Machine translation into English' }),
  ).toBeVisible();
  expect(
    await page.evaluate(() => (window as { translatedScriptRan?: boolean }).translatedScriptRan),
  ).toBeUndefined();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Show the original' }).click();
  await expect(motto).toHaveText(noa.moto);
  await expect(firstAnswer).toHaveText(original);
});
