import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '@mepedia/contracts/browser';
import { expect, test } from './fixtures';
import { expectAccessible, hydrated, newPerson, registerMember, uploadImage } from './helpers';

/** A real picture, as a member would choose it. */
async function png(colour = '#2e7d32'): Promise<Buffer> {
  return sharp({ create: { width: 960, height: 540, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** How many characters the counter says are still needed (0 once it says enough). */
async function remaining(page: Page): Promise<number> {
  return Number(await page.locator('.write-post-counter').getAttribute('data-remaining'));
}

const LONG_TEXT =
  'We sailed it on the lake the summer I turned twelve, and the whole street came along to watch it float.';

/** The module scripts a page's HTML makes the browser load, with those they import. */
async function scriptsOf(request: APIRequestContext, path: string): Promise<string[]> {
  const html = await (await request.get(path)).text();
  const pending = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const seen = new Map<string, string>();
  for (let url = pending.pop(); url !== undefined; url = pending.pop()) {
    if (seen.has(url)) continue;
    const code = await (await request.get(url)).text();
    seen.set(url, code);
    for (const match of code.matchAll(/"\.\/([^"]+\.js)"/g)) pending.push(`/assets/${match[1]}`);
  }
  return [...seen.values()];
}

async function chooseTooBig(page: Page): Promise<string[]> {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/files/uploadApplicationFile')) uploads.push(request.url());
  });
  // A PNG's first bytes, then past the limit: refused before anything is sent.
  const big = Buffer.alloc(IMAGE_MAX_BYTES + 1);
  (await png()).copy(big, 0, 0, 64);
  await page.locator('input[type="file"]').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: big,
  });
  return uploads;
}

function toolbarButton(page: Page, name: string): Locator {
  return page.getByRole('toolbar').getByRole('button', { name, exact: true });
}

