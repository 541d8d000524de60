import type { Page } from '@playwright/test';
import { expectAxeClean } from './support/axe.ts';
import { signInAs, uniqueEmail } from './support/session.ts';
import { openSideMenu } from './support/side-menu.ts';
import { becomeMember } from './support/premier.ts';
import { expect, test } from './support/test.ts';

/** The value beside the term `label` exactly ('Name', not 'Practice name'). */
function detail(page: Page, label: string) {
  return page
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

async function openEditForm(page: Page) {
  await page.goto('/userProfile');
  await expect(page.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
}

test.describe('user profile', () => {
  test('invalid values show each exact message; valid values save and survive a reload', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('profile');
    const { idToken } = await signInAs(page, baseURL!, { email, name: 'Dr. Test User' });
    await openEditForm(page);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Personal Information' }),
    ).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    const save = page.getByRole('button', { name: 'Save Changes' });

    await page.getByLabel('Name', { exact: true }).fill('');
    await expect(page.getByText('Name is required.', { exact: true })).toBeVisible();
    await page.getByLabel('Age', { exact: true }).fill('-4');
    await expect(page.getByText('Age must be a positive number.', { exact: true })).toBeVisible();
    await page.getByLabel('Age', { exact: true }).fill('forty');
    await expect(page.getByText('Age must be a positive number.', { exact: true })).toBeVisible();
    await page.getByLabel('Phone').fill('12345');
    await expect(
      page.getByText(
        'Please enter a valid phone number: + and the country code, or as dialled in your practice country.',
        { exact: true },
      ),
    ).toBeVisible();
    // Save stays reachable: pressing it saves nothing and focuses one summary of the problems.
    await save.press('Enter');
    await expect(
      page.getByRole('group', { name: /There (is a problem|are problems) with/ }),
    ).toBeFocused();

    await expectAxeClean(page, { include: 'main' });

    await page.getByLabel('Name', { exact: true }).fill('Dr. Jane Roe');
    await page.getByLabel('Age', { exact: true }).fill('36');
    await page.getByLabel('Gender').selectOption('female');
    await page.getByLabel('Address').fill('221B Baker Street, London');
    await page.getByLabel('Phone').fill('0123456789');
    await expect(page.getByText('Name is required.')).toHaveCount(0);
    await expect(save).toBeEnabled();
    await save.click();

    await expect(page.getByText('Your profile has been saved.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    const expectSaved = async () => {
      await expect(detail(page, 'Name')).toHaveText('Dr. Jane Roe');
      await expect(detail(page, 'Email')).toHaveText(email);
      await expect(detail(page, 'Age')).toHaveText('36');
      await expect(detail(page, 'Gender')).toHaveText('Female');
      await expect(detail(page, 'Address')).toHaveText('221B Baker Street, London');
      await expect(detail(page, 'Phone')).toHaveText('0123456789');
    };
    await expectSaved();

    const menu = await openSideMenu(page);
    await expect(menu.getByRole('heading', { name: 'Hello, Dr. Jane Roe' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The session copy (the menu greeting reads it) carries the new name.
    const session = await page.evaluate(() => localStorage.getItem('root'));
    expect(JSON.parse(JSON.parse(session!).auth as string)).toMatchObject({
      userData: { name: 'Dr. Jane Roe' },
    });

    await page.reload();
    await expectSaved();
    const stored = await page.request.get(`${baseURL}/api/user/profile`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(await stored.json()).toMatchObject({
      user: { name: 'Dr. Jane Roe', age: 36, gender: 'female', phone: '0123456789' },
    });
  });

  test('the API refuses a gender outside the list and another e-mail with the exact message', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('profile-api');
    const { idToken } = await signInAs(page, baseURL!, { email });
    const put = (data: Record<string, unknown>) =>
      page.request.put(`${baseURL}/api/user/update-profile`, {
        headers: { authorization: `Bearer ${idToken}` },
        data: { name: 'Dr. Test User', email, ...data },
      });
    const gender = await put({ gender: 'robot' });
    expect(gender.status()).toBe(400);
    expect(await gender.json()).toMatchObject({
      fieldErrors: { gender: 'Please select a valid gender.' },
    });
    const other = await put({ email: 'someone.else@example.com' });
    expect(other.status()).toBe(400);
    expect(await other.json()).toMatchObject({
      fieldErrors: {
        email: 'Your email address comes from your sign-in account and cannot be changed here.',
      },
    });
  });

  test('a failed save keeps the form and the typed values and tells the user', async ({
    page,
    baseURL,
  }) => {
    await signInAs(page, baseURL!, { email: uniqueEmail('profile-fail') });
    await openEditForm(page);
    await page.route('**/api/user/update-profile', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'The service is temporarily unavailable.',
          code: 'SERVICE_UNAVAILABLE',
        }),
      }),
    );
    page.on('dialog', (dialog) => void dialog.dismiss());
    await page.getByLabel('Name', { exact: true }).fill('Dr. Unsaved Name');
    await page.getByLabel('Phone').fill('0123456789');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Your changes could not be saved. Please try again.',
    );
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Dr. Unsaved Name');
    await expect(page.getByLabel('Phone')).toHaveValue('0123456789');
  });

  test('the Premium Member button shows only for premium members and leads to /premier', async ({
    page,
    baseURL,
  }) => {
    const { idToken } = await signInAs(page, baseURL!, { email: uniqueEmail('profile-premium') });
    await page.goto('/userProfile');
    await expect(detail(page, 'Name')).toHaveText('Dr. Test User');
    await expect(page.getByRole('link', { name: /Premium Member/ })).toHaveCount(0);

    // Premium is granted by a paid checkout (its screens are another journey's): a session that
    // only says so would be corrected by the server at the next page load.
    await becomeMember(page, baseURL!, idToken);
    await page.reload();
    const premium = page.getByRole('link', { name: /Premium Member/ });
    await expect(premium).toBeVisible();
    await premium.click();
    await expect(page).toHaveURL(/\/premier$/);
  });

  test('reads in Arabic, right to left', async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, { email: uniqueEmail('profile-ar') });
    await page.evaluate(() => localStorage.setItem('lang', 'ar'));
    await page.goto('/userProfile');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الملف الشخصي للمستخدم');
    await page.getByRole('button', { name: 'تعديل', exact: true }).click();
    await page.getByLabel('الاسم').fill('');
    await expect(page.getByText('الاسم مطلوب.')).toBeVisible();
  });
});
