import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectAccessible,
  hydrated,
  newPerson,
  registerMember,
  registerUnverified,
} from './helpers';

// The forms as a person meets them after a failed submit (issue 31): each error goes as its
// field becomes valid, an error under one field leaves its neighbour where it was, and a select
// is as tall as the input beside it. The rules themselves are the contracts' (lib/contract-form.ts).

const words = {
  en: {
    prefix: '',
    firstname: 'First name',
    lastname: 'Last name',
    email: 'Email',
    countryCode: 'Country code',
    phone: 'Phone number',
    birthdate: 'Date of birth',
    country: 'Country',
    gender: 'Gender',
    create: 'Create account',
    save: 'Save',
    required: 'Field is required',
    phoneInvalid: 'Phone number is not valid',
    fixErrors: 'Please correct the highlighted fields',
    language: 'Language',
    lastnameValue: 'Levi',
    code: 'Verification code',
    verify: 'Verify',
    codeFormat: 'The code has 6 digits',
    changeNumber: 'Change the phone number',
    saveNumber: 'Send the code to this number',
  },
  he: {
    prefix: '/he',
    firstname: 'שם פרטי',
    lastname: 'שם משפחה',
    email: 'אימייל',
    countryCode: 'קידומת מדינה',
    phone: 'מספר טלפון',
    birthdate: 'תאריך לידה',
    country: 'מדינה',
    gender: 'מגדר',
    create: 'יצירת חשבון',
    save: 'שמירה',
    required: 'שדה חובה',
    phoneInvalid: 'מספר הטלפון אינו תקין',
    fixErrors: 'יש לתקן את השדות המסומנים',
    language: 'שפה',
    lastnameValue: 'לוי',
    code: 'קוד אימות',
    verify: 'אימות',
    codeFormat: 'הקוד מכיל 6 ספרות',
    changeNumber: 'שינוי מספר הטלפון',
    saveNumber: 'שליחת הקוד למספר הזה',
  },
} as const;

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found, 'the control is drawn').not.toBeNull();
  return found!;
};

/** The control and its label: how far below the label the control starts. */
async function labelGap(page: Page, label: string) {
  const control = page.locator('main').getByLabel(label, { exact: true });
  const id = await control.getAttribute('id');
  const labelBox = await box(page.locator(`label[for="${id}"]`));
  return (await box(control)).y - labelBox.y;
}

/** Controls side by side: the same top and the same height, to the half pixel. */
async function expectOneRow(page: Page, labels: readonly string[]) {
  const main = page.locator('main');
  const boxes = await Promise.all(
    labels.map((label) => box(main.getByLabel(label, { exact: true }))),
  );
  for (const other of boxes.slice(1)) {
    expect(Math.abs(other.y - boxes[0]!.y), `${labels.join(' / ')}: tops`).toBeLessThan(0.5);
    expect(
      Math.abs(other.height - boxes[0]!.height),
      `${labels.join(' / ')}: heights`,
    ).toBeLessThan(0.5);
  }
}

const invalid = (field: Locator) =>
  field.locator('xpath=ancestor::div[contains(@class,"field")][1]');

