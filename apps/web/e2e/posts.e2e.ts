import { expect, test } from './fixtures';
import { expectAccessible, newPerson, registerMember } from './helpers';

test('a member’s magazine post appears in the magazine, on the home page and on its own page, in both languages', async ({
  page,
}) => {
  const person = { ...newPerson(), firstname: 'Gideon', lastname: 'Shaked' };
  const api = page.request;
  await registerMember(api, person, { birthdate: '1950-03-02', gender: 'male' });

  const created = await api.post('/api/posts/create', {
    data: {
      title: 'The year we built the boat',
      content:
        '<p>My father and I built a wooden boat in the yard, one plank every Saturday, until the whole street came to see it sail.</p><script>alert(1)</script>',
      image: '/favicon.svg',
      credit: 'Family album',
      privacy: 'public',
      destination: 'magazine',
    },
  });
  expect(created.status()).toBe(201);
  const { postId } = (await created.json()) as { postId: string };

  await page.goto('/mepedia-magazine');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The magazine');
  const story = page.getByRole('link', { name: 'The year we built the boat' });
  await expect(story).toBeVisible();
  await expectAccessible(page);

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'The year we built the boat' })).toBeVisible();

  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The year we built the boat');
  await expect(page.getByText('one plank every Saturday')).toBeVisible();
  await expect(page.getByText('Image: Family album')).toBeVisible();
  expect(await page.locator('article script').count()).toBe(0);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expectAccessible(page);

  await page.goto(`/he/post/${postId}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('תמונה: Family album')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/he/mepedia-magazine');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('המגזין');
  await expectAccessible(page);

  const sitemap = await (await api.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/he/post/${postId}</loc>`);

  const missing = await page.goto('/post/00000000-0000-7000-8000-000000000000');
  expect(missing?.status()).toBe(404);
});
