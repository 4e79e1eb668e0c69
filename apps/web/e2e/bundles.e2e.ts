import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { newPerson, registerMember, uploadImage } from './helpers';

// What a page's HTML makes the browser fetch before it comes alive: the module scripts and the
// module preloads, each with the modules it imports (the preloads list them all already, but
// a missed one would still be fetched).
async function pageScripts(request: APIRequestContext, path: string): Promise<Map<string, string>> {
  const html = await (await request.get(path)).text();
  const queue = [
    ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g),
    ...html.matchAll(/(?:import|from)\s*"(\/assets\/[^"]+\.js)"/g),
  ].map((match) => match[1]!);
  const scripts = new Map<string, string>();
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (scripts.has(url)) continue;
    const answer = await request.get(url);
    expect(answer.status(), url).toBe(200);
    const code = await answer.text();
    scripts.set(url, code);
    for (const [, imported] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g))
      queue.push(`/assets/${imported}`);
  }
  return scripts;
}

// zod's schemas carry their internals under `_zod`: a script holding that is the library.
const zodIn = (scripts: Map<string, string>) =>
  [...scripts].filter(([, code]) => code.includes('._zod')).map(([url]) => url);
// TanStack Query's core says this when a query has nothing to run: a script holding it is the library.
const queryLibraryIn = (scripts: Map<string, string>) =>
  [...scripts].filter(([, code]) => code.includes('Missing queryFn')).map(([url]) => url);

test('reading pages load no schema library, the query library only where they keep a query cache, and few scripts; a form page loads what it validates with', async ({
  page,
  request,
}) => {
  // A member writes (with the page's cookies); a guest reads (`request`, no cookies).
  const member = page.request;
  const { userId } = await registerMember(member, newPerson());
  const image = await uploadImage(member);
  const created = await member.post('/api/posts/create', {
    data: {
      title: 'What a reader downloads',
      content:
        '<p>My father and I built a wooden boat in the yard, one plank every Saturday, until the whole street came to see it sail.</p>',
      image,
      credit: 'Bench',
      privacy: 'public',
      destination: 'magazine',
    },
  });
  expect(created.status()).toBe(201);
  const { postId } = (await created.json()) as { postId: string };

  for (const path of [
    '/',
    '/he',
    '/about',
    '/mepedia-magazine',
    `/post/${postId}`,
    `/he/post/${postId}`,
    `/profile/${userId}`,
    `/he/me/${userId}`,
  ]) {
    const scripts = await pageScripts(request, path);
    expect(zodIn(scripts), path).toEqual([]);
    // Only the pages that keep a query cache load the query library: here all but the prose
    // page and the self-interview (a post keeps one for its discussion, likes and reactions).
    const keepsCache = path !== '/about' && !path.includes('/me/');
    if (!keepsCache) expect(queryLibraryIn(scripts), path).toEqual([]);
    // The writing pages' strings load with those pages (registerMessages), not with these.
    const all = [...scripts.values()].join('\n');
    // A catalogue key is a string in the bundle ("privateQuestions.title"); the same words in
    // code (api.privateQuestions.getQuestions, in the query factories) are not messages.
    for (const key of ['settings.title', 'editMe.', 'privateQuestions.', 'writePost.', 'widget.'])
      expect(
        ['"', "'", '`'].some((quote) => all.includes(`${quote}${key}`)),
        `${path} carries ${key}`,
      ).toBe(false);
    // Nor the post page's discussion, anywhere but there.
    if (!path.includes('/post/'))
      expect(all.includes('discussion.heading'), `${path} carries the discussion`).toBe(false);
    // The framework (React Router's entry), the shell (root.tsx, all it imports and the shared
    // page parts: one chunk, apps/web/vite.config.ts), the root route and the page: four, and
    // the page's strings; a page with a query cache, the query chunk too; a profile, the follow
    // chunk (its Follow button, counts and their strings, shared with people and the follow
    // lists: issue 32); home, the notifications chunk (a member's home shows what happened on
    // their stories: issue 33). Each more is a request a slow phone waits for.
    const follows = path.includes('/profile/');
    const home = path === '/' || path === '/he';
    expect(scripts.size, `${path}: ${[...scripts.keys()].join(' ')}`).toBeLessThanOrEqual(
      (keepsCache ? 6 : 5) + (follows ? 1 : 0) + (home ? 1 : 0),
    );
  }
  // A circle's invitation (issue 34), as a guest opens it from an email: one button, so no
  // schema library and no query cache; its strings and the error catalogue's words come with it.
  // The member was verified a moment ago: the circles service may not have heard of them yet.
  let invitation = '';
  await expect
    .poll(
      async () => {
        const made = await member.post('/api/circles/createInvitationLink', { data: {} });
        if (made.ok()) invitation = ((await made.json()) as { path: string }).path;
        return made.status();
      },
      { timeout: 20_000 },
    )
    .toBe(200);
  for (const path of [invitation, `/he${invitation}`]) {
    const scripts = await pageScripts(request, path);
    expect(zodIn(scripts), path).toEqual([]);
    expect(queryLibraryIn(scripts), path).toEqual([]);
    expect(scripts.size, `${path}: ${[...scripts.keys()].join(' ')}`).toBeLessThanOrEqual(6);
  }
  // The detectors detect: registration validates its fields with the contracts' schemas, and
  // home, the magazine, a profile and a post keep a query cache.
  expect(zodIn(await pageScripts(request, '/auth?modal=register'))).not.toEqual([]);
  expect(queryLibraryIn(await pageScripts(request, '/'))).not.toEqual([]);
  expect(queryLibraryIn(await pageScripts(request, `/profile/${userId}`))).not.toEqual([]);
  expect(queryLibraryIn(await pageScripts(request, '/mepedia-magazine'))).not.toEqual([]);
  expect(queryLibraryIn(await pageScripts(request, `/post/${postId}`))).not.toEqual([]);
});