for (const lang of ['en', 'he'] as const) {
  test(`${lang}: registration's errors go as fields become valid, and its rows keep their line`, async ({
    page,
  }) => {
    const w = words[lang];
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${w.prefix}/auth?modal=register`);
    await hydrated(page);
    const first = page.getByLabel(w.firstname, { exact: true });
    const last = page.getByLabel(w.lastname, { exact: true });
    const email = page.getByLabel(w.email, { exact: true });
    const phone = page.getByLabel(w.phone, { exact: true });

    // A select is as tall as the input beside it, each pair on one line.
    await expectOneRow(page, [w.firstname, w.lastname]);
    await expectOneRow(page, [w.countryCode, w.phone]);
    await expectOneRow(page, [w.birthdate, w.country]);
    const gapBefore = await labelGap(page, w.lastname);

    // The last name given, the first not: only the first is in error.
    await last.fill(w.lastnameValue);
    await phone.fill('12');
    await page.getByRole('button', { name: w.create }).click();
    await expect(page.getByRole('alert')).toHaveText(w.fixErrors);
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await expect(first).toHaveAccessibleDescription(w.required);
    await expect(first).toBeFocused();
    await expect(last).not.toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(w.phoneInvalid);

    // The error under the first name does not push the last name down, nor the phone's the prefix;
    // an error's thicker border does not make a control taller than its neighbour.
    await expectOneRow(page, [w.firstname, w.lastname]);
    await expectOneRow(page, [w.countryCode, w.phone]);
    await expectOneRow(page, [w.birthdate, w.country]);
    expect(Math.abs((await labelGap(page, w.lastname)) - gapBefore)).toBeLessThan(0.5);
    await expectAccessible(page);

    // Typing a valid first name takes its error and red border away at once, before any submit;
    // the fields still wrong keep theirs, and so does the note above the form.
    await first.fill(lang === 'he' ? 'דנה' : 'Dana');
    await expect(first).not.toHaveAttribute('aria-invalid', 'true');
    await expect(invalid(first)).not.toHaveClass(/has-error/);
    await expect(invalid(first).getByText(w.required)).toHaveCount(0);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert')).toHaveText(w.fixErrors);
    // Still wrong while typed wrong, right once right.
    await phone.fill('050');
    await expect(phone).toHaveAccessibleDescription(w.phoneInvalid);
    await phone.fill(newPerson().phone);
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
    await expect(invalid(phone)).not.toHaveClass(/has-error/);
  });

  test(`${lang}: the settings' details clear an error as it is fixed, selects as tall as inputs`, async ({
    page,
  }) => {
    const w = words[lang];
    await registerMember(
      page.request,
      newPerson(),
      lang === 'he' ? { language: 'he', firstname: 'דנה', lastname: 'לוי' } : {},
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${w.prefix}/profile/settings`);
    await hydrated(page);
    const last = page.getByLabel(w.lastname, { exact: true });
    await expect(last).toBeVisible();
    await expectOneRow(page, [w.firstname, w.lastname]);
    await expectOneRow(page, [w.birthdate, w.country]);
    await expectOneRow(page, [w.gender, w.language]);

    await last.fill('');
    await page.getByRole('button', { name: w.save }).first().click();
    await expect(last).toHaveAttribute('aria-invalid', 'true');
    await expect(last).toHaveAccessibleDescription(new RegExp(w.required));
    await expectOneRow(page, [w.firstname, w.lastname]);

    await last.fill(w.lastnameValue);
    await expect(last).not.toHaveAttribute('aria-invalid', 'true');
    await expect(invalid(last)).not.toHaveClass(/has-error/);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test(`${lang}: the verification page's code and new number clear their errors as they are fixed`, async ({
    page,
  }) => {
    const w = words[lang];
    // The page's own context registers: it holds the verification ticket, as the member's would.
    const { userId } = await registerUnverified(page.request, newPerson());
    await page.goto(`${w.prefix}/verification?userId=${userId}`);
    await hydrated(page);
    const code = page.getByLabel(w.code, { exact: true });

    // Five digits: the contract's word at the field, before anything is sent.
    await code.fill('12345');
    await page.getByRole('button', { name: w.verify, exact: true }).click();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription(w.codeFormat);
    await expect(code).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page);
    // Still five digits, still wrong; six, and the error goes before any submit.
    await code.fill('54321');
    await expect(code).toHaveAccessibleDescription(w.codeFormat);
    // Pasted from the text message with its space: kept whole, and valid (the contract drops spaces).
    await code.fill('654 321');
    await expect(code).toHaveValue('654 321');
    await expect(code).not.toHaveAttribute('aria-invalid', 'true');
    await code.fill('654321');
    await expect(code).not.toHaveAttribute('aria-invalid', 'true');
    await expect(invalid(code)).not.toHaveClass(/has-error/);

    // The new number's form: a number that is not one is refused at the field, and fixed, cleared.
    await page.getByRole('button', { name: w.changeNumber }).click();
    const phone = page.getByLabel(w.phone, { exact: true });
    await phone.fill('12');
    await page.getByRole('button', { name: w.saveNumber }).click();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(w.phoneInvalid);
    await expect(phone).toBeFocused();
    await expectOneRow(page, [w.countryCode, w.phone]);
    await expectAccessible(page);
    await phone.fill(newPerson().phone);
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
    await expect(invalid(phone)).not.toHaveClass(/has-error/);
  });
}
