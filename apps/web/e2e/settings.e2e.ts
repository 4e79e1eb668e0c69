import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import {
  expectAccessible,
  hydrated,
  newPerson,
  outbox,
  registerMember,
  uploadImage,
} from './helpers';

type Lang = 'en' | 'he';
const HEBREW_MEMBER = { language: 'he', firstname: 'דנה', lastname: 'לוי' };

const words = {
  en: {
    prefix: '',
    tabs: [
      'Register details',
      'Inspiring motto',
      'Personal video',
      'Social links',
      'Profile picture',
      'Delete profile',
    ],
    motto: 'Your inspiring motto',
    oneTooMany: 'One character too many: at most 50',
    fifty: '50 of 50 characters',
    maxError: 'At most 50 characters',
    fixErrors: 'Please correct the highlighted fields',
    save: 'Save',
    saved: 'Your changes are saved',
    video: 'YouTube video link',
    videoError: 'Video link must be a valid YouTube link',
    preview: 'YouTube video',
    play: 'Play the preview',
    choose: 'New profile picture',
    deleteOpen: 'Delete my profile',
  },
  he: {
    prefix: '/he',
    tabs: [
      'פרטי הרשמה',
      'מוטו מעורר השראה',
      'סרטון אישי',
      'קישורים לרשתות חברתיות',
      'תמונת פרופיל',
      'מחיקת הפרופיל',
    ],
    motto: 'המוטו מעורר ההשראה שלך',
    oneTooMany: 'תו אחד יותר מדי: עד 50',
    fifty: '50 מתוך 50 תווים',
    maxError: 'עד 50 תווים',
    fixErrors: 'יש לתקן את השדות המסומנים',
    save: 'שמירה',
    saved: 'השינויים נשמרו',
    video: 'קישור לסרטון ב-YouTube',
    videoError: 'קישור הווידאו חייב להיות קישור תקין ל-YouTube',
    preview: 'סרטון YouTube',
    play: 'הפעלת התצוגה המקדימה',
    choose: 'תמונת פרופיל חדשה',
    deleteOpen: 'מחיקת הפרופיל שלי',
  },
} as const;

/** A verified member, signed in in `page`'s context, on their settings page (one tab open). */
async function openSettings(page: Page, lang: Lang, tab?: number) {
  const person = newPerson();
  const { userId } = await registerMember(page.request, person, lang === 'he' ? HEBREW_MEMBER : {});
  await page.goto(`${words[lang].prefix}/profile/settings`);
  await hydrated(page);
  if (tab !== undefined) await page.getByRole('tab', { name: words[lang].tabs[tab] }).click();
  return { person, userId };
}

async function session(page: Page): Promise<Record<string, unknown>> {
  return (await (await page.request.post('/api/users/session')).json()) as Record<string, unknown>;
}

const toast = (page: Page) => page.locator('.toast-region');

