import { expect, test } from './fixtures';
import { expectAccessible, hydrated, newPerson, registerMember, uploadImage } from './helpers';

// npm start as it comes, with no translation provider configured (the worker's bare site,
// site-server.ts): nothing offers a translation that could only answer "not available". The
// demo site has a provider, and there the same post and comment offer it (discussion.e2e.ts).
test.use({ site: 'bare' });

test('without a translation provider, no post or comment offers Translate, in either language', async ({
  page,
}) => {
  // A member, a picture, a post and a comment, then four pages with axe: a busy machine needs room.
  test.setTimeout(120_000);
  const api = page.request;
  expect(
    ((await (await api.get('/api/posts/translationStatus')).json()) as { available: boolean })
      .available,
  ).toBe(false);
  await registerMember(api, newPerson());
  const created = await api.post('/api/posts/create', {
    data: {
      title: 'סיפור על קופסת נעליים',
      content: `<p>${'בקופסת הנעליים של סבתא שלי היו מכתבים מכל השנים. '.repeat(6)}</p>`,
      image: await uploadImage(api),
      credit: 'סבתא',
      privacy: 'public',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { postId } = (await created.json()) as { postId: string };
  const comment = await api.post('/api/feedMessages/sendMessage', {
    data: { message: 'What a treasure that shoebox must be', tag: null, postId },
  });
  expect(comment.status(), await comment.text()).toBe(201);

  for (const path of [`/post/${postId}`, `/he/post/${postId}`]) {
    await page.goto(path);
    await hydrated(page);
    await expect(
      page.getByRole('region', { name: /Comments|תגובות/ }).locator('li.comment'),
    ).toHaveCount(1);
    // The post's own actions are there (Share), Translate is not: not for the post in the other
    // language, not for the comment in the other language.
    await expect(page.getByRole('button', { name: /^(Share|שיתוף)$/ }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /Translate|תרגום/ })).toHaveCount(0);
    await expectAccessible(page);
  }
});
