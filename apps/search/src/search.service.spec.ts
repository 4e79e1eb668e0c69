import { indexedDocument, languageOf, MAX_INDEXED_TEXT } from './search.service';

describe('languageOf', () => {
  it('goes by letters, so a long Hebrew text with a Latin name in it is Hebrew', () => {
    expect(languageOf('סיפור על המאפייה של סבא בתל אביב, עם Yossi')).toBe('he');
    expect(languageOf('A story about the bakery, with שלום in it')).toBe('en');
    expect(languageOf('12345 !!!')).toBe('en');
    expect(languageOf('שלום עולם hello')).toBe('he');
  });
});

describe('indexedDocument', () => {
  const item = {
    kind: 'answer' as const,
    id: 'a1',
    ownerId: '3f1c1a4e-9a55-4a55-8a55-3f1c1a4e9a55',
    audience: 'circle' as const,
    title: 'Roots',
    questionTitle: { en: 'Roots', he: 'שורשים' },
    text: 'במאפייה',
    questionId: 'roots',
    createdAt: '2026-01-02T03:04:05.000Z',
    deleted: false,
  };

  it('indexes an answer by both titles of its question, at the title’s weight', () => {
    const document = indexedDocument(item);
    expect(document.titleVector).toContain("'roots':1A");
    expect(document.titleVector).toContain("'שורשימ':3A");
    expect(document.bodyVector).toContain("'מאפיה':1");
    expect(document.foldedName).toBeNull();
    expect(document.createdAt.toISOString()).toBe(item.createdAt);
  });

  it('folds a person’s name for near misses, and cuts an overlong text', () => {
    const person = indexedDocument({
      ...item,
      kind: 'person',
      title: 'Yossi  COHEN',
      questionTitle: undefined,
      text: 'x'.repeat(MAX_INDEXED_TEXT + 10),
    });
    expect(person.foldedName).toBe('yossi cohen');
    expect(person.body.length).toBe(MAX_INDEXED_TEXT);
  });
});
