import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { hydrated, newPerson, registerMember, uploadImage } from './helpers';

const STORY =
  'The bakery on the corner opened at five, and the whole street woke to the smell of its bread. ';

/** A browser that is not a crawler (headless Chromium says it is one, and crawlers count no views). */
function reader(browser: Browser, baseURL: string | undefined) {
  return browser.newContext({
    baseURL,
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  });
}

// A browser's first view of a post counts although it has no visitor cookie yet: the gateway
// counts only visitors it signed (issue 29, item 5), and the site's client sends the view again
// once with the cookie the first answer brought.
test('a guest’s first view of a post counts, once per browser', async ({
  browser,
  baseURL,
  request,
}) => {
  await registerMember(request, newPerson());
  const created = await request.post('/api/posts/create', {
    data: {
      title: 'The bakery on the corner',
      content: `<p>${STORY.repeat(2)}</p>`,
      image: await uploadImage(request),
      credit: 'Album',
      privacy: 'public',
    },
  });
  expect(created.status()).toBe(201);
  const { postId } = (await created.json()) as { postId: string };
  const views = async () => {
    const read = await request.post('/api/posts/getPostById', { data: { postId } });
    return ((await read.json()) as { views: number }).views;
  };

  const first = await reader(browser, baseURL);
  const page = await first.newPage();
  await page.goto(`/post/${postId}`);
  await hydrated(page);
  await expect.poll(views).toBe(1);
  // The reader sees their own view counted on the page they opened (issue 33, point 5).
  await expect(page.locator('.post-counts')).toContainText('1 view');
  expect((await first.cookies()).map((cookie) => cookie.name)).toContain('mepedia_visitor');
  // The same browser again: still one; another browser: two.
  const again = page.waitForResponse((answer) =>
    answer.url().endsWith('/api/posts/updatePostViews'),
  );
  await page.reload();
  expect(((await (await again).json()) as { counted: boolean }).counted).toBe(false);
  expect(await views()).toBe(1);
  await first.close();
  const second = await reader(browser, baseURL);
  const other = await second.newPage();
  await other.goto(`/post/${postId}`);
  await hydrated(other);
  await expect.poll(views).toBe(2);
  // Its page may come from the page cache made for the first reader (one view, or none): it
  // shows two once this reader's view is counted, and in Hebrew alike.
  await expect(other.locator('.post-counts')).toContainText('2 views');
  await other.goto(`/he/post/${postId}`);
  await hydrated(other);
  await expect(other.locator('.post-counts')).toContainText('שתי צפיות');
  await second.close();
});
