import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectAccessible,
  hydrated,
  knownToNotifications,
  newPerson,
  registerMember,
  uploadImage,
} from './helpers';

// Issue 33: signed in, the home page is the member's own: where their story stands (the next
// question with its prompt, their drafts, private questions waiting), what happened on their
// stories, then the people they follow and the community. A guest keeps the page that invites
// them in. In both languages, on a phone and a laptop.

const WORDS = {
  en: {
    prefix: '',
    welcome: 'Welcome back, Maya',
    continue: 'Continue where you left off',
    progress: '1 of 10 questions answered',
    label: 'Question 2 of 10',
    answer: 'Answer question 2',
    drafts: 'Your drafts',
    untitled: 'Untitled draft',
    waiting: 'Your private questions waiting for an answer',
    activity: 'On your stories',
    commented: (title: string) => `Noa Cohen commented on ${title}`,
    all: 'All notifications',
    hero: 'Everyone has a story. Write yours.',
  },
  he: {
    prefix: '/he',
    welcome: 'טוב לראות אותך, Maya',
    continue: 'להמשיך מאיפה שעצרת',
    progress: 'נענו 1 מתוך 10 שאלות',
    label: 'שאלה 2 מתוך 10',
    answer: 'לענות על שאלה 2',
    drafts: 'הטיוטות שלך',
    untitled: 'טיוטה ללא כותרת',
    waiting: 'השאלות הפרטיות שלך שמחכות לתשובה',
    activity: 'מה קורה בסיפורים שלך',
    commented: (title: string) => `תגובה חדשה מאת Noa Cohen על ${title}`,
    all: 'כל ההתראות',
    hero: 'לכל אחד יש סיפור. כתבו את שלכם.',
  },
} as const;

type Question = {
  questionId: string;
  index: number;
  title: { en: string; he: string };
  subQuestions: { subQuestionId: string }[];
};

