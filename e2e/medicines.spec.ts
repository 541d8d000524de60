import type { APIRequestContext } from '@playwright/test';
import { expectAxeClean, WCAG_22_AA } from './support/axe.ts';
import { focused, tabUntil } from './support/keyboard.ts';
import { createPatient, patientBody } from './support/patients.ts';
import { DIRECTORY_REVIEWER } from './support/server.ts';
import { signInAs, signInViaApi, uniqueEmail } from './support/session.ts';
import { menuButton } from './support/side-menu.ts';
import { expect, test } from './support/test.ts';

/**
 * A prescription checked by its QR code's address, by keyboard: a practitioner prescribes; a
 * guest opens /verify/{token} and reads what a pharmacist needs, a second check warns of a reused
 * copy; the staff of an approved pharmacy (made and approved through the API by the shared
 * server's DIRECTORY_REVIEWER) mark it dispensed there; a tampered token is refused; and the page
 * in Arabic, right to left, is axe-clean. The linked patient sends a prescription from Buy
 * Medicine to that pharmacy, which marks it ready for pickup on /pharmacy and dispensed on the
 * check; the patient then sees it dispensed. The patient asks for a refill with a note, the
 * practitioner sees it counted in the menu and listed on the chart, approves it from the form
 * filled in from the old prescription, and the patient reads the answer.
 */

const bearer = (idToken: string) => ({ authorization: `Bearer ${idToken}` });

async function ok<T = Record<string, unknown>>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A practitioner's patient with one active prescription: its verification address and the
 * patient's id; with `linkedEmail`, the record is linked to that person (an invitation to their
 * e-mail, accepted).
 */
async function prescribed(
  request: APIRequestContext,
  baseURL: string,
  {
    linkedEmail,
    doctorEmail = uniqueEmail('prescriber'),
  }: { linkedEmail?: string; doctorEmail?: string } = {},
) {
  const doctor = await signInViaApi(request, baseURL, {
    email: doctorEmail,
    name: 'Dr. Lena Weber',
  });
  await ok(
    await request.put(`${baseURL}/api/user/practice`, {
      headers: bearer(doctor.idToken),
      data: { name: 'Praxis am Markt', city: 'Lisboa', country: 'PT' },
    }),
  );
  const patient = await createPatient(request, baseURL, doctor.idToken, patientBody('Amina Yusuf'));
  const prescription = await ok<{ verifyUrl: string }>(
    await request.post(`${baseURL}/api/records/patients/${patient._id}/prescriptions`, {
      headers: bearer(doctor.idToken),
      data: {
        medication: 'Amoxicillin',
        strength: '500 mg',
        dose: '1 capsule',
        route: 'oral',
        frequency: 'three times a day',
        duration: '7 days',
      },
    }),
  );
  if (linkedEmail) {
    const { code } = await ok<{ code: string }>(
      await request.post(`${baseURL}/api/records/patients/${patient._id}/invitation`, {
        headers: bearer(doctor.idToken),
        data: { relationship: 'self', email: linkedEmail },
      }),
    );
    const person = await signInViaApi(request, baseURL, {
      email: linkedEmail,
      name: 'Amina Yusuf',
    });
    await ok(
      await request.post(`${baseURL}/api/me/links`, {
        headers: bearer(person.idToken),
        data: { code },
      }),
    );
  }
  return { path: new URL(prescription.verifyUrl).pathname, patientId: patient._id };
}

/** A pharmacy of the account `idToken`, approved by the directory's reviewer. */
async function approvedPharmacy(
  request: APIRequestContext,
  baseURL: string,
  idToken: string,
  name: string,
) {
  const created = await ok<{ _id: string }>(
    await request.post(`${baseURL}/api/facilities`, {
      headers: bearer(idToken),
      data: { name, kind: 'pharmacy', address: 'Rua Augusta 1', city: 'Lisboa', country: 'PT' },
    }),
  );
  const reviewer = await signInViaApi(request, baseURL, {
    email: DIRECTORY_REVIEWER,
    name: 'Rita Reviewer',
  });
  const { items } = await ok<{
    items: { kind: string; _id: string; updatedAt: string; facility?: { name: string } }[];
  }>(await request.get(`${baseURL}/api/directory/review`, { headers: bearer(reviewer.idToken) }));
  const item = items.find((one) => one.facility?.name === name)!;
  await ok(
    await request.post(`${baseURL}/api/directory/review/${item.kind}/${item._id}/approve`, {
      headers: { ...bearer(reviewer.idToken), 'if-match': `"${item.updatedAt}"` },
    }),
  );
  return created._id;
}

