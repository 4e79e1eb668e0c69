import { expect, test } from './fixtures';
import {
  expectAccessible,
  hydrated,
  newPerson,
  openMenu,
  outbox,
  registerMember,
  registerUnverified,
} from './helpers';

test('register, verify with the texted code and the emailed link, land on the first question, log out and in', async ({
  page,
  request,
}) => {
  const person = newPerson();
  await page.goto('/auth?modal=register');
  await page.getByLabel('First name').fill(person.firstname);
  await page.getByLabel('Last name').fill(person.lastname);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Phone number').fill(person.phone);
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('Country', { exact: true }).selectOption('IL');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await expect(page.getByText('Password strength: Strong')).toBeVisible();
  await page.getByLabel('Confirm password', { exact: true }).fill(person.password);

  // Without the terms, the form says what is missing, above it and at the field, and sends nothing.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields');
  await expect(page.getByText('You must accept the terms of service')).toBeVisible();
  await page.getByLabel(/I have read and accept/).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verification\?userId=/);
  const sms = await outbox(request, (m) => m.channel === 'sms' && m.to === person.e164);
  const code = /is (\d{6})/.exec(sms.text)?.[1] ?? '';
  // A wrong code is said above the form, and stays until the right one is sent.
  await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The verification code is not correct. Try again',
  );
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/Your phone is verified/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  const email = await outbox(request, (m) => m.channel === 'email' && m.to === person.email);
  const link = /https?:\/\/\S+email-verification\?token=[\w-]+/.exec(email.text)?.[0] ?? '';
  await page.goto(link);
  // A new member starts their story: the first question, with a word of welcome.
  await expect(page).toHaveURL(/\/profile\/edit-me\/1\?welcome=1$/);
  await expect(
    page.getByRole('heading', { name: 'Welcome! Your story starts here' }),
  ).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Where I come from');

  // A member's menu.
  let menu = await openMenu(page);
  await expect(menu.getByRole('link', { name: 'My profile' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'People' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Write my story' })).toHaveAttribute(
    'href',
    '/profile/edit-me/1',
  );
  await expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute(
    'href',
    '/profile/settings',
  );
  await expect(menu.getByRole('link', { name: 'Register' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The header's Write button opens the post editor; on a phone it is the pen alone, still named.
  const write = page.getByRole('link', { name: 'Write', exact: true });
  await expect(write).toHaveAttribute('href', '/profile/write-post');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(write).toBeVisible();
  await expect(write).toHaveAccessibleName('Write');
  await page.setViewportSize({ width: 1280, height: 720 });

  // The header search looks for people and stories, on the results page; an empty search goes
  // nowhere.
  const search = page.getByRole('searchbox', { name: 'Search people and stories' });
  await search.fill('');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/profile\//);
  await search.fill('dana');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=dana$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search: dana');
  // The results page's own form holds the query, and another order keeps it.
  const field = page.getByRole('searchbox', { name: 'Search for' });
  await expect(field).toHaveValue('dana');
  await page.getByText('Filters and order of the stories').click();
  await page.getByLabel('Order').selectOption('newest');
  await page.getByRole('button', { name: 'Show the results' }).click();
  await expect(page).toHaveURL(/\/search\?q=dana&(.+&)?sort=newest$/);
  await expect(field).toHaveValue('dana');
  await expect(page.getByLabel('Order')).toHaveValue('newest');
  await expectAccessible(page);

  // A member's language choice is saved on their account too.
  menu = await openMenu(page);
  await menu.getByRole('button', { name: /Language/ }).click();
  await menu.getByRole('link', { name: 'עברית' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const session = (await (await page.request.post('/api/users/session')).json()) as {
    language: string;
  };
  expect(session.language).toBe('he');

  menu = await openMenu(page);
  await menu.getByRole('button', { name: 'התנתקות' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  menu = await openMenu(page);
  await expect(menu.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('randomIdentifier'))).toMatch(
    /^[0-9a-f]{24}$/,
  );

  await menu.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/profile\/[0-9a-f-]{36}$/);
});

test('a wrong password is said next to the form, and the password can be shown', async ({
  page,
}) => {
  await page.goto('/auth?modal=login');
  await hydrated(page);
  await page.getByLabel('Email').fill('nobody.here@example.com');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('wrong-pass-1');
  await expect(password).toHaveAttribute('type', 'password');
  const show = page.getByRole('button', { name: 'Show password' });
  await show.click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login information is incorrect');
});

test('a signed-in member who opens sign-in is sent to their profile', async ({ page }) => {
  const person = newPerson();
  const { userId } = await registerMember(page.request, person);
  await page.goto('/auth?modal=login');
  await expect(page).toHaveURL(new RegExp(`/profile/${userId}$`));
});

test('registration offers countries by name in the page’s language, and a date in order', async ({
  page,
}) => {
  await page.goto('/he/auth?modal=register');
  await hydrated(page);
  const country = page.getByLabel('מדינה', { exact: true });
  await expect(country).toHaveValue('IL');
  await expect(country.locator('option[value="IL"]')).toHaveText('ישראל');
  await expect(country.locator('option[value="GB"]')).toHaveText('בריטניה');
  const birthdate = page.getByLabel('תאריך לידה', { exact: true });
  expect(await birthdate.evaluate((node) => getComputedStyle(node).direction)).toBe('ltr');
  await birthdate.fill('1990-05-17');
  await expect(birthdate).toHaveValue('1990-05-17');
  await expectAccessible(page);
});

test('another browser cannot continue someone’s verification: it is asked to sign in', async ({
  page,
  browser,
}) => {
  const person = newPerson();
  // Someone registers in their own browser (an API context keeps its own cookies).
  const { userId } = await registerUnverified(page.request, person, {
    language: 'he',
    firstname: 'דנה',
    lastname: 'לוי',
    country: 'IL',
  });

  // A stranger who has the id (from a shared link, say) gets no details and no form.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(`/he/verification?userId=${userId}`);
  await expect(strangerPage.getByRole('alert')).toHaveText(
    'כדי להמשיך באימות החשבון, יש להתחבר עם האימייל והסיסמה',
  );
  await expect(strangerPage.getByLabel('קוד אימות')).toHaveCount(0);
  await expect(strangerPage.getByText(person.phone.slice(-4))).toHaveCount(0);
  await stranger.close();

  // The registrant's browser goes on.
  await page.goto(`/he/verification?userId=${userId}`);
  await expect(page.getByLabel('קוד אימות')).toBeVisible();
});

test('an email link opened in another browser verifies the email but signs nobody in there', async ({
  page,
  browser,
  request,
}) => {
  // Someone registers (an API context keeps its own cookies: their ticket stays there) and,
  // instead of opening the link, sends it to others.
  const linkOf = async (person: ReturnType<typeof newPerson>) => {
    await registerUnverified(request, person);
    const sms = await outbox(request, (m) => m.channel === 'sms' && m.to === person.e164);
    const phone = await request.put('/api/users/verifyUserByPhone', {
      data: { prefix: '+972', phone: person.phone, verifyCode: /(\d{6})/.exec(sms.text)?.[1] },
    });
    expect(phone.status()).toBe(200);
    const email = await outbox(request, (m) => m.channel === 'email' && m.to === person.email);
    const token = /token=([\w-]+)/.exec(email.text)?.[1] ?? '';
    expect(token).not.toBe('');
    return token;
  };

  // A signed-in member opens one: they stay who they are, and the page says so.
  const member = newPerson();
  const { userId } = await registerMember(page.request, member);
  await page.goto(`/email-verification?token=${await linkOf(newPerson())}`);
  await expect(
    page.getByRole('heading', { name: 'This link is for another account' }),
  ).toBeVisible();
  await expect(page.getByText('You are signed in as Dana Levi, and you still are.')).toBeVisible();
  const session = (await (await page.request.post('/api/users/session')).json()) as { id: string };
  expect(session.id).toBe(userId);
  await expectAccessible(page);

  // A browser with nobody signed in, in Hebrew: verified, asked to sign in, and not signed in.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(`/he/email-verification?token=${await linkOf(newPerson())}`);
  await expect(guestPage.getByRole('heading', { name: 'כתובת האימייל אומתה' })).toBeVisible();
  await expect(guestPage.getByRole('main').getByRole('link', { name: 'התחברות' })).toHaveAttribute(
    'href',
    '/he/auth?modal=login',
  );
  expect(await (await guestPage.request.post('/api/users/session')).json()).toBe('NoSession');
  expect((await guest.cookies()).map((cookie) => cookie.name)).not.toContain('mepedia_session');
  await guest.close();
});

test('a guest who opens a member’s writing page signs in and is brought back to it', async ({
  page,
  request,
}) => {
  const person = newPerson();
  // Registered and verified in another context: this page is a guest's.
  await registerMember(request, person);
  await page.goto('/he/profile/settings');
  await expect(page).toHaveURL(/\/he\/auth\?modal=login&returnTo=%2Fhe%2Fprofile%2Fsettings$/);
  await page.getByLabel('אימייל').fill(person.email);
  await page.getByLabel('סיסמה', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'התחברות' }).click();
  await expect(page).toHaveURL(/\/he\/profile\/settings$/);
});
