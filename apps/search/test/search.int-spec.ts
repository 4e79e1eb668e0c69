import { randomUUID } from 'node:crypto';
import type {
  DomainEventPayload,
  ErrorEnvelope,
  PeopleResults,
  StoriesPage,
  StoryHit,
} from '@mepedia/contracts';
import { InProcessQueue } from '@mepedia/server-queue';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  eventually,
  newMember,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createSearchApp } from '../src/search.app';

type Searchable = DomainEventPayload<'searchable.changed'>;
const EPOCH = new Date(0);
const GUEST = { kind: 'guest' } as const;

// The search service on each engine (issue 36): what the owners announce is found by what it
// says, in Hebrew and English, and only by whom may read it: audiences, circles, moderation,
// blocks, deletion and departure, each applied as its event is.
describeEachEngine('search', (engine) => {
  const queue = new InProcessQueue();
  let tested: TestService;
  let clock = Date.now();
  /** Each event a moment after the last, as the owners' outboxes would date them. */
  const next = () => new Date((clock += 1000));

  async function hear(type: string, payload: unknown, at = next()) {
    const event = envelope(type, payload, at, 'test');
    await queue.add('events-search', type, event, { jobId: event.id, attempts: 1 });
    await eventually(
      async () => {
        const { waiting, active, delayed } = await queue.counts('events-search');
        return waiting + active + delayed === 0 || undefined;
      },
      { what: `${type} handled` },
    );
    expect(await queue.failed('events-search')).toEqual([]);
  }

  /** An item as its owner announces it; answers whatever was announced. */
  async function announce(
    item: Partial<Searchable> & Pick<Searchable, 'ownerId' | 'text'>,
    at?: Date,
  ): Promise<Searchable> {
    const payload: Searchable = {
      kind: 'post',
      id: randomUUID(),
      audience: 'public',
      title: 'A story',
      createdAt: new Date(clock).toISOString(),
      deleted: false,
      ...item,
    };
    await hear('searchable.changed', payload, at);
    return payload;
  }

  const person = (
    who: Member,
    fullname: string,
    text = '',
    audience: Searchable['audience'] = 'public',
  ) =>
    announce({
      kind: 'person',
      id: who.userId,
      ownerId: who.userId,
      title: fullname,
      text,
      audience,
    });

  /** A member's own document as the users service announces it (their stories' byline). */
  const named = (who: Member, fullname: string, audience: Searchable['audience'] = 'private') =>
    announce({
      kind: 'person',
      id: who.userId,
      ownerId: who.userId,
      title: fullname,
      text: '',
      audience,
      image: `/api/files/image/${who.userId}.webp`,
    });

  const searchStories = (who: Member | typeof GUEST, body: Record<string, unknown>) =>
    tested.call<StoriesPage & ErrorEnvelope>('POST', '/api/search/searchStories', {
      headers: tested.as(who),
      body,
    });
  const searchPeople = (who: Member | typeof GUEST, body: Record<string, unknown>) =>
    tested.call<PeopleResults & ErrorEnvelope>('POST', '/api/search/searchPeople', {
      headers: tested.as(who),
      body,
    });
  /** The ids of the stories `who` finds for `query`. */
  const found = async (who: Member | typeof GUEST, query: string, more: object = {}) => {
    const answer = await searchStories(who, { query, ...more });
    expect(answer.status).toBe(200);
    return answer.body.stories.map((story) => story.id);
  };
  const foundPeople = async (who: Member | typeof GUEST, query: string) => {
    const answer = await searchPeople(who, { query });
    expect(answer.status).toBe(200);
    return answer.body.people.map((hit) => hit.id);
  };
  /** A word no other test's documents hold. */
  const unique = () => `w${randomUUID().replaceAll('-', '').slice(0, 12)}`;

  beforeAll(async () => {
    tested = await startTestService('search', (platform) => createSearchApp(platform), {
      queue,
      engine,
    });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
  }, SETUP_TIMEOUT_MS);

  describe('words', () => {
    it('finds a Hebrew word written with prefixes, niqqud or final letters, both ways', async () => {
      const owner = newMember();
      const tag = unique();
      const bakery = await announce({
        ownerId: owner.userId,
        title: `המאפייה של סבא ${tag}`,
        text: 'כל בוקר אפינו לחם במאפייה הקטנה ליד הים.',
      });
      const pointed = await announce({
        ownerId: owner.userId,
        title: tag,
        text: 'שָׁלוֹם לכולם, זה הסיפור על הגן שלנו',
      });
      // A prefix on the query the text does not have, and the other way round.
      expect(await found(GUEST, `ובמאפייה ${tag}`)).toEqual([bakery.id]);
      expect(await found(GUEST, `מאפייה ${tag}`)).toEqual([bakery.id]);
      expect(await found(GUEST, `לחם ${tag}`)).toEqual([bakery.id]);
      expect(await found(GUEST, `והלחם ${tag}`)).toEqual([bakery.id]);
      // Niqqud in the text, none in the query; a final letter written as a plain one.
      expect(await found(GUEST, `שלום ${tag}`)).toEqual([pointed.id]);
      expect(await found(GUEST, `שָׁלוֹם ${tag}`)).toEqual([pointed.id]);
      expect(await found(GUEST, `הגנ ${tag}`)).toEqual([pointed.id]);
      expect(await found(GUEST, `תפוז ${tag}`)).toEqual([]);
    });

    it('stems English, matches phrases, and a word being typed as a beginning', async () => {
      const owner = newMember();
      const tag = unique();
      const bread = await announce({
        ownerId: owner.userId,
        title: `Bread, stories and bicycles ${tag}`,
        text: 'My grandfather owned two bakeries by the harbour.',
      });
      const other = await announce({
        ownerId: owner.userId,
        title: tag,
        text: 'The harbour by my grandfather was where we rode bicycles.',
      });
      expect(await found(GUEST, `bakery ${tag}`)).toEqual([bread.id]);
      expect(await found(GUEST, `BICYCLE ${tag}`)).toEqual(
        expect.arrayContaining([bread.id, other.id]),
      );
      expect(await found(GUEST, `"by the harbour" ${tag}`)).toEqual([bread.id]);
      expect(await found(GUEST, `"harbour by" ${tag}`)).toEqual([other.id]);
      expect(await found(GUEST, `${tag} bak`)).toEqual([]);
      expect(await found(GUEST, `${tag} bak`, { typing: true })).toEqual([bread.id]);
    });

    it('ranks the very word above a stem of it, and marks the matches in the text as written', async () => {
      const owner = newMember();
      const tag = unique();
      const stem = await announce({
        ownerId: owner.userId,
        title: tag,
        text: 'אפייה בבית, כל שבוע',
      });
      const exact = await announce({
        ownerId: owner.userId,
        title: tag,
        text: 'מאפייה בבית, כל שבוע',
      });
      const answer = await searchStories(GUEST, { query: `מאפייה ${tag}` });
      expect(answer.body.stories.map((story) => story.id)).toEqual([exact.id, stem.id]);
      const [first] = answer.body.stories as [StoryHit];
      const marked = first.snippet.matches.map(({ start, end }) =>
        first.snippet.text.slice(start, end),
      );
      expect(marked).toEqual(['מאפייה']);
      expect(
        first.title.matches.map(({ start, end }) => first.title.text.slice(start, end)),
      ).toEqual([tag]);
      expect(first.language).toBe('he');
    });

    it('finds nothing for a query of no word, refuses an empty or overlong one in the envelope', async () => {
      expect(await found(GUEST, '!!! ,,, ???')).toEqual([]);
      const empty = await searchStories(GUEST, { query: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.body.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(empty.body)).toContain('FIELD_REQUIRED');
      const long = await searchStories(GUEST, { query: 'א'.repeat(201) });
      expect(long.status).toBe(400);
      expect(JSON.stringify(long.body)).toContain('TOO_LONG');
      const wrong = await searchStories(GUEST, { query: 'bread', kinds: ['comment'] });
      expect(wrong.status).toBe(400);
      // Query syntax is never the database's: quotes, colons and operators are words or nothing.
      expect(await found(GUEST, `'); drop table search.documents; -- & | ! :* <->`)).toEqual([]);
    });

    it('keeps markup in a title or text as text', async () => {
      const owner = newMember();
      const tag = unique();
      await announce({
        ownerId: owner.userId,
        title: `<img src=x onerror=alert(1)> ${tag}`,
        text: '<b>bold</b>',
      });
      const [story] = (await searchStories(GUEST, { query: tag })).body.stories as [StoryHit];
      expect(story.title.text).toBe(`<img src=x onerror=alert(1)> ${tag}`);
      expect(story.snippet.text).toBe('<b>bold</b>');
    });
  });

  describe('the searcher’s view', () => {
    it('shows each audience to those who may read it, and circles as they change', async () => {
      const [owner, member, friend] = [newMember(), newMember(), newMember()];
      const tag = unique();
      const stories = {} as Record<Searchable['audience'], string>;
      for (const audience of ['public', 'members', 'circle', 'private'] as const)
        stories[audience] = (
          await announce({ ownerId: owner.userId, audience, title: tag, text: audience })
        ).id;
      await hear('circle.member.added', { ownerId: owner.userId, memberId: friend.userId });
      const sorted = (ids: string[]) => [...ids].sort();
      expect(await found(GUEST, tag)).toEqual([stories.public]);
      expect(sorted(await found(member, tag))).toEqual(sorted([stories.public, stories.members]));
      expect(sorted(await found(friend, tag))).toEqual(
        sorted([stories.public, stories.members, stories.circle]),
      );
      expect(sorted(await found(owner, tag))).toEqual(sorted(Object.values(stories)));
      await hear('circle.member.removed', { ownerId: owner.userId, memberId: friend.userId });
      expect(sorted(await found(friend, tag))).toEqual(sorted([stories.public, stories.members]));
    });

    it('follows an audience narrowed, and never lets an older word widen it again', async () => {
      const [owner, member] = [newMember(), newMember()];
      const tag = unique();
      const story = await announce({ ownerId: owner.userId, title: tag, text: 'for my daughter' });
      const widenedAt = new Date(clock);
      expect(await found(member, tag)).toEqual([story.id]);
      await announce({ ...story, audience: 'private' });
      expect(await found(member, tag)).toEqual([]);
      expect(await found(GUEST, tag)).toEqual([]);
      // The public word again, from before the narrowing (a replay): nothing changes.
      await announce({ ...story, audience: 'public' }, widenedAt);
      expect(await found(member, tag)).toEqual([]);
      expect(await found(owner, tag)).toEqual([story.id]);
    });

    it('drops a deleted item, keeps it out against a late older word, and takes a newer one', async () => {
      const owner = newMember();
      const tag = unique();
      const answer = await announce({
        kind: 'answer',
        ownerId: owner.userId,
        title: tag,
        text: 'roots',
        questionId: 'roots',
      });
      const before = new Date(clock);
      await announce({ ...answer, title: '', text: '', deleted: true });
      expect(await found(owner, tag)).toEqual([]);
      await announce({ ...answer }, before);
      expect(await found(owner, tag)).toEqual([]);
      // Written again later: found again.
      await announce({ ...answer, text: 'roots again' });
      expect(await found(GUEST, tag)).toEqual([answer.id]);
    });

    it('hides what moderation holds or removes from all but its owner, and a review hold at once', async () => {
      const [owner, reader] = [newMember(), newMember()];
      const tag = unique();
      const story = await announce({ ownerId: owner.userId, title: tag, text: 'reported' });
      await hear('moderation.item.changed', {
        kind: 'post',
        itemId: story.id,
        ownerId: owner.userId,
        state: 'held',
        caseId: 'c1',
      });
      expect(await found(reader, tag)).toEqual([]);
      expect(await found(GUEST, tag)).toEqual([]);
      expect(await found(owner, tag)).toEqual([story.id]);
      await hear('moderation.item.changed', {
        kind: 'post',
        itemId: story.id,
        ownerId: owner.userId,
        state: 'visible',
        caseId: 'c1',
      });
      expect(await found(reader, tag)).toEqual([story.id]);
      // Held as it was written (a new member's first link): never found by others meanwhile.
      const held = await announce({
        ownerId: owner.userId,
        title: `${tag} link`,
        text: 'https://example.com',
        review: { caseId: 'c2', reason: 'firstLinks' },
      });
      expect(await found(reader, `${tag} link`)).toEqual([]);
      expect(await found(owner, `${tag} link`)).toEqual([held.id]);
      // Moderation's word may come before the item does: it holds once the item arrives.
      const early = randomUUID();
      await hear('moderation.item.changed', {
        kind: 'post',
        itemId: early,
        ownerId: owner.userId,
        state: 'removed',
        caseId: 'c3',
      });
      await announce({ id: early, ownerId: owner.userId, title: `${tag} early`, text: 'x' });
      expect(await found(reader, `${tag} early`)).toEqual([]);
      // A comment's word is none of search's business: nothing of it is kept.
      const comment = randomUUID();
      await hear('moderation.item.changed', {
        kind: 'comment',
        itemId: comment,
        ownerId: owner.userId,
        state: 'held',
        caseId: 'c4',
      });
      expect(
        await tested.database.query('select 1 from search.moderated_items where item_id = $1', [
          comment,
        ]),
      ).toEqual([]);
    });

    it('keeps members who block each other out of each other’s results, both ways', async () => {
      const [one, other, third] = [newMember(), newMember(), newMember()];
      const tag = unique();
      const hers = await announce({ ownerId: one.userId, title: tag, text: 'mine' });
      const his = await announce({ ownerId: other.userId, title: tag, text: 'his' });
      await person(one, `Blocker ${tag}`);
      await hear('member.block.changed', {
        blockerId: one.userId,
        blockedId: other.userId,
        kind: 'block',
        active: true,
      });
      expect(await found(other, tag)).toEqual([his.id]);
      expect(await found(one, tag)).toEqual([hers.id]);
      expect(await foundPeople(other, tag)).toEqual([]);
      expect((await found(third, tag)).sort()).toEqual([hers.id, his.id].sort());
      // A mute hides nothing from search (it is about one's feeds).
      await hear('member.block.changed', {
        blockerId: one.userId,
        blockedId: other.userId,
        kind: 'block',
        active: false,
      });
      await hear('member.block.changed', {
        blockerId: third.userId,
        blockedId: one.userId,
        kind: 'mute',
        active: true,
      });
      expect(await found(third, tag)).toContain(hers.id);
      expect(await found(other, tag)).toContain(hers.id);
    });

    it('forgets a member who left, and a late word about them brings nothing back', async () => {
      const owner = newMember();
      const tag = unique();
      const story = await announce({ ownerId: owner.userId, title: tag, text: 'gone' });
      await person(owner, `Leaver ${tag}`);
      await hear('user.deleted', { userId: owner.userId });
      expect(await found(owner, tag)).toEqual([]);
      await announce({ ...story, text: 'late' });
      await person(owner, `Leaver ${tag}`);
      await named(owner, `Leaver ${tag}`);
      const rows = await tested.database.query<{ n: number }>(
        `select (select count(*) from search.documents where owner_id = $1)::int
           + (select count(*) from search.circle_memberships where owner_id = $1)::int as n`,
        [owner.userId],
      );
      expect(rows[0]?.n).toBe(0);
    });

    it('names the author unless their profile is withheld, but to themselves', async () => {
      const [owner, reader] = [newMember(), newMember()];
      const tag = unique();
      await named(owner, 'Dana Levi');
      await announce({ ownerId: owner.userId, title: tag, text: 'byline' });
      const byline = async (who: Member | typeof GUEST) =>
        (await searchStories(who, { query: tag })).body.stories[0]?.author ?? null;
      expect(await byline(reader)).toEqual({
        id: owner.userId,
        fullname: 'Dana Levi',
        profileImage: `/api/files/image/${owner.userId}.webp`,
      });
      await hear('moderation.item.changed', {
        kind: 'profile',
        itemId: owner.userId,
        ownerId: owner.userId,
        state: 'held',
        caseId: 'p1',
      });
      expect(await byline(reader)).toBeNull();
      expect(await byline(owner)).toMatchObject({ fullname: 'Dana Levi' });
    });
  });

  describe('people', () => {
    it('finds people by name, motto and about, by answers the searcher may read, and near misses', async () => {
      const [baker, writer, reader] = [newMember(), newMember(), newMember()];
      const tag = unique();
      await person(baker, `Yossi ${tag}`, 'Bread, stories and bicycles');
      await person(writer, `Ruth ${tag}`, '');
      await announce({
        kind: 'answer',
        ownerId: writer.userId,
        title: 'Work',
        text: `I ran a bakery for thirty years ${tag}`,
        questionId: 'work',
      });
      const secret = unique();
      await announce({
        kind: 'answer',
        ownerId: writer.userId,
        audience: 'private',
        title: 'Roots',
        text: `${secret} bread`,
        questionId: 'roots',
      });
      expect(await foundPeople(reader, `bread ${tag}`)).toEqual([baker.userId]);
      const byAnswer = await searchPeople(reader, { query: `bakery ${tag}` });
      expect(byAnswer.body.people.map((hit) => [hit.id, hit.matchedIn])).toEqual([
        [writer.userId, 'answers'],
      ]);
      // A private answer finds its author for no one but her.
      expect(await foundPeople(reader, secret)).toEqual([]);
      expect(await foundPeople(writer, secret)).toEqual([writer.userId]);
      // Yosi for Yossi: a near miss on the name.
      expect(await foundPeople(reader, `Yosi ${tag}`)).toContain(baker.userId);
    });

    it('finds a member outside the directory only by themselves, and not while their profile is held', async () => {
      const [hidden, held, reader] = [newMember(), newMember(), newMember()];
      const tag = unique();
      await person(hidden, `Quiet ${tag}`, '', 'private');
      await person(held, `Loud ${tag}`);
      await hear('moderation.item.changed', {
        kind: 'profile',
        itemId: held.userId,
        ownerId: held.userId,
        state: 'removed',
        caseId: 'p2',
      });
      expect(await foundPeople(reader, tag)).toEqual([]);
      expect(await foundPeople(GUEST, tag)).toEqual([]);
      expect(await foundPeople(hidden, tag)).toEqual([hidden.userId]);
      expect(await foundPeople(held, tag)).toEqual([held.userId]);
    });
  });

  describe('filters and pages', () => {
    it('filters by kind, question, language and author', async () => {
      const [one, two] = [newMember(), newMember()];
      const tag = unique();
      const post = await announce({ ownerId: one.userId, title: tag, text: 'english words here' });
      const answer = await announce({
        kind: 'answer',
        ownerId: one.userId,
        title: tag,
        text: 'מילים בעברית כאן, על השורשים של המשפחה שלנו בעיר הולדתה של סבתא',
        questionId: 'roots',
        questionTitle: { en: 'Roots', he: 'שורשים' },
      });
      const own = await announce({
        kind: 'privateAnswer',
        ownerId: two.userId,
        audience: 'private',
        title: tag,
        text: 'mine',
        questionId: randomUUID(),
      });
      expect(await found(one, tag, { kinds: ['answer'] })).toEqual([answer.id]);
      expect(await found(one, tag, { questionId: 'roots' })).toEqual([answer.id]);
      expect(await found(one, tag, { language: 'he' })).toEqual([answer.id]);
      expect(await found(one, tag, { language: 'en' })).toEqual([post.id]);
      expect(await found(two, tag, { authorId: two.userId })).toEqual([own.id]);
      expect(await found(one, tag, { kinds: ['privateAnswer'] })).toEqual([]);
      expect(await found(one, tag, { authorId: 'not-a-member' })).toEqual([]);
      // The other language's title finds the answer too, and comes back in both.
      const [hit] = (await searchStories(one, { query: `שורשים ${tag}` })).body.stories as [
        StoryHit,
      ];
      expect(hit.id).toBe(answer.id);
      expect(hit.questionTitle).toEqual({ en: 'Roots', he: 'שורשים' });
    });

    it('pages by cursor in either order, without repeats or gaps, and refuses another search’s cursor', async () => {
      const owner = newMember();
      const tag = unique();
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) {
        const created = new Date(Date.UTC(2026, 0, 1 + (i % 3)));
        ids.push(
          (
            await announce({
              ownerId: owner.userId,
              title: tag,
              text: `${tag} `.repeat(i + 1),
              createdAt: created.toISOString(),
            })
          ).id,
        );
      }
      for (const sort of ['relevance', 'newest'] as const) {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await searchStories(GUEST, { query: tag, sort, limit: 3, cursor });
          expect(page.status).toBe(200);
          seen.push(...page.body.stories.map((story) => story.id));
          cursor = page.body.nextCursor ?? undefined;
        } while (cursor);
        expect(seen.length).toBe(7);
        expect([...seen].sort()).toEqual([...ids].sort());
        if (sort === 'newest') {
          const all = (await searchStories(GUEST, { query: tag, sort, limit: 50 })).body.stories;
          const dates = all.map((story) => story.createdAt);
          expect(dates).toEqual([...dates].sort().reverse());
        }
      }
      const first = await searchStories(GUEST, { query: tag, limit: 3 });
      const other = await searchStories(GUEST, {
        query: `${tag} x`,
        cursor: first.body.nextCursor,
      });
      expect(other.status).toBe(400);
      expect(other.body.code).toBe('INVALID_CURSOR');
      const forged = await searchStories(GUEST, { query: tag, cursor: 'not-a-cursor' });
      expect(forged.body.code).toBe('INVALID_CURSOR');
    });

    it('takes items from before the service, dated the epoch, below any live word', async () => {
      const owner = newMember();
      const tag = unique();
      const story = await announce({
        ownerId: owner.userId,
        title: tag,
        text: 'old',
        audience: 'private',
      });
      await announce({ ...story, audience: 'public' }, EPOCH);
      expect(await found(GUEST, tag)).toEqual([]);
      const old = await announce({ ownerId: owner.userId, title: tag, text: 'from before' }, EPOCH);
      expect(await found(GUEST, tag)).toEqual([old.id]);
      // Held when it was announced: nobody but its owner finds it, until moderation says visible.
      const held = await announce(
        {
          ownerId: owner.userId,
          title: `${tag} held`,
          text: 'x',
          withheld: { state: 'held', caseId: 'c9' },
        },
        EPOCH,
      );
      expect(await found(GUEST, `${tag} held`)).toEqual([]);
      expect(await found(owner, `${tag} held`)).toEqual([held.id]);
      await hear('moderation.item.changed', {
        kind: 'post',
        itemId: held.id,
        ownerId: owner.userId,
        state: 'visible',
        caseId: 'c9',
      });
      expect(await found(GUEST, `${tag} held`)).toEqual([held.id]);
    });
  });
});