for (const locale of ['en', 'he'] as const) {
  for (const width of [390, 1280]) {
    const words = WORDS[locale];

    test(`a member's home shows the next question, their drafts, private questions waiting and what happened on their stories (${locale}, ${width}px)`, async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      await page.setViewportSize({ width, height: 900 });
      const { userId: maya } = await registerMember(page.request, newPerson(), {
        firstname: 'Maya',
      });
      const api = page.request;

      // Question 1 answered; question 2 is next.
      const questions = (await (
        await api.get('/api/profileQuestions/getQuestions')
      ).json()) as Question[];
      const [first, second] = [...questions].sort((a, b) => a.index - b.index);
      const saved = await api.post('/api/meAnswers/saveLive', {
        data: {
          questionId: first!.questionId,
          answerData: {
            [first!.subQuestions[0]!.subQuestionId]: 'Where the orange trees were, by the well.',
          },
          version: 0,
        },
      });
      expect(saved.status(), await saved.text()).toBe(200);

      // A draft with a title and one without, and a private question with no answer.
      const titled = await api.post('/api/posts/saveDraft', {
        data: { title: 'The winter of the long rain', content: '<p>It began on a Sunday.</p>' },
      });
      expect(titled.status(), await titled.text()).toBe(200);
      const { draftId } = (await titled.json()) as { draftId: string };
      expect(
        (await api.post('/api/posts/saveDraft', { data: { content: '<p>Notes</p>' } })).status(),
      ).toBe(200);
      const asked = await api.post('/api/privateQuestions/insertNewPrivateQuestion', {
        data: {
          questionTitle: 'What did grandfather sing?',
          subQuestions: ['The words you remember'],
        },
      });
      expect(asked.status(), await asked.text()).toBe(201);

      // A story of Maya's, and a comment on it by Noa: a notification for Maya.
      const image = await uploadImage(api, '#4f6b2a');
      const storyTitle = `Bread on Fridays ${locale} ${width}`;
      const created = await api.post('/api/posts/create', {
        data: {
          title: storyTitle,
          content:
            '<p>My mother baked for the whole street on Fridays, and the smell reached the school before we did. The neighbours came down with their own trays, and by noon the courtyard was full of bread and talk.</p>',
          image,
          credit: 'Maya',
          privacy: 'public',
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { postId } = (await created.json()) as { postId: string };
      const noa = await playwrightRequest.newContext({ baseURL });
      const { userId: noaId } = await registerMember(noa, newPerson(), {
        firstname: 'Noa',
        lastname: 'Cohen',
      });
      await knownToNotifications(api, maya);
      await knownToNotifications(api, noaId);
      const comment = await noa.post('/api/feedMessages/sendMessage', {
        data: { postId, message: 'I remember that smell!', tag: null },
      });
      expect(comment.status(), await comment.text()).toBe(201);
      await noa.dispose();

      const home = `${words.prefix}/`;
      const activity = page.getByRole('region', { name: words.activity });
      // The notification is made by events: the page is drawn again until it shows.
      await expect
        .poll(
          async () => {
            await page.goto(home);
            return activity.getByRole('link', { name: words.commented(storyTitle) }).count();
          },
          { timeout: 30_000 },
        )
        .toBe(1);
      await hydrated(page);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.welcome);
      // The guests' invitation is not the member's page.
      await expect(page.getByRole('heading', { name: words.hero })).toHaveCount(0);

      const continuing = page.getByRole('region', { name: words.continue });
      const next = continuing.getByRole('article');
      await expect(next.getByRole('progressbar', { name: words.progress })).toHaveAttribute(
        'value',
        '1',
      );
      await expect(next).toContainText(words.label);
      await expect(next.getByRole('heading', { level: 3 })).toHaveText(second!.title[locale]);
      await expect(next.getByRole('link', { name: words.answer })).toHaveAttribute(
        'href',
        `${words.prefix}/profile/edit-me/2`,
      );

      const drafts = continuing.getByRole('region', { name: words.drafts });
      await expect(
        drafts.getByRole('link', { name: 'The winter of the long rain' }),
      ).toHaveAttribute('href', `${words.prefix}/profile/write-post?draft=${draftId}`);
      await expect(drafts.getByRole('link', { name: words.untitled })).toHaveCount(1);
      // An English title reads left to right and starts on the left, in Hebrew too.
      const english = drafts.getByRole('link', { name: 'The winter of the long rain' });
      await expect(english).toHaveCSS('direction', 'ltr');
      expect(
        await english.evaluate((link) => {
          const box = link.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(link);
          return Math.round(range.getBoundingClientRect().left - box.left);
        }),
      ).toBe(0);
      // Only titles: no draft's words on the page.
      await expect(page.locator('body')).not.toContainText('It began on a Sunday.');

      const waiting = continuing.getByRole('region', { name: words.waiting });
      await expect(
        waiting.getByRole('link', { name: 'What did grandfather sing?' }),
      ).toHaveAttribute('href', `${words.prefix}/profile/edit-me-private/1`);

      await expect(activity.getByRole('link', { name: words.all })).toHaveAttribute(
        'href',
        `${words.prefix}/notifications`,
      );
      await expectAccessible(page);
      // Nothing wider than the screen.
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);

      // The next question's link opens it.
      await next.getByRole('link', { name: words.answer }).click();
      await expect(page).toHaveURL(new RegExp(`${words.prefix}/profile/edit-me/2$`));

      // A guest's home is the invitation, with none of Maya's.
      const guest = await browser.newContext({ baseURL });
      const guestPage = await guest.newPage();
      await guestPage.goto(home);
      await expect(guestPage.getByRole('heading', { level: 1 })).toHaveText(words.hero);
      await expect(guestPage.locator('body')).not.toContainText('The winter of the long rain');
      await expect(guestPage.locator('body')).not.toContainText('grandfather');
      await guest.close();
    });
  }
}

// The community's parts of a member's home (the magazine's newest stories, recommended members)
// are read as a guest reads them, shared by every visitor: a member's own private story is not
// among them (it is on their profile, for them), and a story they make public is there at once.
test('the magazine on a member’s home is the one everyone reads: their private story is on their profile, not there', async ({
  page,
}) => {
  const api = page.request;
  const { userId } = await registerMember(api, newPerson());
  const image = await uploadImage(api);
  const story = (title: string, privacy: 'public' | 'private') =>
    api.post('/api/posts/create', {
      data: {
        title,
        content: `<p>${title}: the harbour at dawn, the boats coming in one by one, my grandfather counting them from the window while the kettle sang.</p>`,
        image,
        credit: 'Family',
        privacy,
        destination: 'magazine',
      },
    });
  expect((await story('A letter only for me', 'private')).status()).toBe(201);
  expect((await story('A morning for everyone', 'public')).status()).toBe(201);

  await page.goto('/');
  await hydrated(page);
  const magazine = page.locator('section', { has: page.locator('#magazine-title') });
  await expect(magazine).toContainText('A morning for everyone');
  await expect(magazine).not.toContainText('A letter only for me');

  // Theirs, on their profile.
  await page.goto(`/profile/${userId}`);
  await expect(page.locator('.profile-post', { hasText: 'A letter only for me' })).toBeVisible();
});
