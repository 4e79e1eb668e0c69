import type { MyCircle } from '@mepedia/contracts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectAccessible,
  hydrated,
  newPerson,
  outbox,
  registerMember,
  uploadImage,
} from './helpers';

// Circles (issue 34), in both languages: a member invites someone without an account by email;
// they open the emailed link, register through it, verify, come back and accept; the owner's
// Circle tab lists them, and the owner removes them. A link invitation is accepted by another
// member, who then leaves. axe stays at zero on every page on the way.

/** The words the pages say, per language; the people in each language's script. */
const WORDS = {
  en: {
    prefix: '',
    owner: { firstname: 'Noa', lastname: 'Cohen' },
    storyTitle: 'For my family',
    invitee: { firstname: 'Ruth', lastname: 'Amir' },
    other: { firstname: 'Tom', lastname: 'Peled' },
    message: 'Dear Ruth,\nI am writing down our family’s story. Come and read it with me.',
    language: 'en',
    tab: 'Circle',
    emailGroup: 'Invite by email',
    email: 'Their email address',
    messageLabel: 'A personal message (optional)',
    languageLabel: 'Their language',
    send: 'Send the invitation',
    sent: (email: string) => `The invitation was sent to ${email}.`,
    linkGroup: 'Invite with a link',
    create: 'Create an invitation link',
    linkLabel: 'Invitation link',
    copy: 'Copy the link',
    copied: 'The link is copied.',
    oncePerPerson: 'It is shown only this once',
    pending: 'Invitations waiting',
    linkRow: 'Invitation link',
    members: 'People in your circle',
    limits: (people: number, pending: number) =>
      `${people} of 100 people in your circle${pending} of 20 invitations waiting for an answer`,
    remove: (name: string) => `Remove ${name} from your circle`,
    removeTitle: (name: string) => `Remove ${name} from your circle?`,
    confirmRemove: 'Yes, remove',
    removed: (name: string) => `${name} is no longer in your circle.`,
    noMembers: 'Nobody is in your circle yet.',
    circlesIn: 'Circles you are in',
    leave: (name: string) => `Leave ${name}’s circle`,
    leaveTitle: (name: string) => `Leave ${name}’s circle?`,
    confirmLeave: 'Yes, leave',
    left: (name: string) => `You left ${name}’s circle.`,
    notIn: 'You are not in anyone’s circle yet.',
    heading: (name: string) => `${name} invites you to their circle`,
    forEmail: (email: string) => `It was sent to ${email}`,
    join: 'Join Mepedia to accept',
    reason: 'Register or log in to accept your invitation to a circle',
    register: {
      firstname: 'First name',
      lastname: 'Last name',
      email: 'Email',
      phone: 'Phone number',
      birthdate: 'Date of birth',
      gender: 'Gender',
      password: 'Password',
      confirm: 'Confirm password',
      terms: /I have read and accept/,
      submit: 'Create account',
      code: 'Verification code',
      verify: 'Verify',
      phoneVerified: /Your phone is verified/,
    },
    accept: 'Accept the invitation',
    notFound: 'Invitation not found',
    used: 'This invitation was already used',
    joined: (name: string) => `You are in ${name}’s circle now.`,
    profile: (name: string) => `Visit ${name}’s profile`,
  },
  he: {
    prefix: '/he',
    owner: { firstname: 'נועה', lastname: 'כהן', language: 'he' },
    storyTitle: 'למשפחה שלי',
    invitee: { firstname: 'רות', lastname: 'אמיר' },
    other: { firstname: 'תום', lastname: 'פלד', language: 'he' },
    message: 'רות יקרה,\nאני כותבת את הסיפור של המשפחה שלנו. בואי לקרוא אותו איתי.',
    language: 'he',
    tab: 'מעגל',
    emailGroup: 'הזמנה באימייל',
    email: 'כתובת האימייל לשליחה',
    messageLabel: 'הודעה אישית (לא חובה)',
    languageLabel: 'באיזו שפה לכתוב',
    send: 'לשלוח את ההזמנה',
    sent: (email: string) => `ההזמנה נשלחה אל ${email}.`,
    linkGroup: 'הזמנה בקישור',
    create: 'ליצור קישור הזמנה',
    linkLabel: 'קישור ההזמנה',
    copy: 'להעתיק את הקישור',
    copied: 'הקישור הועתק.',
    oncePerPerson: 'הוא מוצג רק הפעם',
    pending: 'הזמנות ממתינות',
    linkRow: 'קישור הזמנה',
    members: 'האנשים במעגל שלך',
    limits: (people: number, pending: number) =>
      `${people} מתוך 100 אנשים במעגל שלך${pending} מתוך 20 הזמנות ממתינות לתשובה`,
    remove: (name: string) => `הסרה של ${name} מהמעגל שלך`,
    removeTitle: (name: string) => `להסיר את ${name} מהמעגל שלך?`,
    confirmRemove: 'כן, להסיר',
    removed: (name: string) => `${name} כבר לא במעגל שלך.`,
    noMembers: 'עדיין אין אף אחד במעגל שלך.',
    circlesIn: 'מעגלים שצירפו אותך אליהם',
    leave: (name: string) => `יציאה מהמעגל של ${name}`,
    leaveTitle: (name: string) => `לצאת מהמעגל של ${name}?`,
    confirmLeave: 'כן, לצאת',
    left: (name: string) => `יצאת מהמעגל של ${name}.`,
    notIn: 'עדיין לא צירפו אותך לאף מעגל.',
    heading: (name: string) => `${name} מזמינים אותך למעגל שלהם`,
    forEmail: (email: string) => `היא נשלחה אל ${email}`,
    join: 'הצטרפות למפדיה וקבלת ההזמנה',
    reason: 'הירשמו או התחברו כדי לקבל את ההזמנה למעגל',
    register: {
      firstname: 'שם פרטי',
      lastname: 'שם משפחה',
      email: 'אימייל',
      phone: 'מספר טלפון',
      birthdate: 'תאריך לידה',
      gender: 'מגדר',
      password: 'סיסמה',
      confirm: 'אימות סיסמה',
      terms: /קראתי ואני מסכים/,
      submit: 'יצירת חשבון',
      code: 'קוד אימות',
      verify: 'אימות',
      phoneVerified: /הטלפון אומת/,
    },
    accept: 'קבלת ההזמנה',
    notFound: 'ההזמנה לא נמצאה',
    used: 'כבר השתמשו בהזמנה הזאת',
    joined: (name: string) => `מעכשיו יש לך מקום במעגל של ${name}.`,
    profile: (name: string) => `לפרופיל של ${name}`,
  },
} as const;

