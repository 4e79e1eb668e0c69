import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectAccessible,
  hydrated,
  newPerson,
  outbox,
  registerMember,
  registerUnverified,
} from './helpers';

const BORN = /Where were you born/;
const BORN_HE = /איפה נולדת/;

type MagazinePage = { posts: Array<{ questionId: string | null; publisherId: string }> };

async function magazineQuestions(request: APIRequestContext, userId: string): Promise<string[]> {
  const response = await request.post('/api/posts/getPosts', {
    data: { magazine: true, publisherId: userId, pageNumber: 0, limit: 20 },
  });
  expect(response.status()).toBe(200);
  const page = (await response.json()) as MagazinePage;
  return page.posts.map((post) => post.questionId ?? '');
}

test('a questionnaire answer: draft saved as one types, kept on reload, saved, reverted, published and removed', async ({
  page,
}) => {
  const { userId } = await registerMember(page.request, newPerson());
  // Rendered on the server: the question and its fields are in the HTML before any script runs.
  const html = await (await page.request.get('/profile/edit-me/1')).text();
  expect(html).toContain('Where I come from</h1>');
  expect(html).toMatch(/<textarea[^>]*id="edit-me-1"/);
  await page.goto('/profile/edit-me/1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Where I come from');
  await hydrated(page);

  const born = page.getByRole('textbox', { name: BORN });
  await born.fill('I was born in Haifa, by the sea.');
  const status = page.getByRole('status').filter({ hasText: 'Draft saved' });
  await expect(status).toBeVisible();
  await expect(page.getByText('Nobody sees this answer until you press Save')).toBeVisible();

  await page.reload();
  await expect(born).toHaveValue('I was born in Haifa, by the sea.');
  await hydrated(page);

  // Save: the draft becomes the live answer; question 2 opens.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your saved answer is up to date.')).toBeVisible();
  const progress = page.getByRole('navigation', { name: 'Your questions' });
  await expect(
    progress.getByRole('link', { name: /^1\. Where I come from\s*Answered/ }),
  ).toBeVisible();
  await expect(progress.getByRole('link', { name: /The places I've called home/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Next question' })).toBeVisible();

  // Revert: a changed draft goes back to what was saved.
  await born.fill('A sentence I will take back.');
  await expect(status).toBeVisible();
  await expect(
    page.getByText('The draft has changes that are not in your saved answer yet.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Revert to saved' }).click();
  await expect(born).toHaveValue('I was born in Haifa, by the sea.');
  await expect(page.getByRole('button', { name: 'Revert to saved' })).toHaveCount(0);
  await page.reload();
  await expect(born).toHaveValue('I was born in Haifa, by the sea.');
  await hydrated(page);

  // The magazine wants 100 characters in one answer: 99 are not enough, and the page says why.
  const publish = page.getByRole('button', { name: 'Publish in the magazine' });
  await born.fill('a'.repeat(99));
  await expect(publish).toBeDisabled();
  await expect(page.getByText(/Write one more character in one of the answers/)).toBeVisible();
  await born.fill('a'.repeat(90));
  await expect(page.getByText(/Write 10 more characters/)).toBeVisible();
  await born.fill(`${'a'.repeat(99)}!`);
  await expect(publish).toBeEnabled();
  await publish.click();
  await expect(page.getByText('This answer is in the magazine.')).toBeVisible();
  await expect(
    progress.getByRole('link', { name: /Where I come from\s*In the magazine/ }),
  ).toBeVisible();
  // The posts service makes the post from the outbox's event.
  await expect.poll(() => magazineQuestions(page.request, userId)).toContain('roots');

  await page.getByRole('button', { name: 'Remove from the magazine' }).click();
  await expect(page.getByRole('button', { name: 'Publish in the magazine' })).toBeEnabled();
  await expect.poll(() => magazineQuestions(page.request, userId)).not.toContain('roots');
  await expectAccessible(page);
});