test('a guest verifies a prescription by its address, a reused copy is flagged, a pharmacy marks it dispensed by keyboard, a tampered one is refused', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const suffix = String(Date.now()).slice(-6);
  const { path } = await prescribed(page.request, baseURL!);

  await page.goto(path);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Prescription check');
  await expect(main.getByText('Valid: active')).toBeVisible();
  await expect(main.getByText('Amoxicillin')).toBeVisible();
  await expect(main.getByText('Praxis am Markt')).toBeVisible();
  await expect(main.getByText('A. Y.', { exact: true })).toBeVisible();
  await expect(
    main.getByText('This is the first time this prescription has been checked.'),
  ).toBeVisible();
  // The token is in the address only: the title names the page, not the token.
  await expect(page).toHaveTitle(/^Prescription check · /);
  await expect(main.getByRole('button', { name: 'Mark dispensed' })).toHaveCount(0);
  await expectAxeClean(page, { include: 'main', tags: WCAG_22_AA, label: 'verify, English' });

  await page.reload();
  await expect(main.getByText('Verified 2 times.')).toBeVisible();
  await expect(
    main.getByText('This copy has been checked before: make sure it is not being reused.'),
  ).toBeVisible();

  // The pharmacist, in a context of their own, by keyboard.
  const pharmacistContext = await browser.newContext();
  const pharmacist = await pharmacistContext.newPage();
  const staff = await signInAs(pharmacist, baseURL!, {
    email: uniqueEmail('pharmacist'),
    name: 'Rui Santos',
  });
  await approvedPharmacy(page.request, baseURL!, staff.idToken, `Farmácia Central ${suffix}`);
  await pharmacist.goto(path);
  const counter = pharmacist.getByRole('main');
  await expect(
    counter.getByText(`You are dispensing for Farmácia Central ${suffix}.`),
  ).toBeVisible();
  const dispense = counter.getByRole('button', { name: 'Mark dispensed' });
  await tabUntil(pharmacist, dispense);
  await pharmacist.keyboard.press('Enter');
  await expect(counter.getByText('Marked dispensed.')).toBeFocused();
  expect((await focused(pharmacist)).text).toBe('Marked dispensed.');
  await expect(counter.getByText('Already dispensed')).toBeVisible();
  await expect(counter.getByText(new RegExp(`by Farmácia Central ${suffix}\\.$`))).toBeVisible();
  await pharmacistContext.close();

  await page.reload();
  await expect(main.getByText('Already dispensed')).toBeVisible();

  // One character changed in the signature: not a prescription this portal signed.
  const tampered = path.slice(0, -2) + (path.at(-2) === 'A' ? 'B' : 'A') + path.at(-1);
  await page.goto(tampered);
  await expect(
    main.getByRole('heading', { name: 'This prescription could not be verified' }),
  ).toBeVisible();
});

test('the linked patient sends a prescription to a pharmacy from Buy Medicine, the pharmacy marks it ready then dispensed, the patient sees it dispensed, by keyboard', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now()).slice(-6);
  const pharmacyName = `Farmácia Central ${suffix}`;
  const patientEmail = uniqueEmail('patient');
  const { path } = await prescribed(page.request, baseURL!, { linkedEmail: patientEmail });

  const pharmacistContext = await browser.newContext();
  const pharmacist = await pharmacistContext.newPage();
  const staff = await signInAs(pharmacist, baseURL!, {
    email: uniqueEmail('pharmacist'),
    name: 'Rui Santos',
  });
  await approvedPharmacy(page.request, baseURL!, staff.idToken, pharmacyName);

  // The patient, by keyboard: Buy Medicine, send to the pharmacy found by its name.
  await signInAs(page, baseURL!, { email: patientEmail, name: 'Amina Yusuf' });
  await page.goto('/buy-medicine');
  const main = page.getByRole('main');
  await expect(
    main.getByText('You pay at the pharmacy, when you pick up your medicine.'),
  ).toBeVisible();
  const card = main.getByRole('article', { name: 'Amoxicillin 500 mg' });
  await tabUntil(page, card.getByRole('button', { name: 'Send to a pharmacy' }));
  await page.keyboard.press('Enter');
  await expect(card.getByRole('heading', { name: 'Choose a pharmacy' })).toBeFocused();
  await tabUntil(page, card.getByLabel('Pharmacy name'));
  await page.keyboard.type(pharmacyName);
  await page.keyboard.press('Enter');
  await expect(card.getByText('1 pharmacy found')).toBeVisible();
  await tabUntil(page, card.getByRole('button', { name: `Send to ${pharmacyName}` }));
  await page.keyboard.press('Enter');
  await expect(card.getByText(`Sent to ${pharmacyName}.`)).toBeFocused();
  await expect(
    card.getByRole('list', { name: 'Where it is' }).getByText('Sent', { exact: true }),
  ).toHaveAttribute('aria-current', 'step');

  // The pharmacy: its list, Mark ready for pickup; then the check, Mark dispensed.
  await pharmacist.goto('/pharmacy');
  const counter = pharmacist.getByRole('main');
  const incoming = counter.getByRole('article', { name: 'Amoxicillin 500 mg' });
  await expect(incoming).toContainText('For: Amina Yusuf');
  await tabUntil(pharmacist, incoming.getByRole('button', { name: 'Mark ready for pickup' }));
  await pharmacist.keyboard.press('Enter');
  await expect(counter.getByText('Marked ready for pickup: the patient is told.')).toBeFocused();
  await pharmacist.goto(path);
  await tabUntil(pharmacist, counter.getByRole('button', { name: 'Mark dispensed' }));
  await pharmacist.keyboard.press('Enter');
  await expect(counter.getByText('Marked dispensed.')).toBeFocused();
  await expect(counter.getByText('Already dispensed')).toBeVisible();
  await pharmacistContext.close();

  await page.reload();
  await expect(
    card.getByRole('list', { name: 'Where it is' }).getByText('Dispensed', { exact: true }),
  ).toHaveAttribute('aria-current', 'step');
  await expectAxeClean(page, { include: 'main', tags: WCAG_22_AA, label: 'buy medicine' });
});