/** Press a control from the keyboard: focused, then Enter (a mouse is never needed). */
async function press(page: Page, control: Locator) {
  await control.focus();
  await expect(control).toBeFocused();
  await page.keyboard.press('Enter');
}

/** The member's circle as the service keeps it (`request` carries their session). */
async function circleOf(request: APIRequestContext): Promise<MyCircle> {
  const answer = await request.post('/api/circles/getMyCircle');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as MyCircle;
}

/** The settings' Circle tab, opened by its address (`#circle`, as the tabs take it). */
async function circleTab(page: Page, prefix: string, tab: string) {
  const path = `${prefix}/profile/settings`;
  // Already there, a new address with the hash would only move within the page: read it afresh.
  if (new URL(page.url()).pathname === path) await page.reload();
  else await page.goto(`${path}#circle`);
  await hydrated(page);
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const panel = page.getByRole('tabpanel', { name: tab });
  // Drawn once the circle is read.
  await expect(panel.locator('.circle-limits')).toBeVisible();
  return panel;
}

async function noSidewaysScroll(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `${page.url()} at ${width}`).toBeLessThanOrEqual(clientWidth);
  }
}

for (const locale of ['en', 'he'] as const) {
  const words = WORDS[locale];
  const ownerName = `${words.owner.firstname} ${words.owner.lastname}`;

  test(`an invitation by email brings someone without an account in, through registration; the owner removes them (${locale})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const owner = { ...newPerson(), ...words.owner };
    const { userId: ownerId } = await registerMember(page.request, owner, words.owner);
    const invitee = { ...newPerson(), ...words.invitee };
    const inviteeName = `${invitee.firstname} ${invitee.lastname}`;
    // A story the owner keeps for their circle: the invitee reads it once in, and not after.
    const storyTitle = `${words.storyTitle} ${Date.now().toString(36)}`;
    const created = await page.request.post('/api/posts/create', {
      data: {
        title: storyTitle,
        content: `<p>${'The winter we spent at grandmother’s, told for my family. '.repeat(3)}</p>`,
        image: await uploadImage(page.request),
        credit: 'Album',
        privacy: 'circle',
      },
    });
    expect(created.status()).toBe(201);
    const story = `${words.prefix}/post/${((await created.json()) as { postId: string }).postId}`;

    // The owner invites by email, from the keyboard, with a message and the invitee's language.
    let panel = await circleTab(page, words.prefix, words.tab);
    await expect(panel.locator('.circle-limits')).toContainText(words.limits(0, 0));
    const byEmail = panel.getByRole('group', { name: words.emailGroup });
    await byEmail.getByLabel(words.email, { exact: true }).fill(invitee.email);
    await byEmail.getByLabel(words.messageLabel).fill(words.message);
    await byEmail.getByLabel(words.languageLabel).selectOption(words.language);
    await press(page, byEmail.getByRole('button', { name: words.send }));
    await expect(byEmail.getByRole('status')).toHaveText(words.sent(invitee.email));
    const pending = panel.getByRole('region', { name: words.pending });
    await expect(pending.getByRole('listitem')).toHaveCount(1);
    await expect(pending.getByRole('listitem')).toContainText(invitee.email);
    await expect(panel.locator('.circle-limits')).toContainText(words.limits(0, 1));
    await expectAccessible(page);
    await noSidewaysScroll(page);

    // The invitee, without an account, opens the emailed link in a browser of their own.
    const mail = await outbox(
      page.request,
      (m) => m.channel === 'email' && m.to === invitee.email && /\/circle\/join\//.test(m.text),
    );
    const link = /https?:\/\/\S+?\/circle\/join\/[\w-]+/.exec(mail.text)?.[0] ?? '';
    expect(new URL(link).pathname).toMatch(new RegExp(`^${words.prefix}/circle/join/[\\w-]+$`));
    const theirs = await browser.newContext({ baseURL });
    const guest = await theirs.newPage();
    const elsewhere: string[] = [];
    guest.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(baseURL!).origin) elsewhere.push(request.url());
    });
    const opened = await guest.goto(link);
    // Never kept by a shared cache, never indexed, and its address goes to no other site.
    expect(opened?.headers()['cache-control']).toBe('private, no-store');
    expect(opened?.headers()['referrer-policy']).toBe('same-origin');
    await expect(guest.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await hydrated(guest);
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText(words.heading(ownerName));
    const quoted = guest.locator('blockquote');
    await expect(quoted).toHaveText(words.message);
    await expect(quoted).toHaveAttribute('dir', 'auto');
    await expect(guest.getByText(words.forEmail(invitee.email))).toBeVisible();
    await expectAccessible(guest);
    await noSidewaysScroll(guest);

    // They register through it: the form knows the address, and says why they are there.
    await press(guest, guest.getByRole('link', { name: words.join }));
    await expect(guest).toHaveURL(/\/auth\?modal=register&reason=circle&returnTo=/);
    await hydrated(guest);
    await expect(guest.getByRole('status').filter({ hasText: words.reason })).toBeVisible();
    const form = words.register;
    await expect(guest.getByLabel(form.email, { exact: true })).toHaveValue(invitee.email);
    await guest.getByLabel(form.firstname).fill(invitee.firstname);
    await guest.getByLabel(form.lastname).fill(invitee.lastname);
    await guest.getByLabel(form.phone).fill(invitee.phone);
    await guest.getByLabel(form.birthdate).fill('1990-05-17');
    await guest.getByLabel(form.gender).selectOption('female');
    await guest.getByLabel(form.password, { exact: true }).fill(invitee.password);
    await guest.getByLabel(form.confirm, { exact: true }).fill(invitee.password);
    await guest.getByLabel(form.terms).check();
    await guest.getByRole('button', { name: form.submit }).click();
    await expect(guest).toHaveURL(/\/verification\?userId=/);
    const sms = await outbox(page.request, (m) => m.channel === 'sms' && m.to === invitee.e164);
    await guest.getByLabel(form.code).fill(/(\d{6})/.exec(sms.text)?.[1] ?? '');
    await guest.getByRole('button', { name: form.verify, exact: true }).click();
    await expect(guest.getByText(form.phoneVerified)).toBeVisible();
    const verification = await outbox(
      page.request,
      (m) => m.channel === 'email' && m.to === invitee.email && /email-verification/.test(m.text),
    );
    // The emailed link verifies, signs them in and brings them back to the invitation.
    await guest.goto(/https?:\/\/\S+email-verification\?token=[\w-]+/.exec(verification.text)![0]);
    await expect(guest).toHaveURL(link);
    await hydrated(guest);
    await press(guest, guest.getByRole('button', { name: words.accept }));
    await expect(
      guest.getByRole('status').filter({ hasText: words.joined(ownerName) }),
    ).toBeVisible();
    await expect(guest.getByRole('link', { name: words.profile(ownerName) })).toHaveAttribute(
      'href',
      `${words.prefix}/profile/${ownerId}`,
    );
    await expectAccessible(guest);
    expect(elsewhere).toEqual([]);
    // In the circle now: the owner's circle story is theirs to read.
    expect((await guest.goto(story))?.status()).toBe(200);
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText(storyTitle);

    // The owner's tab lists them, and nothing waits any more.
    panel = await circleTab(page, words.prefix, words.tab);
    const members = panel.getByRole('region', { name: words.members });
    await expect(members.getByRole('link', { name: inviteeName })).toBeVisible();
    await expect(
      panel.getByRole('region', { name: words.pending }).getByRole('listitem'),
    ).toHaveCount(0);
    await expect(panel.locator('.circle-limits')).toContainText(words.limits(1, 0));

    // Removing asks first; then they are gone, and the page says so.
    await press(page, members.getByRole('button', { name: words.remove(inviteeName) }));
    const dialog = page.getByRole('dialog', { name: words.removeTitle(inviteeName) });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await press(page, dialog.getByRole('button', { name: words.confirmRemove }));
    await expect(members.getByRole('status')).toHaveText(words.removed(inviteeName));
    await expect(members.getByRole('heading', { name: words.members })).toBeFocused();
    await expect(members.getByText(words.noMembers)).toBeVisible();
    expect((await circleOf(page.request)).members).toEqual([]);
    // Out of the circle: the story is not found for them, as for anyone outside it.
    expect((await guest.goto(story))?.status()).toBe(404);
    await theirs.close();
  });

  test(`a link invitation is accepted by another member, who then leaves (${locale})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const owner = { ...newPerson(), ...words.owner };
    await registerMember(page.request, owner, words.owner);

    // The owner makes a link: shown once, whole, ready to copy.
    let panel = await circleTab(page, words.prefix, words.tab);
    const byLink = panel.getByRole('group', { name: words.linkGroup });
    await press(page, byLink.getByRole('button', { name: words.create }));
    const field = byLink.getByLabel(words.linkLabel);
    await expect(field).toBeFocused();
    const link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL}${words.prefix}/circle/join/[\\w-]+$`));
    await expect(byLink.getByText(words.oncePerPerson)).toBeVisible();
    await press(page, byLink.getByRole('button', { name: words.copy }));
    await expect(byLink.getByRole('status')).toHaveText(words.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(
      panel.getByRole('region', { name: words.pending }).getByRole('listitem'),
    ).toContainText(words.linkRow);

    // Another member opens it and accepts.
    const theirs = await browser.newContext({ baseURL });
    const other = { ...newPerson(), ...words.other };
    await registerMember(theirs.request, other, words.other);
    const reader = await theirs.newPage();
    await reader.goto(link);
    await hydrated(reader);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(words.heading(ownerName));
    await press(reader, reader.getByRole('button', { name: words.accept }));
    await expect(
      reader.getByRole('status').filter({ hasText: words.joined(ownerName) }),
    ).toBeVisible();

    // Used, the link is a page that says so (410); a token that matches nothing is not found.
    const again = await reader.goto(link);
    expect(again?.status()).toBe(410);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(words.used);
    const missing = await reader.goto(`${words.prefix}/circle/join/no-such-invitation`);
    expect(missing?.status()).toBe(404);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(words.notFound);
    await expectAccessible(reader);

    // The owner sees them in the circle.
    const otherName = `${other.firstname} ${other.lastname}`;
    panel = await circleTab(page, words.prefix, words.tab);
    await expect(
      panel.getByRole('region', { name: words.members }).getByRole('link', { name: otherName }),
    ).toBeVisible();

    // They find the circle among theirs, and leave it after a confirmation.
    const theirPanel = await circleTab(reader, words.prefix, words.tab);
    const circlesIn = theirPanel.getByRole('region', { name: words.circlesIn });
    await expect(circlesIn.getByRole('link', { name: ownerName })).toBeVisible();
    await expectAccessible(reader);
    await press(reader, circlesIn.getByRole('button', { name: words.leave(ownerName) }));
    const dialog = reader.getByRole('dialog', { name: words.leaveTitle(ownerName) });
    await press(reader, dialog.getByRole('button', { name: words.confirmLeave }));
    await expect(circlesIn.getByRole('status')).toHaveText(words.left(ownerName));
    await expect(circlesIn.getByText(words.notIn)).toBeVisible();
    expect((await circleOf(page.request)).members).toEqual([]);
    await theirs.close();
  });
}