// A Hebrew page's digits and punctuation come from the small "signs" files cut at build time
// (vite-fonts.ts) when the page has no Latin letters; a page with some takes them from the fonts'
// Latin files, which it needs anyway (root.tsx, lib/letters.ts).
test('a Hebrew page without Latin letters fetches the Hebrew and signs fonts; with some, the Latin files instead', async ({
  browser,
  baseURL,
  request,
}) => {
  const fontsOf = async (path: string): Promise<string[]> => {
    // A guest in a new context each time: nothing cached, no member's name in the header.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const fonts: string[] = [];
    page.on('request', (fontRequest) => {
      const file = /\/assets\/([a-z-]+)-wght-normal-[\w-]+\.woff2$/.exec(fontRequest.url());
      if (file) fonts.push(file[1]!);
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    // Every face the page uses has been asked for (fonts load while the page is painted).
    await page.evaluate(() => document.fonts.ready);
    await context.close();
    return [...new Set(fonts)].sort();
  };
  const write = async (
    writer: APIRequestContext,
    fields: Record<string, unknown>,
    title: string,
    text: string,
  ) => {
    await registerMember(writer, newPerson(), fields);
    const created = await writer.post('/api/posts/create', {
      data: {
        title,
        content: `<p>${text.repeat(3)}</p>`,
        image: await uploadImage(writer),
        credit: fields['language'] === 'he' ? 'אלבום' : 'Album',
        privacy: 'public',
      },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { postId: string }).postId;
  };
  const hebrew = await write(
    request,
    { language: 'he', firstname: 'נועה', lastname: 'כהן' },
    'הקיץ שבו בנינו את הסירה',
    'אבא ואני בנינו סירת עץ בחצר, קרש אחד בכל שבת, עד שכל הרחוב בא לראות אותה שטה. ',
  );
  // Another writer, signed in apart from the first.
  const englishWriter = await playwrightRequest.newContext({ baseURL });
  const english = await write(
    englishWriter,
    {},
    'The summer we built the boat',
    'My father and I built a wooden boat in the yard, one plank every Saturday, until it sailed. ',
  );
  await englishWriter.dispose();

  expect(await fontsOf(`/he/post/${hebrew}`)).toEqual([
    'frank-ruhl-libre-hebrew',
    'frank-ruhl-libre-signs',
    'rubik-hebrew',
    'rubik-signs',
  ]);
  expect(await fontsOf(`/he/post/${english}`)).toEqual([
    'frank-ruhl-libre-hebrew',
    'frank-ruhl-libre-latin',
    'rubik-hebrew',
    'rubik-latin',
  ]);
  expect(await fontsOf(`/post/${english}`)).toEqual(['frank-ruhl-libre-latin', 'rubik-latin']);
});

// The fonts wait for the first paint: their @font-face rules are in a stylesheet of their own,
// fetched as a print sheet (holding up nothing) and switched on two frames after the page shows.
test('the fonts are switched on after the first paint, and without scripts at once', async ({
  browser,
  baseURL,
  request,
}) => {
  const html = await (await request.get('/he')).text();
  const fontsLink = /<link id="site-fonts" rel="stylesheet" href="([^"]+)" media="print"\/>/.exec(
    html,
  );
  expect(fontsLink, 'the fonts stylesheet, as a print sheet').not.toBeNull();
  const fontsCss = await (await request.get(fontsLink![1]!)).text();
  expect(fontsCss).toContain('@font-face');
  // The page's own stylesheet, which the first paint waits for, declares no font.
  const pageCss = /<link[^>]* rel="stylesheet" href="([^"]+)" data-precedence/.exec(html);
  expect(pageCss).not.toBeNull();
  expect(await (await request.get(pageCss![1]!)).text()).not.toContain('@font-face');

  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled });
    const page = await context.newPage();
    const fonts: string[] = [];
    page.on('request', (fontRequest) => {
      if (fontRequest.url().endsWith('.woff2')) fonts.push(fontRequest.url());
    });
    await page.goto('/he', { waitUntil: 'networkidle' });
    expect(
      fonts.length,
      `fonts fetched with scripts ${javaScriptEnabled ? 'on' : 'off'}`,
    ).toBeGreaterThan(0);
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family).toContain('Rubik');
    await context.close();
  }
});