test('the patient asks for a refill with a note, the practitioner sees it in the menu and on the chart and approves it from the filled-in form, the patient reads the answer, by keyboard', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const patientEmail = uniqueEmail('patient');
  const doctorEmail = uniqueEmail('prescriber');
  const { patientId } = await prescribed(page.request, baseURL!, {
    linkedEmail: patientEmail,
    doctorEmail,
  });

  await signInAs(page, baseURL!, { email: patientEmail, name: 'Amina Yusuf' });
  await page.goto('/buy-medicine');
  const main = page.getByRole('main');
  // The one prescription until the approval writes its refill.
  const card = main.getByRole('article', { name: 'Amoxicillin 500 mg' });
  await tabUntil(page, card.getByRole('button', { name: 'Ask for a refill' }));
  await page.keyboard.press('Enter');
  await expect(card.getByRole('heading', { name: 'Ask for a refill' })).toBeFocused();
  await tabUntil(page, card.getByLabel('Note for your doctor (optional)'));
  await page.keyboard.type('Running out on Friday');
  await tabUntil(page, card.getByRole('button', { name: 'Send the request' }));
  await page.keyboard.press('Enter');
  await expect(card.getByText('Your refill request was sent.')).toBeFocused();
  await expect(card.getByText('Waiting for an answer')).toBeVisible();

  // The practitioner: the count beside Records in the menu, then the request on the chart.
  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await signInAs(doctor, baseURL!, { email: doctorEmail, name: 'Dr. Lena Weber' });
  await doctor.goto('/');
  await menuButton(doctor).focus();
  await doctor.keyboard.press('Enter');
  const menu = doctor.getByRole('dialog');
  await expect(menu.getByRole('link', { name: /Records.*1 refill request/ })).toBeVisible();
  await doctor.keyboard.press('Escape');
  await doctor.goto(`/records/patients/${patientId}`);
  const refills = doctor.getByRole('region', { name: /^Refill requests/ });
  await expect(refills.getByRole('heading', { level: 2 })).toHaveText('Refill requests 1 open');
  const request = refills.getByRole('article', { name: 'Amoxicillin' });
  await expect(request).toContainText('Asked by Amina Yusuf');
  await expect(request).toContainText('Note: Running out on Friday');
  await tabUntil(doctor, request.getByRole('button', { name: 'Approve' }));
  await doctor.keyboard.press('Enter');
  const approval = request.getByRole('form', { name: 'Refill of Amoxicillin' });
  await expect(approval.getByRole('heading', { name: 'Refill of Amoxicillin' })).toBeFocused();
  await expect(approval.getByRole('combobox', { name: 'Medication' })).toHaveValue('Amoxicillin');
  await expect(approval.getByRole('textbox', { name: 'Strength' })).toHaveValue('500 mg');
  await tabUntil(doctor, approval.getByRole('button', { name: 'Save prescription' }));
  await doctor.keyboard.press('Enter');
  await expect(refills.getByText('Refill approved: the new prescription is saved.')).toBeVisible();
  await expect(request).toContainText('Approved: a new prescription was written');
  await doctorContext.close();

  await page.reload();
  const asked = card.filter({ hasText: 'Running out on Friday' });
  await expect(asked.getByText('Approved: a new prescription was written')).toBeVisible();
  await expect(main.getByRole('article', { name: 'Amoxicillin 500 mg' })).toHaveCount(2);
});

test('the prescription check in Arabic reads right to left and is axe-clean', async ({
  page,
  baseURL,
}) => {
  const { path } = await prescribed(page.request, baseURL!);
  await page.addInitScript(() => localStorage.setItem('lang', 'ar'));
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('التحقق من الوصفة');
  await expect(main.getByText('صالحة: سارية')).toBeVisible();
  await expect(main.locator('bdi', { hasText: '500 mg' })).toBeVisible();
  await expectAxeClean(page, { tags: WCAG_22_AA, label: 'verify, Arabic' });
});
