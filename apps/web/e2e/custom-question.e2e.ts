import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, hydrated, newPerson, registerMember } from './helpers';

type StoredQuestion = {
  questionId: string;
  questionIndex: number;
  questionTitle: string;
  subQuestions: { id: string; title: string }[];
};

/** The member's private questions, as the API keeps them. */
async function storedQuestions(request: APIRequestContext): Promise<StoredQuestion[]> {
  const answer = await request.post('/api/privateQuestions/getQuestions', { data: {} });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { questions: StoredQuestion[] }).questions;
}

const subQuestion = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('a member creates a private question, edits it, removes a row with its answer, and deletes it', async ({
  page,
}) => {
  const { userId } = await registerMember(page.request, newPerson());

  await page.goto('/profile/custom-question');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'A private question of your own',
  );
  await expect(page.getByText('up to 8 sub-questions')).toBeVisible();
  const topic = page.getByLabel('Topic (your question)');
  await expect(topic).toHaveAttribute('dir', 'auto');
  const first = subQuestion(page, 'Sub-question 1');
  const submit = page.getByRole('button', { name: 'Create and answer it' });
  // One row can not be removed.
  await expect(page.getByRole('button', { name: /Remove sub-question/ })).toHaveCount(0);

  // A four-character topic and sub-question are refused at their fields; focus goes to the first.
  await topic.fill('Four');
  await first.fill('abcd');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields');
  await expect(topic).toBeFocused();
  await expect(topic).toHaveAccessibleDescription(/^Write at least 5 characters/);
  await expect(first).toHaveAccessibleDescription('Write at least 5 characters');
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  // A blank sub-question is required.
  await topic.fill('The year I lived abroad');
  await first.fill('   ');
  await submit.click();
  await expect(first).toBeFocused();
  await expect(first).toHaveAccessibleDescription('Field is required');
  await expect(topic).not.toHaveAttribute('aria-invalid', 'true');
  expect(await storedQuestions(page.request)).toEqual([]);
  await first.fill('Where did you live?');

  // Rows up to eight: each new one takes focus; at eight the add button stops and says why.
  const add = page.getByRole('button', { name: 'Add a sub-question' });
  for (let n = 2; n <= 8; n++) {
    await add.click();
    await expect(subQuestion(page, `Sub-question ${n}`)).toBeFocused();
    await page.keyboard.type(`Question number ${n}?`);
  }
  await expect(page.getByText('8 sub-questions of 8 at most')).toBeVisible();
  await expect(add).toBeDisabled();
  const limit = 'That is the most a question can hold: 8 sub-questions. Remove one to add another.';
  await expect(page.getByText(limit, { exact: true })).toBeVisible();
  await expect(add).toHaveAccessibleDescription(limit);
  await expectAccessible(page);

  // Removing the third row: the fourth moves into its place and takes focus; it is announced.
  await page.getByRole('button', { name: 'Remove sub-question 3' }).click();
  await expect(subQuestion(page, 'Sub-question 3')).toBeFocused();
  await expect(subQuestion(page, 'Sub-question 3')).toHaveValue('Question number 4?');
  await expect(subQuestion(page, 'Sub-question 8')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Sub-question 3 removed' })).toHaveText(
    'Sub-question 3 removed. The ones below it moved up by one.',
  );
  await expect(add).toBeEnabled();
  await expect(page.getByText(limit, { exact: true })).toHaveCount(0);

  await submit.click();
  await expect(page).toHaveURL(/\/profile\/edit-me-private\/1$/);
  await expect(page.getByText('Your question is ready. Now answer it.')).toBeVisible();
  let [stored] = await storedQuestions(page.request);
  expect(stored?.questionTitle).toBe('The year I lived abroad');
  expect(stored?.subQuestions.map((sub) => sub.title)).toEqual([
    'Where did you live?',
    'Question number 2?',
    'Question number 4?',
    'Question number 5?',
    'Question number 6?',
    'Question number 7?',
    'Question number 8?',
  ]);
  const idsBefore = stored!.subQuestions.map((sub) => sub.id);

  // The update page is drawn on the server with the question in it, then comes alive.
  const html = await (await page.request.get('/profile/custom-question/update/1')).text();
  expect(html).toContain('value="The year I lived abroad"');
  expect(html).toContain('Question number 8?');
  await page.goto('/profile/custom-question/update/1');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit your private question');
  await expect(page.getByText(/reword a sub-question and it keeps its answer/)).toBeVisible();
  await expect(topic).toHaveValue('The year I lived abroad');
  await expect(subQuestion(page, 'Sub-question 7')).toHaveValue('Question number 8?');
  await expect(page.getByRole('link', { name: 'Go to your answer' })).toHaveAttribute(
    'href',
    '/profile/edit-me-private/1',
  );
  await expectAccessible(page);

  await topic.fill('The years I lived abroad');
  await page.getByRole('button', { name: 'Remove sub-question 2' }).click();
  await expect(subQuestion(page, 'Sub-question 2')).toBeFocused();
  const save = page.getByRole('button', { name: 'Save changes' });
  await save.click();
  // A save that drops a place asks first, and says which answers go.
  const removal = page.getByRole('dialog', { name: 'Delete answers too?' });
  await expect(removal).toBeVisible();
  await expect(removal).toContainText(
    'The answer at place 7, draft and published, will be deleted for good.',
  );
  await expect(removal).toContainText('take over the answers written at their new places');
  await expectAccessible(page);
  await removal.getByRole('button', { name: 'Keep editing' }).click();
  await expect(removal).toBeHidden();
  [stored] = await storedQuestions(page.request);
  expect(stored?.questionTitle).toBe('The year I lived abroad');
  expect(stored?.subQuestions).toHaveLength(7);

  await save.click();
  await removal.getByRole('button', { name: 'Save and delete those answers' }).click();
  await expect(page).toHaveURL(/\/profile\/edit-me-private\/1$/);
  [stored] = await storedQuestions(page.request);
  expect(stored?.questionTitle).toBe('The years I lived abroad');
  expect(stored?.subQuestions.map((sub) => sub.title)).toEqual([
    'Where did you live?',
    'Question number 4?',
    'Question number 5?',
    'Question number 6?',
    'Question number 7?',
    'Question number 8?',
  ]);
  // Matched by place: the first six places keep their ids (and answers); the seventh is gone.
  expect(stored?.subQuestions.map((sub) => sub.id)).toEqual(idsBefore.slice(0, 6));

  // Deleting asks first, says the answer goes too, and ends on the member's profile.
  await page.goto('/profile/custom-question/update/1');
  await hydrated(page);
  await page.getByRole('button', { name: 'Delete this question' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this question?' });
  await expect(confirm).toContainText(
    '“The years I lived abroad” will be deleted, and your answer to it with it',
  );
  await confirm.getByRole('button', { name: 'Delete the question and its answer' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${userId}$`));
  expect(await storedQuestions(page.request)).toEqual([]);

  // A question that is not there: the not-found page, with its status.
  for (const path of ['/profile/custom-question/update/1', '/profile/custom-question/update/x']) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This page could not be found',
    );
  }
});

test('in Hebrew: right to left, the rules and the limit in Hebrew, mixed text kept, and accessible', async ({
  page,
}) => {
  const { userId } = await registerMember(page.request, newPerson());

  await page.goto('/he/profile/custom-question');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('שאלה אישית משלך');
  await expectAccessible(page);
  const topic = page.getByLabel('נושא (השאלה שלך)');
  const first = subQuestion(page, 'שאלת משנה 1');
  const submit = page.getByRole('button', { name: 'יצירה ומעבר לתשובה' });

  await topic.fill('אבגד');
  await first.fill('abcd');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('נא לתקן את השדות המסומנים');
  await expect(topic).toBeFocused();
  await expect(topic).toHaveAccessibleDescription(/^יש לכתוב לפחות 5 תווים/);
  await expect(first).toHaveAccessibleDescription('יש לכתוב לפחות 5 תווים');

  // Hebrew with English inside keeps both directions.
  await topic.fill('השנה שלי ב-London');
  await first.fill('איפה גרתי ב-Camden?');
  const add = page.getByRole('button', { name: 'הוספת שאלת משנה' });
  for (let n = 2; n <= 8; n++) {
    await add.click();
    await expect(subQuestion(page, `שאלת משנה ${n}`)).toBeFocused();
    await page.keyboard.type(`שאלה מספר ${n}`);
  }
  await expect(add).toBeDisabled();
  const limit = 'זה המקסימום לשאלה אחת: 8 שאלות משנה. כדי להוסיף עוד, יש להסיר אחת.';
  await expect(page.getByText(limit, { exact: true })).toBeVisible();
  await expect(add).toHaveAccessibleDescription(limit);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'הסרת שאלת משנה 8' }).click();
  await expect(subQuestion(page, 'שאלת משנה 7')).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'שאלת משנה 8 הוסרה' })).toBeAttached();

  await submit.click();
  await expect(page).toHaveURL(/\/he\/profile\/edit-me-private\/1$/);
  const [stored] = await storedQuestions(page.request);
  expect(stored?.questionTitle).toBe('השנה שלי ב-London');
  expect(stored?.subQuestions.map((sub) => sub.title)).toEqual([
    'איפה גרתי ב-Camden?',
    ...[2, 3, 4, 5, 6, 7].map((n) => `שאלה מספר ${n}`),
  ]);

  await page.goto('/he/profile/custom-question/update/1');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('עריכת השאלה האישית');
  await expect(topic).toHaveValue('השנה שלי ב-London');
  await expect(page.getByRole('link', { name: 'מעבר לתשובה שלך' })).toHaveAttribute(
    'href',
    '/he/profile/edit-me-private/1',
  );
  await expectAccessible(page);
  await page.getByRole('button', { name: 'מחיקת השאלה' }).click();
  const confirm = page.getByRole('dialog', { name: 'למחוק את השאלה?' });
  await expect(confirm).toContainText('ואיתה גם התשובה שלך');
  await expect(confirm.locator('bdi[dir="auto"]')).toHaveText('השנה שלי ב-London');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'מחיקת השאלה והתשובה' }).click();
  await expect(page).toHaveURL(new RegExp(`/he/profile/${userId}$`));
  expect(await storedQuestions(page.request)).toEqual([]);

  const answer = await page.goto('/he/profile/custom-question/update/3');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('הדף לא נמצא');
  await expectAccessible(page);
});

test('the private questions read as the owner’s own self-interview, and are nobody else’s page', async ({
  page,
  browser,
  baseURL,
}) => {
  const { userId } = await registerMember(page.request, newPerson());
  for (const [questionTitle, subQuestions] of [
    ['The letters I never sent', ['To whom would you write first?', 'What would the letter say?']],
    ['מה הייתי אומרת לעצמי בגיל עשרים', ['מה היית מבקשת לשנות?']],
  ] as const) {
    const created = await page.request.post('/api/privateQuestions/insertNewPrivateQuestion', {
      data: { questionTitle, subQuestions },
    });
    expect(created.status()).toBe(201);
  }
  const [first] = await storedQuestions(page.request);
  const saved = await page.request.post('/api/privateQuestions/saveLive', {
    data: {
      questionIndex: 1,
      questionId: first!.questionId,
      answerData: { [first!.subQuestions[0]!.id]: 'To my grandfather, about the orchard.' },
      version: 0,
    },
  });
  expect(saved.status()).toBe(200);

  // The owner's self-interview leads there; without an id it is the member's own.
  await page.goto(`/me/${userId}`);
  await expect(page.getByRole('link', { name: 'Your private questions' })).toHaveAttribute(
    'href',
    `/me/${userId}/custom-question`,
  );
  await page.goto('/me/custom-question');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The letters I never sent');
  await expect(
    page.getByText('Only you see this page. Others read only the answers you shared with them.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(
    'To whom would you write first?',
  );
  await expect(page.getByText('To my grandfather, about the orchard.')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Next question' }).click();
  await expect(page).toHaveURL(new RegExp(`/me/${userId}/custom-question/2$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'מה הייתי אומרת לעצמי בגיל עשרים',
  );
  await expect(page.getByText('Not answered yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Write or change the answer' })).toHaveAttribute(
    'href',
    '/profile/edit-me-private/2',
  );
  await expect(page.getByRole('link', { name: 'Previous question' })).toBeVisible();
  await page.goto(`/he/me/${userId}/custom-question/1`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(
    page.getByText('רק לך יש גישה לדף הזה. אחרים קוראים רק את התשובות ששיתפת איתם.'),
  ).toBeVisible();
  expect((await page.request.get(`/me/${userId}/custom-question/3`)).status()).toBe(404);

  // An answer shared with no one: to a guest and to another member the address does not exist;
  // a guest without an id signs in.
  const guest = await browser.newContext({ baseURL });
  try {
    expect((await guest.request.get(`/me/${userId}/custom-question/1`)).status()).toBe(404);
    const own = await guest.request.get('/me/custom-question', { maxRedirects: 0 });
    expect(own.status()).toBe(302);
    expect(own.headers()['location']).toBe(
      `/auth?modal=login&returnTo=${encodeURIComponent('/me/custom-question')}`,
    );
    await registerMember(guest.request, newPerson());
    const other = await guest.request.get(`/me/${userId}/custom-question/1`);
    expect(other.status()).toBe(404);
    expect(await other.text()).not.toContain('The letters I never sent');
  } finally {
    await guest.close();
  }
});