test('the questions open in order: question 3 explains it waits for question 2', async ({
  page,
}) => {
  await registerMember(page.request, newPerson());
  // Question 1 answered and saved; question 2 only has a draft, which is not enough.
  expect(
    (
      await page.request.post('/api/meAnswers/saveLive', {
        data: { questionId: 'roots', answerData: { 'roots-1': 'Haifa.' }, version: 0 },
      })
    ).status(),
  ).toBe(200);
  await page.goto('/profile/edit-me/3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What I love');
  await expect(page.getByRole('heading', { name: 'This question is not open yet' })).toBeVisible();
  await expect(page.getByText(/Answer question 2 and press Save/)).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  const progress = page.getByRole('navigation', { name: 'Your questions' });
  await expect(progress.getByRole('link', { name: /What I love/ })).toHaveCount(0);
  await expect(progress.getByText('Opens later')).toHaveCount(8);
  await expectAccessible(page);

  await page
    .getByRole('link', { name: /^Go to question\s*2\s*: The places I've called home$/ })
    .click();
  await expect(page).toHaveURL(/\/profile\/edit-me\/2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("The places I've called home");
  // The server holds the same rule.
  const locked = await page.request.post('/api/meAnswers/saveDraft', {
    data: { questionId: 'loves', answerData: {}, version: 0 },
  });
  expect(locked.status()).toBe(409);
  expect(((await locked.json()) as { code: string }).code).toBe('QUESTION_LOCKED');

  await page.goto('/he/profile/edit-me/3');
  await expect(page.getByRole('heading', { name: 'השאלה הזו עוד לא פתוחה' })).toBeVisible();
  await expect(page.getByText(/יש לענות על שאלה 2/)).toBeVisible();
  await expectAccessible(page);
});

test('in Hebrew: right to left, mixed text keeps its own direction, and the draft is saved', async ({
  page,
}) => {
  await registerMember(page.request, newPerson());
  await page.goto('/he/profile/edit-me/1');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('מאיפה באתי');
  await hydrated(page);
  const born = page.getByRole('textbox', { name: BORN_HE });
  await expect(born).toHaveAttribute('dir', 'auto');
  await born.fill('נולדתי בחיפה, near the Carmel, ב-1950.');
  await expect(page.getByRole('status').filter({ hasText: 'הטיוטה נשמרה' })).toBeVisible();
  await expect(page.getByText(/כדי לפרסם במגזין יש לכתוב עוד/)).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(born).toHaveValue('נולדתי בחיפה, near the Carmel, ב-1950.');
});

test('offline: the text waits on the device and is saved when the connection returns', async ({
  page,
  context,
}) => {
  await registerMember(page.request, newPerson());
  await page.goto('/profile/edit-me/1');
  await hydrated(page);
  const born = page.getByRole('textbox', { name: BORN });
  await context.setOffline(true);
  await born.fill('Typed on a train with no signal.');
  await expect(page.getByRole('status').filter({ hasText: 'No connection' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Error saving draft' })).toBeVisible();
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('mepedia.draft.')),
  );
  expect(kept).toHaveLength(1);
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  await page.reload();
  await expect(born).toHaveValue('Typed on a train with no signal.');
  await hydrated(page);

  // The page closes before the server has the text: it comes back from the device, and is saved.
  await page.route('**/api/meAnswers/saveDraft', (route) => route.abort());
  await born.fill('Typed, then the tab was closed.');
  await expect(page.getByRole('status').filter({ hasText: 'No connection' })).toBeVisible();
  await page.reload();
  await expect(born).toHaveValue('Typed, then the tab was closed.');
  await expect(
    page.getByRole('status').filter({ hasText: 'is back, and is being saved' }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No connection' })).toBeVisible();
  await page.unroute('**/api/meAnswers/saveDraft');
  // Back online: the browser's `online` event sends it without waiting for the next retry.
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  const stored = await page.request.get('/api/meAnswers/getCurrentUserAnswers');
  const mine = (await stored.json()) as { answers: Array<{ draft: Record<string, string> }> };
  expect(mine.answers[0]?.draft['roots-1']).toBe('Typed, then the tab was closed.');
});

test('another window saved a newer draft: the member is told and may load it', async ({ page }) => {
  await registerMember(page.request, newPerson());
  await page.goto('/profile/edit-me/1');
  await hydrated(page);
  // Another window saves first (version 0 -> 1).
  const other = await page.request.post('/api/meAnswers/saveDraft', {
    data: { questionId: 'roots', answerData: { 'roots-1': 'From the other window.' }, version: 0 },
  });
  expect(other.status()).toBe(200);
  const born = page.getByRole('textbox', { name: BORN });
  await born.fill('From this window.');
  const stale = page
    .getByRole('alert')
    .filter({ hasText: 'This answer was changed in another window' });
  await expect(stale).toBeVisible();
  // Nothing was written over the other draft.
  await expect(born).toHaveValue('From this window.');
  await stale.getByRole('button', { name: 'Load the newer text' }).click();
  await expect(born).toHaveValue('From the other window.');
  await expect(stale).toHaveCount(0);
});

test('a private question: answered as a draft, saved, shown again after a reload, in both languages', async ({
  page,
}) => {
  await registerMember(page.request, newPerson());
  const created = await page.request.post('/api/privateQuestions/insertNewPrivateQuestion', {
    data: {
      questionTitle: 'The letters I never sent',
      subQuestions: ['To whom would you write first?', 'What would the letter say?'],
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/profile/edit-me-private/1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The letters I never sent');
  await expect(
    page.getByText(
      'Your drafts are yours alone. The saved answer, with its question, is read by the people you choose below.',
    ),
  ).toBeVisible();
  // Who reads the saved answer: "Only me" until the member chooses (issue 34), and its badge.
  await expect(page.locator('.answer-audience .audience-badge')).toHaveText(
    'Who can read it: Only me',
  );
  await hydrated(page);
  const first = page.getByRole('textbox', { name: 'To whom would you write first?' });
  await first.fill('To my grandmother, in Yiddish.');
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your saved answer is up to date.')).toBeVisible();
  // No magazine; the audience stays "Only me" unless chosen.
  await expect(page.getByRole('button', { name: 'Publish in the magazine' })).toHaveCount(0);
  await expect(
    page
      .getByRole('group', { name: 'Who can read this answer' })
      .getByRole('radio', { name: 'Only me' }),
  ).toBeChecked();
  await expectAccessible(page);

  await page.reload();
  await expect(first).toHaveValue('To my grandmother, in Yiddish.');
  const answer = await page.request.post('/api/privateQuestions/getAnswer', {
    data: { questionIndex: 1 },
  });
  const saved = (await answer.json()) as { answer: { live: Record<string, string> | null } };
  expect(Object.values(saved.answer.live ?? {})).toContain('To my grandmother, in Yiddish.');

  await page.goto('/he/profile/edit-me-private/1');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(
    page.getByText('הטיוטות שלך נשארות רק אצלך. את התשובה השמורה, עם השאלה, יקראו מי שבחרת למטה.'),
  ).toBeVisible();
  await expect(first).toHaveValue('To my grandmother, in Yiddish.');
  await expect(first).toHaveAttribute('dir', 'auto');
  await expectAccessible(page);

  const missing = await page.goto('/profile/edit-me-private/2');
  expect(missing?.status()).toBe(404);
});

test('an answer whose magazine post was deleted in the post editor says so, and can be published again', async ({
  page,
}) => {
  const api = page.request;
  const { userId } = await registerMember(api, newPerson());
  const saved = await api.post('/api/meAnswers/saveLive', {
    data: {
      questionId: 'roots',
      answerData: {
        'roots-1':
          'I was born in Haifa, by the sea, in a house with a blue door, where the fishermen sang every morning.',
      },
      version: 0,
    },
  });
  expect(saved.status()).toBe(200);
  expect(
    (
      await api.post('/api/meAnswers/togglePublishAsPost', { data: { questionId: 'roots' } })
    ).status(),
  ).toBe(200);
  const postOf = async () => {
    const response = await api.post('/api/posts/getPosts', {
      data: { publisherId: userId, questionId: 'roots' },
    });
    return ((await response.json()) as { posts: Array<{ postId: string }> }).posts[0]?.postId;
  };
  await expect.poll(postOf).toBeTruthy();
  const postId = (await postOf()) as string;

  // Deleted where the post is edited, as any post is.
  await page.goto(`/profile/write-post/${postId}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Delete the post' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this post?' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/profile/${userId}$`));
  // The answer learns it from the posts service's event.
  await expect
    .poll(async () => {
      const response = await api.get('/api/meAnswers/getCurrentUserAnswers');
      const { answers } = (await response.json()) as {
        answers: Array<{ questionId: string; publishedAsPost: boolean }>;
      };
      return answers.find((answer) => answer.questionId === 'roots')?.publishedAsPost;
    })
    .toBe(false);

  await page.goto('/profile/edit-me/1');
  await hydrated(page);
  await expect(page.getByText('This answer is in the magazine.')).toHaveCount(0);
  const publish = page.getByRole('button', { name: 'Publish in the magazine' });
  await expect(publish).toBeEnabled();
  await publish.click();
  await expect(page.getByText('This answer is in the magazine.')).toBeVisible();
  await expect.poll(() => magazineQuestions(api, userId)).toContain('roots');
  expect(await postOf()).not.toBe(postId);
});

for (const { lang, prefix, width, words } of [
  {
    lang: 'en',
    prefix: '',
    width: 1280,
    words: {
      title: 'Welcome! Your story starts here',
      text: /Ten questions about your life, one at a time.*kept as a draft.*Publish an answer when it is ready/,
      dismiss: 'Start with the first question',
    },
  },
  {
    lang: 'he',
    prefix: '/he',
    width: 390,
    words: {
      title: 'ברוכים הבאים! כאן מתחיל הסיפור שלך',
      text: /עשר שאלות על החיים שלך.*נשמר כטיוטה.*לפרסם תשובה כשהיא מוכנה/,
      dismiss: 'להתחיל בשאלה הראשונה',
    },
  },
] as const) {
  test(`${lang}: a newly verified member lands on question 1 with a short welcome, once`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const person = newPerson();
    // The page's own context registers and verifies its phone: it holds the ticket, as the
    // member's browser does; the emailed link then signs it in.
    await registerUnverified(page.request, person);
    const sms = await outbox(page.request, (m) => m.channel === 'sms' && m.to === person.e164);
    await page.request.put('/api/users/verifyUserByPhone', {
      data: { prefix: '+972', phone: person.phone, verifyCode: /(\d{6})/.exec(sms.text)?.[1] },
    });
    const email = await outbox(page.request, (m) => m.channel === 'email' && m.to === person.email);
    const token = /token=([\w-]+)/.exec(email.text)?.[1] ?? '';
    await page.goto(`${prefix}/email-verification?token=${token}`);

    await expect(page).toHaveURL(new RegExp(`${prefix}/profile/edit-me/1\\?welcome=1$`));
    const welcome = page.getByRole('heading', { name: words.title });
    // The welcome is read first: its heading has the focus.
    await expect(welcome).toBeFocused();
    await expect(page.locator('.answer-welcome')).toContainText(words.text);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: words.dismiss }).click();
    await expect(welcome).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    // Only that landing has it.
    await page.goto(`${prefix}/profile/edit-me/1`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: words.title })).toHaveCount(0);
  });
}
