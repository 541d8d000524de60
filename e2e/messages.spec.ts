import type { Browser, Page } from '@playwright/test';
import { expectAxeClean, WCAG_22_AA } from './support/axe.ts';
import { announcer, recordAnnouncements, tabUntil } from './support/keyboard.ts';
import { createLinkedPatient } from './support/linked-patient.ts';
import { SUPPORT_STAFF } from './support/server.ts';
import { signInViaApi, storeSession, uniqueEmail, type SignedInUser } from './support/session.ts';
import { isolated, textsOf, type Language } from './support/texts.ts';
import { expect, test } from './support/test.ts';

const t = textsOf('en');
/** A small real PDF: the API reads the type from its first bytes. */
const LAB_REPORT = {
  name: 'lab-report.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
};

/** A browser context of its own (one person), signed in as `session`, reading `language`. */
async function personIn(
  browser: Browser,
  baseURL: string,
  session: SignedInUser,
  language: Language = 'en',
): Promise<Page> {
  const context = await browser.newContext({ baseURL, timezoneId: 'UTC' });
  const page = await context.newPage();
  await storeSession(page, baseURL, session);
  await page.addInitScript((code) => localStorage.setItem('lang', code), language);
  return page;
}

const bearer = ({ idToken }: SignedInUser) => ({ authorization: `Bearer ${idToken}` });

test('a patient writes with a PDF, the practitioner reads it live and answers, nobody else can read it', async ({
  browser,
  baseURL,
}) => {
  const { practitioner, patient, patientId } = await createLinkedPatient(
    (await browser.newContext()).request,
    baseURL!,
  );
  const doctorPage = await personIn(browser, baseURL!, practitioner);
  const patientPage = await personIn(browser, baseURL!, patient);
  const patientHeard = await recordAnnouncements(patientPage);

  // The practitioner's inbox is empty, and stays open: what comes next arrives by itself.
  await doctorPage.goto('/messages');
  await expect(doctorPage.getByRole('heading', { level: 1 })).toHaveText(t('messages:title'));
  await expect(doctorPage.getByText(t('messages:inbox.empty'))).toBeVisible();

  // The patient starts from My health, by keyboard.
  await patientPage.goto('/my-health');
  const write = patientPage.getByRole('link', { name: t('myHealth:page.message') });
  await tabUntil(patientPage, write.first());
  await patientPage.keyboard.press('Enter');
  await expect(patientPage).toHaveURL(new RegExp(`/messages/new\\?patientId=${patientId}`));
  await tabUntil(patientPage, patientPage.getByLabel(t('messages:new.subject')));
  await patientPage.keyboard.type('Blood test results');
  await tabUntil(patientPage, patientPage.getByLabel(t('messages:new.body'), { exact: true }));
  await patientPage.keyboard.type('Could you look at my results before Friday?');
  await tabUntil(patientPage, patientPage.getByRole('button', { name: t('messages:new.send') }));
  await patientPage.keyboard.press('Enter');
  await expect(patientPage).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const threadId = patientPage.url().split('/').pop()!;
  await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('Blood test results');
  await expect(patientPage.getByRole('heading', { level: 1 })).toBeFocused();
  // Not for emergencies, said where one writes.
  await expect(patientPage.getByText(/^Messages are not for emergencies\./)).toBeVisible();

  // A second message with the lab report attached; focus stays in the text after Send.
  await patientPage.getByLabel(t('messages:compose.attach')).setInputFiles(LAB_REPORT);
  await expect(announcer(patientPage)).toHaveText(
    t('messages:compose.uploaded', { name: isolated(LAB_REPORT.name) }),
  );
  const compose = patientPage.getByLabel(t('messages:compose.label'), { exact: true });
  await tabUntil(patientPage, compose);
  await patientPage.keyboard.type('Here is the report.');
  await tabUntil(
    patientPage,
    patientPage.getByRole('button', { name: t('messages:compose.send') }),
  );
  await patientPage.keyboard.press('Enter');
  await expect(patientPage.getByText('Here is the report.')).toBeVisible();
  await expect.poll(() => patientHeard.includes(t('messages:compose.sent'))).toBe(true);

  // The practitioner's open inbox shows the conversation without a reload, unread, and the
  // header counts it.
  const inboxLink = doctorPage.getByRole('link', { name: 'Blood test results' });
  await expect(inboxLink).toBeVisible();
  await expect(doctorPage.getByText(t('messages:inbox.unread', { count: 2 }))).toBeVisible();
  await expect(
    doctorPage
      .getByRole('banner')
      .getByRole('link', { name: t('messages:header.unread', { count: 2 }) }),
  ).toBeVisible();
  await tabUntil(doctorPage, inboxLink);
  await doctorPage.keyboard.press('Enter');
  await expect(doctorPage.getByRole('heading', { level: 1 })).toHaveText('Blood test results');
  await expect(doctorPage.getByText('Could you look at my results before Friday?')).toBeVisible();

  // The file comes as a download of the same bytes, never as a page.
  const file = doctorPage.getByRole('button', { name: new RegExp(LAB_REPORT.name) });
  const [download] = await Promise.all([doctorPage.waitForEvent('download'), file.click()]);
  expect(download.suggestedFilename()).toBe(LAB_REPORT.name);

  // The answer reaches the patient's open thread live and is read out; their focus stays put.
  const answer = doctorPage.getByLabel(t('messages:compose.label'), { exact: true });
  await tabUntil(doctorPage, answer);
  await doctorPage.keyboard.type('Thank you, your results look normal.');
  await tabUntil(doctorPage, doctorPage.getByRole('button', { name: t('messages:compose.send') }));
  await doctorPage.keyboard.press('Enter');
  await expect(answer).toBeFocused();
  await expect(patientPage.getByText('Thank you, your results look normal.')).toBeVisible();
  await expect.poll(() => patientHeard.matches(/New message from \W?Dr Lee\W?\./)).toBe(true);
  await expect(compose).toBeFocused();

  // Anyone else: the same 404 as a conversation that does not exist, for the thread and its file.
  const stranger = await signInViaApi(doctorPage.request, baseURL!, {
    email: uniqueEmail('stranger'),
    name: 'Dr Other',
  });
  const read = await doctorPage.request.get(`${baseURL}/api/messages/threads/${threadId}`, {
    headers: bearer(practitioner),
  });
  const { messages } = (await read.json()) as {
    messages: { attachments: { _id: string }[] }[];
  };
  const attachmentId = messages.flatMap((message) => message.attachments)[0]!._id;
  for (const url of [
    `/api/messages/threads/${threadId}`,
    `/api/messages/threads/${threadId}/attachments/${attachmentId}`,
  ]) {
    const refused = await doctorPage.request.get(`${baseURL}${url}`, { headers: bearer(stranger) });
    expect(refused.status(), url).toBe(404);
  }
  const strangerPage = await personIn(browser, baseURL!, stranger);
  await strangerPage.goto(`/messages/${threadId}`);
  await expect(strangerPage.getByText(t('messages:thread.notFound'))).toBeVisible();
  await expect(strangerPage.getByText('Blood test results')).toHaveCount(0);
});