test('a member writes a post with formatting and a picture, edits it, makes it private and deletes it', async ({
  page,
  request,
}) => {
  const member = page.request;
  const { userId } = await registerMember(member, newPerson());

  // Each save of the draft that carried the story's text, in order.
  const savedContent: string[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/posts/saveDraft')) return;
    const body = request.postDataJSON() as { content?: string };
    if (body.content !== undefined) savedContent.push(body.content);
  });
  await page.goto('/profile/write-post');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Write a post');
  await expectAccessible(page);

  // Nothing filled in: every field says so, and focus goes to the first.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields');
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).toBeFocused();
  await expect(title).toHaveAccessibleDescription('Field is required');
  await expect(page.getByText('Field is required')).toHaveCount(4);

  // Each error goes as its field becomes valid, before any new submit.
  await title.fill('The boat in the yard');
  await expect(title).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Field is required')).toHaveCount(3);
  const editor = page.getByRole('textbox', { name: 'Your story' });
  await expect(editor).toHaveAttribute('aria-multiline', 'true');
  await expect(page.locator('.write-post-counter')).toHaveText('100 more characters to go');
  await editor.click();
  await page.keyboard.type('My father and I built a ');
  expect(await remaining(page)).toBe(100 - 'My father and I built a'.length);
  await expect(page.locator('.write-post-counter')).toHaveText(
    `${100 - 'My father and I built a'.length} more characters to go`,
  );
  const bold = toolbarButton(page, 'Bold');
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('wooden boat');
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' together.');
  await page.keyboard.press('Enter');
  await toolbarButton(page, 'Bulleted list').click();
  await expect(toolbarButton(page, 'Bulleted list')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('one plank');
  await page.keyboard.press('Enter');
  await page.keyboard.type('every Saturday');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const before = await remaining(page);
  expect(before).toBeLessThan(100 - 'My father and I built a'.length);
  await page.keyboard.type(LONG_TEXT);
  await expect(page.locator('.write-post-counter')).toHaveText('Long enough to publish');
  await expect(editor).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Field is required')).toHaveCount(2);

  // The picture shows at once, then uploads.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'boat.png',
    mimeType: 'image/png',
    buffer: await png(),
  });
  await expect(page.getByRole('img', { name: 'The picture you chose' })).toHaveAttribute(
    'src',
    /^blob:/,
  );
  await expect(page.getByText('The picture is uploaded')).toBeVisible();
  await page.getByRole('textbox', { name: 'Image credit' }).fill('Family album');
  await expect(page.getByText('Field is required')).toHaveCount(0);
  await expect(page.locator('.form-error')).toHaveCount(0);
  await page.getByRole('radio', { name: 'On my profile and in the magazine' }).check();
  await expectAccessible(page);

  // The post was kept as a draft as it was written (issue 33), and Publish publishes the draft.
  // What the editor sends is what the server keeps: its sanitizer changes nothing.
  const [created] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/posts/publishDraft')),
    page.getByRole('button', { name: 'Publish' }).click(),
  ]);
  expect(created.status()).toBe(201);
  const sent = { content: savedContent.at(-1) ?? '' };
  const stored = (await created.json()) as { postId: string; content: string };
  expect(stored.content).toBe(sent.content);
  expect(sent.content).toContain('<strong>wooden boat</strong>');
  expect(sent.content).toContain('<ul><li>one plank</li><li>every Saturday</li></ul>');

  const postId = stored.postId;
  await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The boat in the yard');
  const prose = page.locator('article .prose');
  await expect(prose.locator('strong')).toHaveText('wooden boat');
  await expect(prose.locator('ul > li')).toHaveText(['one plank', 'every Saturday']);
  await expect(page.getByText('Image: Family album')).toBeVisible();
  await expect
    .poll(() =>
      page.locator('article figure img').evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);

  // Edit, from the post's own page (its author has the link; a guest's page has none): the new
  // title is on the post's page.
  const guestPage = await (await request.get(`/post/${postId}`)).text();
  expect(guestPage).not.toContain('Edit this story');
  await page.getByRole('link', { name: 'Edit this story' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/write-post/${postId}$`));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit your post');
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('The boat in the yard');
  await expect(page.getByRole('textbox', { name: 'Your story' }).locator('strong')).toHaveText(
    'wooden boat',
  );
  await expectAccessible(page);
  // Pasted with an isolate and an override nobody can see: the form sends the title as it reads
  // (the service refuses invisible controls).
  await page.getByRole('textbox', { name: 'Title' }).fill('The boat \u2067we\u2069 built\u202E');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The boat we built');

  // Private: a guest can no longer read it (a private post does not exist for anyone else).
  const asGuest = () => request.post('/api/posts/getPostById', { data: { postId } });
  expect((await asGuest()).status()).toBe(200);
  await page.goto(`/profile/write-post/${postId}`);
  await hydrated(page);
  await expect(page.getByText('This post is public: everyone can read it.')).toBeVisible();
  const audience = page.getByRole('group', { name: 'Who can read it' });
  await expect(audience.getByRole('radio', { name: 'Everyone' })).toBeChecked();
  await audience.getByRole('radio', { name: 'Only me' }).check();
  await page.getByRole('button', { name: 'Change who can read it' }).click();
  await expect(page.getByText('This post is private: only you can read it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change who can read it' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  const hidden = await asGuest();
  expect(hidden.status()).toBe(404);
  expect(((await hidden.json()) as { code: string }).code).toBe('POST_NOT_FOUND');
  // Its discussion is the author's alone: they still read and write it; to a guest (or anyone
  // else) it does not exist, once the comments service has heard (an event away).
  await expect
    .poll(async () => {
      const room = await request.get(`/api/feedMessages/getNumberOfMessages/${postId}`);
      return ((await room.json()) as { code?: string }).code;
    })
    .toBe('DISCUSSION_NOT_FOUND');
  await page.goto(`/post/${postId}`);
  await hydrated(page);
  const discussion = page.getByRole('region', { name: /Comments/ });
  await discussion.getByRole('textbox', { name: 'Your comment' }).fill('A note for myself.');
  await discussion.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(discussion.getByRole('article').first()).toContainText('A note for myself.');
  await expect(discussion.getByRole('heading', { level: 2 })).toContainText('One comment');
  await page.goto(`/profile/write-post/${postId}`);
  await hydrated(page);

  // Delete, after saying so: the member lands on their profile, and the post is gone.
  await page.getByRole('button', { name: 'Delete the post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete the post' }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${userId}$`));
  const gone = await page.goto(`/post/${postId}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
});

test('leaving a new post asks first only while its draft is not saved; keeping writing keeps the text', async ({
  page,
}) => {
  await registerMember(page.request, newPerson());
  await page.goto('/he/profile/write-post');
  await hydrated(page);
  // Nothing typed yet: the page is left without a question.
  await page.locator('a.logo').click();
  await expect(page).toHaveURL(/\/he$/);

  // The draft cannot be saved (the service is down): leaving asks, and staying keeps the text.
  await page.route('**/api/posts/saveDraft', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'x', requestId: 'r' }),
    }),
  );
  await page.goto('/he/profile/write-post');
  await hydrated(page);
  const title = page.getByLabel('כותרת', { exact: true });
  await title.fill('הקיץ שבו בנינו את הסירה');
  const state = page.locator('.write-post-draft-state');
  await expect(state).toHaveText('השמירה נכשלה — מנסים שוב');
  await page.locator('a.logo').click();
  const dialog = page.getByRole('dialog', { name: 'לצאת לפני שהטיוטה נשמרה?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'להמשיך לכתוב' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/he\/profile\/write-post$/);
  await expect(title).toHaveValue('הקיץ שבו בנינו את הסירה');

  // The service is back: the retry saves the draft, which takes its address, and the page is
  // left without a question.
  await page.unroute('**/api/posts/saveDraft');
  await expect(state).toHaveText('נשמר', { timeout: 20_000 });
  await expect(page).toHaveURL(/\/he\/profile\/write-post\?draft=[\w-]+$/);
  await page.locator('a.logo').click();
  await expect(page).toHaveURL(/\/he$/);
  await expect(dialog).toHaveCount(0);
});

test('a too-big picture is refused before it is sent, in both languages', async ({ page }) => {
  await registerMember(page.request, newPerson());
  await page.goto('/profile/write-post');
  await hydrated(page);
  const uploads = await chooseTooBig(page);
  await expect(page.locator('.image-picker .error')).toHaveText(
    'Image too big: choose one of up to 10 MB',
  );
  await expect(page.locator('input[type="file"]')).toHaveAttribute('aria-invalid', 'true');
  // The limits are said before anything is chosen.
  await expect(page.locator('input[type="file"]')).toHaveAccessibleDescription(
    /JPEG, PNG, WebP or GIF, up to 10 MB\./,
  );
  expect(uploads).toEqual([]);

  await page.goto('/he/profile/write-post');
  await hydrated(page);
  const hebrewUploads = await chooseTooBig(page);
  await expect(page.locator('.image-picker .error')).toHaveText(
    'התמונה גדולה מדי: יש לבחור תמונה של עד 10 מגה-בייט',
  );
  await expect(page.locator('input[type="file"]')).toHaveAccessibleDescription(
    /WebP או GIF, עד 10 מגה-בייט\./,
  );
  expect(hebrewUploads).toEqual([]);
});

test('upload and publish failures are said in Hebrew, next to the form, and nothing is sent twice', async ({
  page,
}) => {
  await registerMember(page.request, newPerson());
  await page.goto('/he/profile/write-post');
  await hydrated(page);
  const file = page.locator('input[type="file"]');
  const pickerError = page.locator('.image-picker .error');

  // Not an image: the files service says so (IMAGE_NOT_SUPPORTED), in Hebrew.
  await file.setInputFiles({
    name: 'note.png',
    mimeType: 'image/png',
    buffer: Buffer.from('hello'),
  });
  await expect(pickerError).toHaveText('הקובץ אינו תמונה שאנחנו מקבלים (JPEG‏, PNG‏, WebP או GIF)');
  await expect(file).toHaveAccessibleDescription(/הקובץ אינו תמונה/);

  // Any other failure: 'error uploading image'.
  await page.route('**/api/files/uploadApplicationFile', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'INTERNAL', message: 'x', requestId: 'r' }),
    }),
  );
  await file.setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await png() });
  await expect(pickerError).toHaveText('שגיאה בהעלאת התמונה');
  await page.unroute('**/api/files/uploadApplicationFile');
  await file.setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await png('#6a1b9a') });
  await expect(page.getByText('התמונה הועלתה')).toBeVisible();
  await expect(pickerError).toHaveCount(0);

  await page.getByRole('textbox', { name: 'כותרת' }).fill('סיפור על סירה');
  await page.getByRole('textbox', { name: 'הסיפור שלך' }).click();
  await page.keyboard.type(LONG_TEXT);
  await page.getByRole('textbox', { name: 'קרדיט לתמונה' }).fill('אלבום משפחתי');

  // The service fails: the form says so, and the button waits while the call is out.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let creates = 0;
  await page.route('**/api/posts/publishDraft', async (route) => {
    creates += 1;
    await held;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'x', requestId: 'r' }),
    });
  });
  const publish = page.getByRole('button', { name: /פרסום|שולחים/ });
  await publish.click();
  await expect(publish).toBeDisabled();
  await expect(publish).toHaveText('שולחים…');
  await publish.click({ force: true });
  release();
  await expect(page.getByRole('alert')).toHaveText('יצירת הפוסט נכשלה, נסו שוב מאוחר יותר');
  await expect(publish).toBeEnabled();
  expect(creates).toBe(1);
  // The text stays, in the form and in its draft.
  await expect(page).toHaveURL(/\/he\/profile\/write-post\?draft=[\w-]+$/);
  await expect(page.getByRole('textbox', { name: 'כותרת' })).toHaveValue('סיפור על סירה');
  await expectAccessible(page);
});

test('in Hebrew the editor is right to left, and each paragraph reads in its own direction', async ({
  page,
}) => {
  await registerMember(page.request, newPerson());
  await page.goto('/he/profile/write-post');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('כתיבת פוסט');
  await expect(page.locator('.write-post-counter')).toHaveText('חסרים עוד 100 תווים');
  await expectAccessible(page);

  const editor = page.getByRole('textbox', { name: 'הסיפור שלך' });
  await editor.click();
  await page.keyboard.type('An English paragraph.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('פסקה בעברית.');
  const paragraphs = editor.locator('p');
  await expect(paragraphs).toHaveCount(2);
  const direction = (index: number) =>
    paragraphs.nth(index).evaluate((node) => getComputedStyle(node).direction);
  expect(await direction(0)).toBe('ltr');
  expect(await direction(1)).toBe('rtl');
  await expect(page.locator('.write-post-counter')).toHaveText(
    `חסרים עוד ${100 - 'An English paragraph. פסקה בעברית.'.length} תווים`,
  );

  // The toolbar, in Hebrew: named buttons, one tab stop, arrows follow the reading direction.
  const toolbar = page.getByRole('toolbar', { name: 'עיצוב טקסט' });
  await expect(toolbar.getByRole('button', { name: 'מודגש' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.keyboard.press('Alt+F10');
  await expect(toolbar.getByRole('button', { name: 'מודגש' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(toolbar.getByRole('button', { name: 'נטוי' })).toBeFocused();
  await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);

  await page.getByRole('button', { name: 'פרסום' }).click();
  await expect(page.getByRole('alert')).toHaveText('יש לתקן את השדות המסומנים');
  await expect(page.getByRole('textbox', { name: 'כותרת' })).toBeFocused();
  await expectAccessible(page);
});

test('pasted formatting is cleaned to what a post may hold', async ({ page }) => {
  await registerMember(page.request, newPerson());
  await page.goto('/profile/write-post');
  await hydrated(page);
  const editor = page.getByRole('textbox', { name: 'Your story' });
  await editor.click();
  await editor.evaluate((node) => {
    const data = new DataTransfer();
    data.setData(
      'text/html',
      '<h1 style="color:red">Heading</h1><p onclick="alert(1)">Some <b>bold</b> <span style="font-size:40px">text</span> and <a href="javascript:alert(1)">a bad link</a>.</p><script>window.pasted = true</script><img src="x" onerror="window.pasted = true">',
    );
    data.setData('text/plain', 'Heading Some bold text and a bad link.');
    node.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  });
  await expect(editor.locator('h2')).toHaveText('Heading');
  await expect(editor.locator('b, strong')).toHaveText('bold');
  expect(await editor.locator('a, script, img, h1, [style], [onclick]').count()).toBe(0);
  expect(await page.evaluate(() => (window as { pasted?: boolean }).pasted)).toBeUndefined();

  // A link: only a web or mail address is taken; a bare domain is an https address.
  await editor.locator('p').last().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Read more');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
  await toolbarButton(page, 'Link').click();
  const dialog = page.getByRole('dialog', { name: 'Add a link' });
  const address = dialog.getByRole('textbox', { name: 'Link address' });
  await expect(address).toBeFocused();
  // The caret waits after the https:// already there: typing completes the address.
  await expect(address).toHaveValue('https://');
  expect(await address.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(8);
  await address.pressSequentially('example.com/baker');
  await expect(address).toHaveValue('https://example.com/baker');
  await address.fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Add the link' }).click();
  await expect(address).toHaveAccessibleDescription(/This is not a web or email address/);
  await address.fill('example.com/more');
  await address.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(editor.locator('a[href="https://example.com/more"]')).toHaveText('more');
  await expect(editor).toBeFocused();
  await expectAccessible(page);
});

test('another member’s post cannot be edited here', async ({ page }) => {
  const author = page.request;
  await registerMember(author, newPerson());
  const image = await uploadImage(author);
  const created = await author.post('/api/posts/create', {
    data: {
      title: 'Someone else’s story',
      content: `<p>${LONG_TEXT}</p>`,
      image,
      credit: 'Theirs',
      privacy: 'public',
    },
  });
  expect(created.status()).toBe(201);
  const { postId } = (await created.json()) as { postId: string };

  // A second member signs in on the same browser, after the first signed out (an email link
  // never replaces another member's session: docs/api/users.md).
  expect((await page.request.post('/api/users/logout')).status()).toBeLessThan(300);
  await registerMember(page.request, newPerson());
  const answer = await page.goto(`/profile/write-post/${postId}`);
  expect(answer?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This post is not yours');
  await expect(page.getByRole('link', { name: 'Read the post' })).toHaveAttribute(
    'href',
    `/post/${postId}`,
  );
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await page.goto(`/he/profile/write-post/${postId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('הפוסט הזה אינו שלך');

  const missing = await page.goto('/profile/write-post/00000000-0000-7000-8000-000000000000');
  expect(missing?.status()).toBe(404);
});

test('the editor loads only on its own page, not on the reading pages', async ({
  page,
  request,
}) => {
  await registerMember(page.request, newPerson());
  const marker = 'rich-editor-toolbar';
  const editorPage = await scriptsOf(page.request, '/profile/write-post');
  expect(editorPage.some((code) => code.includes(marker))).toBe(true);
  for (const path of ['/', '/he', '/mepedia-magazine', '/about']) {
    const scripts = await scriptsOf(request, path);
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(
      scripts.some((code) => code.includes(marker)),
      path,
    ).toBe(false);
  }
});