for (const lang of ['en', 'he'] as const) {
  test(`${lang}: the motto takes at most 50 characters and shows on the profile`, async ({
    page,
  }) => {
    const w = words[lang];
    const { userId } = await openSettings(page, lang, 1);
    const letter = lang === 'he' ? 'א' : 'a';
    const motto = page.getByLabel(w.motto);

    // 51 characters: the counter says so, saving is refused at the field, nothing is saved.
    await motto.fill(letter.repeat(51));
    await expect(page.getByText(w.oneTooMany).first()).toBeVisible();
    await page.getByRole('button', { name: w.save }).click();
    await expect(page.getByRole('alert')).toHaveText(w.fixErrors);
    await expect(motto).toHaveAttribute('aria-invalid', 'true');
    await expect(motto).toHaveAccessibleDescription(new RegExp(w.maxError));
    await expect(motto).toBeFocused();
    expect((await session(page))['moto']).toBeNull();

    // 50: saved, said in a toast, and shown on the profile.
    const fifty = `${letter.repeat(49)}!`;
    await motto.fill(fifty);
    await expect(page.getByText(w.fifty)).toBeVisible();
    await page.getByRole('button', { name: w.save }).click();
    await expect(toast(page)).toContainText(w.saved);
    await expect(motto).not.toHaveAttribute('aria-invalid', 'true');
    expect((await session(page))['moto']).toBe(fifty);
    await page.goto(`${w.prefix}/profile/${userId}`);
    await expect(page.locator('.profile-header .lead')).toHaveText(fifty);
  });

  test(`${lang}: the video must be a YouTube link, previewed before and after saving`, async ({
    page,
  }) => {
    const w = words[lang];
    // The player is YouTube's; the test stands in for it (no outside network in tests).
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    await openSettings(page, lang, 2);
    const field = page.getByLabel(w.video);
    const panel = page.getByRole('tabpanel', { name: w.tabs[2] });

    await field.fill('https://vimeo.com/76979871');
    await expect(panel.locator('figure')).toHaveCount(0);
    await panel.getByRole('button', { name: w.save }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(w.videoError));
    await expect(field).toBeFocused();
    expect((await session(page))['videoUrl']).toBeNull();

    const url = 'https://youtu.be/dQw4w9WgXcQ';
    await field.fill(url);
    await expect(panel.locator('figure')).toContainText(`${w.preview} dQw4w9WgXcQ`);
    await panel.getByRole('button', { name: w.save }).click();
    await expect(toast(page)).toContainText(w.saved);
    expect((await session(page))['videoUrl']).toBe(url);

    // After a reload: the saved link, its preview, and the player only once asked for.
    await page.reload();
    await hydrated(page);
    await page.getByRole('tab', { name: w.tabs[2] }).click();
    await expect(field).toHaveValue(url);
    await expect(panel.locator('iframe')).toHaveCount(0);
    await panel.getByRole('button', { name: w.play }).click();
    await expect(panel.locator('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
  });
}

test('a profile picture is chosen, refused when too big, cropped with the keyboard and shown cropped', async ({
  page,
}) => {
  const { userId } = await openSettings(page, 'en', 4);
  // The picture picker: named by its label and its button, which offers another once one is chosen.
  const chooser = page.getByLabel('New profile picture');
  await expect(chooser).toHaveAccessibleName('New profile picture Choose a picture');
  await expect(chooser).toHaveAccessibleDescription(/^JPEG, PNG, WebP or GIF, up to 10 MB\.$/);

  // Refused in the browser: too big, and not a picture.
  await chooser.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expect(chooser).toHaveAccessibleDescription(/Image too big: choose one of up to 10 MB/);
  await chooser.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(chooser).toHaveAccessibleDescription(/not an image we accept/);

  await chooser.setInputFiles({
    name: 'broken.png',
    mimeType: 'image/png',
    buffer: Buffer.from('\x89PNG broken'),
  });
  await expect(chooser).toHaveAccessibleDescription(/This picture could not be opened/);
  await expect(page.locator('.settings-cropper')).toHaveCount(0);

  // A wide picture: left half red, right half blue.
  const picture = await sharp({
    create: { width: 800, height: 400, channels: 3, background: '#d00000' },
  })
    .composite([
      {
        input: await sharp({
          create: { width: 400, height: 400, channels: 3, background: '#0000d0' },
        })
          .png()
          .toBuffer(),
        left: 400,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
  await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await expect(chooser).not.toHaveAttribute('aria-invalid', 'true');
  await expect(chooser).toHaveAccessibleName('New profile picture Choose another picture');

  // The crop starts as the largest centred square; the keyboard makes it a small one at the
  // right edge (the blue half).
  const size = page.getByLabel('Size of the square');
  const across = page.getByLabel('Horizontal position');
  await expect(size).toHaveValue('400');
  await expect(across).toHaveValue('200');
  await size.focus();
  await page.keyboard.press('Home');
  await expect(size).toHaveValue('40');
  await across.focus();
  await page.keyboard.press('End');
  await expect(across).toHaveValue('760');
  await page.keyboard.press('ArrowLeft');
  await expect(across).toHaveValue('759');

  // The pointer moves the square too: dragged back to the far right.
  const square = page.locator('.settings-cropper-square');
  await square.scrollIntoViewIfNeeded();
  const box = await square.boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await page.mouse.down();
  await page.mouse.move(box!.x + box!.width / 2 - 100, box!.y + box!.height / 2, { steps: 4 });
  await expect(across).not.toHaveValue('759');
  await page.mouse.move(box!.x + box!.width / 2 + 200, box!.y + box!.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(across).toHaveValue('760');

  const uploading = page.waitForResponse('**/api/files/uploadApplicationFile');
  await page.getByRole('button', { name: 'Upload and save' }).click();
  const uploaded = (await (await uploading).json()) as {
    id: string;
    cropped: { id: string; width: number; height: number };
  };
  await expect(toast(page)).toContainText('Your new picture is saved');
  // The crop is the 40 px square at the right edge: square, and blue.
  expect([uploaded.cropped.width, uploaded.cropped.height]).toEqual([40, 40]);
  const cropped = await (await page.request.get(`/api/files/image/${uploaded.cropped.id}`)).body();
  const { data } = await sharp(cropped).raw().toBuffer({ resolveWithObject: true });
  expect(data[2]! > 150 && data[0]! < 80).toBe(true);

  const me = await session(page);
  expect(me['profileImage']).toBe(`/api/files/image/${uploaded.id}`);
  expect(me['croppedProfileImage']).toBe(`/api/files/image/${uploaded.cropped.id}`);
  // The tab's own "now" picture follows at once.
  await expect(page.locator('.settings-current-image img')).toHaveAttribute(
    'src',
    new RegExp(`/api/files/image/${uploaded.cropped.id}`),
  );

  await page.goto(`/profile/${userId}`);
  await expect(page.locator('.profile-header img.avatar')).toHaveAttribute(
    'src',
    new RegExp(`/api/files/image/${uploaded.cropped.id}\\?w=`),
  );
});

test('he: details are saved in the interface’s script, a wrong one is refused at the field', async ({
  page,
}) => {
  const { userId } = await openSettings(page, 'he', 0);
  const lastname = page.getByLabel('שם משפחה');
  await lastname.fill('Levi');
  await page.getByRole('button', { name: 'שמירה' }).first().click();
  await expect(lastname).toHaveAttribute('aria-invalid', 'true');
  await expect(lastname).toHaveAccessibleDescription(/אותיות בעברית בלבד/);
  await expect(lastname).toBeFocused();

  await lastname.fill('כהן');
  await page.getByLabel('מדינה', { exact: true }).selectOption('FR');
  await page.getByRole('button', { name: 'שמירה' }).first().click();
  await expect(toast(page)).toContainText('השינויים נשמרו');
  const me = await session(page);
  expect([me['lastname'], me['country']]).toEqual(['כהן', 'FR']);
  await page.goto(`/he/profile/${userId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('דנה כהן');
});

test('a new phone number counts once the code sent to it is given back', async ({
  page,
  request,
}) => {
  const { person } = await openSettings(page, 'en', 0);
  const other = newPerson();
  const changeButton = page.getByRole('button', { name: 'Change phone number' });
  await changeButton.click();
  const number = page.getByLabel('New phone number');
  await expect(number).toBeFocused();
  // Someone else's number is refused at the field.
  const taken = newPerson();
  await registerMember(request, taken);
  await number.fill(taken.phone);
  await page.getByRole('button', { name: 'Send a code' }).click();
  await expect(number).toHaveAccessibleDescription(/Phone number already exists/);
  await expect(number).toBeFocused();

  await number.fill(other.phone);
  await page.getByRole('button', { name: 'Send a code' }).click();
  const code = page.getByLabel('The code from the message');
  await expect(code).toBeFocused();
  await expect(
    page.getByRole('status').filter({ hasText: 'We sent a 6-digit code to' }),
  ).toContainText(other.e164.replace('+972', '+972 '));
  await expectAccessible(page);
  // Nothing has changed yet.
  expect((await session(page))['phoneNumber']).toBe(person.phone.replace(/^0/, ''));
  await code.fill('000000');
  await page.getByRole('button', { name: 'Confirm the new number' }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');

  const sms = await outbox(page.request, (m) => m.channel === 'sms' && m.to === other.e164);
  await code.fill(/(\d{6})/.exec(sms.text)![1]!);
  await page.getByRole('button', { name: 'Confirm the new number' }).click();
  await expect(toast(page)).toContainText('Your phone number is changed');
  await expect(changeButton).toBeFocused();
  expect((await session(page))['phoneNumber']).toBe(other.phone.replace(/^0/, ''));
  await expect(page.locator('.settings-contact .phone-number')).toHaveText(
    `+972 ${other.phone.replace(/^0/, '')}`,
  );
  // The member's email hears of it.
  await outbox(
    page.request,
    (m) => m.channel === 'email' && m.to === person.email && /phone number/.test(m.subject ?? ''),
  );
});

test('he: a new email needs the password, and counts once its link is opened', async ({ page }) => {
  const { person, userId } = await openSettings(page, 'he', 0);
  await page.getByRole('button', { name: 'שינוי אימייל' }).click();
  const email = page.getByLabel('אימייל חדש');
  await expect(email).toBeFocused();
  const newEmail = `moved.${Date.now().toString(36)}@example.com`;
  await email.fill(newEmail);
  const password = page.getByLabel('הסיסמה הנוכחית שלך');
  await password.fill('not-my-password-1');
  await page.getByRole('button', { name: 'שליחת קישור לאישור' }).click();
  await expect(password).toHaveAccessibleDescription(/הסיסמה שגויה/);
  await expect(password).toBeFocused();

  await password.fill(person.password);
  await page.getByRole('button', { name: 'שליחת קישור לאישור' }).click();
  await expect(toast(page)).toContainText('קישור האישור נשלח');
  // Both addresses read left to right inside the Hebrew sentence.
  const pending = page.getByRole('status').filter({ hasText: 'שלחנו קישור אל' });
  await expect(pending.locator('bdi[dir="ltr"]')).toHaveText([newEmail, person.email]);
  expect((await session(page))['email']).toBe(person.email);

  const link = await outbox(page.request, (m) => m.channel === 'email' && m.to === newEmail);
  const token = /token=([\w-]+)/.exec(link.text)![1]!;
  await page.goto(`/he/email-verification?token=${token}`);
  await expect(page).toHaveURL(new RegExp(`/he/profile/${userId}`));
  expect((await session(page))['email']).toBe(newEmail);
  await outbox(
    page.request,
    (m) => m.channel === 'email' && m.to === person.email && /הוחלפה/.test(m.subject ?? ''),
  );
});

test('deleting the profile asks for the password, then removes the member and their pictures', async ({
  page,
}) => {
  const { person, userId } = await openSettings(page, 'en', 5);
  const picture = await uploadImage(page.request, '#2e7d32', 'profile');
  expect((await page.request.get(picture)).status()).toBe(200);

  await page.getByRole('button', { name: 'Delete my profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your profile for good?' });
  await expect(dialog).toBeVisible();
  for (const item of [
    'your profile and your account',
    'your posts',
    'your questionnaire answers',
    'your private questions',
    'your comments',
    'your likes',
    'your pictures',
  ])
    await expect(dialog.getByRole('listitem').filter({ hasText: item })).toHaveCount(1);

  // Escape keeps everything.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete my profile' }).click();

  const password = dialog.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete everything' }).click();
  await expect(password).toHaveAccessibleDescription(/Field is required/);
  await password.fill('not-my-password-at-all');
  await dialog.getByRole('button', { name: 'Delete everything' }).click();
  await expect(password).toHaveAccessibleDescription(/The password is not correct/);
  expect((await session(page))['id']).toBe(userId);

  await password.fill(person.password);
  await dialog.getByRole('button', { name: 'Delete everything' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await session(page)).toBe('NoSession');

  const profile = await page.goto(`/profile/${userId}`);
  expect(profile?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');

  const login = await page.request.post('/api/users/login', {
    data: { email: person.email, password: person.password },
  });
  expect(login.status()).toBe(401);
  expect(((await login.json()) as { code: string }).code).toBe('INVALID_CREDENTIALS');
  // Their pictures go too (the files service hears of it through the queue).
  await expect
    .poll(async () => (await page.request.get(picture)).status(), { timeout: 30_000 })
    .toBe(404);
});

for (const lang of ['en', 'he'] as const) {
  test(`${lang}: every tab of the settings page passes axe`, async ({ page }) => {
    const w = words[lang];
    await openSettings(page, lang);
    // The tabs follow the keyboard, in the reading direction.
    await page.getByRole('tab', { name: w.tabs[0] }).focus();
    await page.keyboard.press(lang === 'he' ? 'ArrowLeft' : 'ArrowRight');
    await expect(page.getByRole('tab', { name: w.tabs[1] })).toBeFocused();
    await expect(page.getByRole('tab', { name: w.tabs[1] })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    for (const [index, name] of w.tabs.entries()) {
      const tab = page.getByRole('tab', { name });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel', { name });
      await expect(panel).toBeVisible();
      if (index === 2) await page.getByLabel(w.video).fill('https://youtu.be/dQw4w9WgXcQ');
      if (index === 4) {
        const png = await sharp({
          create: { width: 600, height: 400, channels: 3, background: '#1f4e79' },
        })
          .png()
          .toBuffer();
        await page
          .getByLabel(w.choose)
          .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
        await expect(panel.locator('.settings-cropper')).toBeVisible();
      }
      await expectAccessible(page);
      if (index === 5) {
        await panel.getByRole('button', { name: w.deleteOpen }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectAccessible(page);
      }
    }
  });
}
