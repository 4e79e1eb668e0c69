import {
  catalogueProblems,
  describeProblems,
  notificationMessages,
  notificationSentencesEn,
  notificationSentencesHe,
  type Catalogue,
  type CatalogueProblem,
} from '@mepedia/messages';
import { errorMessages } from '@mepedia/messages/errors';
import { describe, expect, it } from 'vitest';
import { en } from './messages/en';
import { he } from './messages/he';
import { postMessages } from './messages/post';

type Languages = { en: Catalogue; he: Catalogue };

const notificationSentences = { en: notificationSentencesEn, he: notificationSentencesHe };

// Every catalogue file, so a page's new one is checked without being listed here.
const files = import.meta.glob<Record<string, unknown>>('./messages/*.ts', { eager: true });

const isCatalogue = (value: unknown): value is Catalogue =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((text) => typeof text === 'string');
const isLanguages = (value: unknown): value is Languages =>
  typeof value === 'object' &&
  value !== null &&
  isCatalogue((value as Partial<Languages>).en) &&
  isCatalogue((value as Partial<Languages>).he);

/**
 * The web app's catalogues by name: the interface's (en.ts, he.ts), each page's group, and the
 * API's error messages (libs/messages/src/errors.ts), which the forms and the error page show.
 */
function webCatalogues(): Map<string, Languages> {
  const found = new Map<string, Languages>([
    ['interface', { en, he }],
    ['errors', errorMessages],
  ]);
  for (const [file, exports] of Object.entries(files))
    for (const [name, value] of Object.entries(exports))
      if (isLanguages(value)) found.set(`${file.replace('./messages/', '')} ${name}`, value);
  return found;
}

/** What CI holds every catalogue to: each one clean, and no key in two of them. */
function problemsOf(catalogues: Map<string, Languages>): CatalogueProblem[] {
  const problems = [...catalogues].flatMap(([name, languages]) =>
    catalogueProblems(name, languages),
  );
  const owner = new Map<string, string>();
  for (const [name, languages] of catalogues)
    for (const key of Object.keys(languages.en)) {
      const first = owner.get(key);
      // The interface's text would win, and the page's never show.
      if (first) problems.push({ catalogue: name, locale: 'en', key, problem: `also in ${first}` });
      else owner.set(key, name);
    }
  return problems;
}

describe('the message catalogues', () => {
  it('finds the interface catalogue and every page catalogue', () => {
    const names = [...webCatalogues().keys()];
    expect(names).toContain('interface');
    expect(names).toContain('post.ts postMessages');
    expect(names).toContain('errors');
    // One group per page file (en.ts and he.ts are the interface's).
    const pageFiles = Object.keys(files).filter((file) => !/\/(en|he)\.ts$/.test(file));
    expect(names).toHaveLength(pageFiles.length + 2);
  });

  it('are all well formed, in both languages, with the English placeholders only', () => {
    expect(describeProblems(problemsOf(webCatalogues()))).toBe('');
  });

  it('hold the email and text-message wording to the same rules', () => {
    expect(describeProblems(catalogueProblems('notifications', notificationMessages))).toBe('');
  });

  it('fail on a broken message: bad ICU, a placeholder English lacks, a key Hebrew lacks', () => {
    const broken = new Map(webCatalogues());
    const he: Record<string, string> = { ...postMessages.he };
    he['postPage.shares'] = '{count, plural, one {שיתוף אחד} two {שני שיתופים}';
    he['discussion.replyTo'] = 'התגובה שלך ל{nmae}';
    delete he['discussion.send'];
    broken.set('post.ts postMessages', { en: postMessages.en, he });
    const en = { ...postMessages.en, 'discussion.likes': '{count, plural, one {# like}}' };
    broken.set('post.ts postMessages (English)', { en, he: postMessages.he });
    expect(
      problemsOf(broken).map(({ catalogue, locale, key, problem }) => [
        catalogue,
        locale,
        key,
        problem.replace(/:.*/, ''),
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['post.ts postMessages', 'he', 'discussion.send', 'missing (the en text has it)'],
        ['post.ts postMessages', 'he', 'postPage.shares', 'ICU syntax'],
        [
          'post.ts postMessages',
          'he',
          'discussion.replyTo',
          'placeholders the message does not have',
        ],
        ['post.ts postMessages (English)', 'en', 'discussion.likes', 'ICU syntax'],
      ]),
    );
    // And the one message CI reads fails: the check above is the test that holds the build.
    expect(describeProblems(problemsOf(broken))).not.toBe('');
  });

  it('fail on a broken error message, and on an error key a page catalogue also has', () => {
    const broken = new Map(webCatalogues());
    const he: Record<string, string> = { ...errorMessages.he };
    he['error.FORBIDDEN'] = 'אין לך הרשאה {';
    delete he['error.INTERNAL'];
    broken.set('errors', { en: errorMessages.en, he });
    broken.set('a page', { en: { 'error.FORBIDDEN': 'No' }, he: { 'error.FORBIDDEN': 'לא' } });
    expect(
      problemsOf(broken).map(({ catalogue, locale, key, problem }) => [
        catalogue,
        locale,
        key,
        problem.replace(/:.*/, ''),
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['errors', 'he', 'error.FORBIDDEN', 'ICU syntax'],
        ['errors', 'he', 'error.INTERNAL', 'missing (the en text has it)'],
        ['a page', 'en', 'error.FORBIDDEN', 'also in errors'],
      ]),
    );
  });
});

// A notification group reads the same on the notifications page and in its email: the web's
// catalogue (self-contained, as the build wants) and the emails' shared sentences hold one text.
describe('a notification’s sentence', () => {
  it('is the same in the notifications page and in its email, in both languages', async () => {
    const { notificationsMessages } = await import('./messages/notifications');
    for (const language of ['en', 'he'] as const) {
      const email = notificationSentences[language];
      const page = notificationsMessages[language] as Record<string, string>;
      expect(Object.keys(email).length).toBeGreaterThan(8);
      for (const [key, text] of Object.entries(email))
        expect([key, page[key]]).toEqual([key, text]);
    }
  });
});