test('Support answers a question from its desk', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const writer = await signInViaApi(context.request, baseURL!, {
    email: uniqueEmail('writer'),
    name: 'Dr Ada Writer',
  });
  const asked = await context.request.post(`${baseURL}/api/messages/threads`, {
    headers: bearer(writer),
    data: { support: true, subject: 'Calendar feed question', body: 'How do I add it?' },
  });
  expect(asked.status()).toBe(201);
  const { thread } = (await asked.json()) as { thread: { _id: string } };
  const staff = await signInViaApi(context.request, baseURL!, {
    email: SUPPORT_STAFF,
    name: 'Sam Support',
  });
  const desk = await personIn(browser, baseURL!, staff);
  await desk.goto('/messages');
  // The inboxes are tabs: Tab reaches the selected one, an arrow the next.
  await tabUntil(desk, desk.getByRole('tab', { name: t('messages:tabs.mine') }));
  await desk.keyboard.press('ArrowRight');
  const deskTab = desk.getByRole('tab', { name: t('messages:tabs.support') });
  await expect(deskTab).toBeFocused();
  await expect(deskTab).toHaveAttribute('aria-selected', 'true');
  const question = desk.getByRole('link', { name: 'Calendar feed question' });
  await tabUntil(desk, question);
  await desk.keyboard.press('Enter');
  await expect(desk.getByText('How do I add it?')).toBeVisible();
  await tabUntil(desk, desk.getByLabel(t('messages:compose.label'), { exact: true }));
  await desk.keyboard.type('Copy the address from your profile into your calendar.');
  await tabUntil(desk, desk.getByRole('button', { name: t('messages:compose.send') }));
  await desk.keyboard.press('Enter');
  await expect(
    desk.getByText('Copy the address from your profile into your calendar.'),
  ).toBeVisible();

  // The answer is stored once the desk shows it as sent; the writer reads it as Support's.
  const newest = async () => {
    const read = await context.request.get(`${baseURL}/api/messages/threads/${thread._id}`, {
      headers: bearer(writer),
    });
    const { messages } = (await read.json()) as {
      messages: { body: string; authorRole: string }[];
    };
    return messages[0];
  };
  await expect.poll(newest).toMatchObject({
    body: 'Copy the address from your profile into your calendar.',
    authorRole: 'support',
  });
});

test('Arabic: the inbox and a conversation are mirrored and axe-clean', async ({
  browser,
  baseURL,
}) => {
  const { patient, patientId } = await createLinkedPatient(
    (await browser.newContext()).request,
    baseURL!,
    { patientName: 'Ana Lima' },
  );
  const started = await (
    await browser.newContext()
  ).request.post(`${baseURL}/api/messages/threads`, {
    headers: bearer(patient),
    data: { patientId, subject: 'نتائج التحليل', body: 'هل يمكنك مراجعة النتائج؟ 120/80 mmHg' },
  });
  expect(started.status()).toBe(201);
  const { thread } = (await started.json()) as { thread: { _id: string } };
  const page = await personIn(browser, baseURL!, patient, 'ar');
  const ar = textsOf('ar');
  await page.goto('/messages');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar('messages:title'));
  await expect(page.getByRole('link', { name: 'نتائج التحليل' })).toBeVisible();
  await expectAxeClean(page, { tags: WCAG_22_AA, label: 'messages inbox (ar)' });
  await page.goto(`/messages/${thread._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('نتائج التحليل');
  await expect(page.getByLabel(ar('messages:compose.label'), { exact: true })).toBeVisible();
  await expectAxeClean(page, { tags: WCAG_22_AA, label: 'messages thread (ar)' });
});
