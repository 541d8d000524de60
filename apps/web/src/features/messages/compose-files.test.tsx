import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentAnnouncement } from '../../lib/a11y/announcer.ts';
import { clearStoredSession, storeToken } from '../../lib/session/stored-session.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { createTestUser } from '../../test/factories.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { ThreadPage } from './thread-page.tsx';

let api: FakeApi;
const createObjectURL = vi.fn((_blob: Blob) => `blob:picture-${createObjectURL.mock.calls.length}`);
const revokeObjectURL = vi.fn();
const { createObjectURL: originalCreate, revokeObjectURL: originalRevoke } = URL;
beforeEach(() => {
  api = startFakeApi();
  storeToken('fake-id-token');
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => {
  clearStoredSession();
  Object.assign(URL, { createObjectURL: originalCreate, revokeObjectURL: originalRevoke });
});

const renderThread = (threadId: string) =>
  renderWithApp(<ThreadPage />, {
    path: '/messages/:threadId',
    at: `/messages/${threadId}`,
    user: createTestUser(),
  });
const pdf = (name = 'report.pdf', bytes = 1200) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
const chosenList = () => screen.getByRole('list', { name: 'Attached files' });
const chosenFile = (name: string) =>
  within(chosenList())
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(name))!;

describe('files in a message', () => {
  it('uploads each chosen file at once, tells each refusal beside its file, and sends the ones stored', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const stored = api.messages.addClinicalThread();
    const { container } = renderThread(stored.thread._id);
    const input = await screen.findByLabelText('Attach files');
    expect(input).toHaveAccessibleDescription(
      'Up to 5 files: PDF, JPEG or PNG, at most 10 MB each.',
    );

    const large = pdf('scan.pdf');
    Object.defineProperty(large, 'size', { value: 10 * 1024 * 1024 + 1 });
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await user.upload(input, [pdf(), large, text]);

    expect(within(chosenFile('scan.pdf')).getByRole('alert')).toHaveTextContent(
      '\u2068scan.pdf\u2069 is larger than 10 MB.',
    );
    expect(within(chosenFile('notes.txt')).getByRole('alert')).toHaveTextContent(
      '\u2068notes.txt\u2069 is not a PDF, JPEG or PNG file.',
    );
    await expect.poll(() => currentAnnouncement()?.text).toBe('\u2068report.pdf\u2069 attached.');
    // Only the file that may be stored was sent, as multipart with one field `file`.
    expect(api.requestsTo('POST', /\/attachments$/)).toHaveLength(1);
    await expectNoAxeViolations(container);

    // Sending waits for the refused files to be removed.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      screen.getByText('Wait until the files are uploaded, or remove the ones that failed.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove \u2068scan.pdf\u2069' }));
    expect(input).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove \u2068notes.txt\u2069' }));

    // A file alone is a message: the text may stay empty.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await expect.poll(() => api.requestsTo('POST', /\/messages$/).length).toBe(1);
    const sent = api.requestsTo('POST', /\/messages$/)[0]!.body as { attachmentIds: string[] };
    expect(sent.attachmentIds).toHaveLength(1);
    // jsdom's File reaches the fake without its name (as a Blob): the size tells it.
    const message = within(screen.getByRole('region', { name: 'Messages' }))
      .getAllByRole('article')
      .at(-1)!;
    expect(await within(message).findByRole('button', { name: /\(1 kB\)$/ })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Attached files' })).not.toBeInTheDocument();
  });

  it('tells the storage quota refused by the API', async () => {
    const user = userEvent.setup();
    api.messages.quotaBytes = 100;
    const stored = api.messages.addClinicalThread();
    renderThread(stored.thread._id);
    await user.upload(await screen.findByLabelText('Attach files'), pdf());
    expect(await within(chosenFile('report.pdf')).findByRole('alert')).toHaveTextContent(
      '\u2068report.pdf\u2069 does not fit in your storage for files.',
    );
  });

  it('takes at most five files', async () => {
    const user = userEvent.setup();
    const stored = api.messages.addClinicalThread();
    renderThread(stored.thread._id);
    const input = await screen.findByLabelText('Attach files');
    await user.upload(
      input,
      [1, 2, 3, 4, 5, 6].map((n) => pdf(`file-${n}.pdf`, 10)),
    );
    expect(within(chosenList()).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByText('file-6.pdf')).not.toBeInTheDocument();
    await expect.poll(() => api.requestsTo('POST', /\/attachments$/).length).toBe(5);
    expect(input).toBeDisabled();
  });

  it('shows a picture as a thumbnail read with the bearer token into a blob, revoked when it goes', async () => {
    const stored = api.messages.addClinicalThread({}, { count: 0 });
    const picture = api.messages.addFile(stored, {
      name: 'rash.png',
      type: 'image/png',
      size: 2_400_000,
    });
    api.messages.writeFromOtherSide(stored, 'Here is a photo', [picture]);
    const { unmount } = renderThread(stored.thread._id);

    const image = await screen.findByRole('img', { name: 'Picture \u2068rash.png\u2069' });
    expect(image.getAttribute('src')).toMatch(/^blob:picture-/);
    const [read] = api.requestsTo('GET', /\/attachments\//);
    expect(read!.path).toBe(
      `/api/messages/threads/${stored.thread._id}/attachments/${picture._id}`,
    );
    expect(read!.headers.get('authorization')).toBe('Bearer fake-id-token');
    expect(read!.search.toString()).toBe('');
    expect(screen.getByRole('button', { name: 'rash.png (2.4 MB)' })).toBeVisible();

    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith(image.getAttribute('src'));
  });

  it('saves a PDF through a blob when its link is pressed', async () => {
    const stored = api.messages.addClinicalThread({}, { count: 0 });
    const file = api.messages.addFile(stored, {
      name: 'letter.pdf',
      type: 'application/pdf',
      size: 800,
    });
    api.messages.writeFromOtherSide(stored, '', [file]);
    renderThread(stored.thread._id);
    const link = await screen.findByRole('button', { name: 'letter.pdf (1 kB)' });
    expect(api.requestsTo('GET', /\/attachments\//)).toHaveLength(0);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(link);
    await expect.poll(() => click.mock.calls.length).toBe(1);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    await expect.poll(() => revokeObjectURL.mock.calls.length).toBe(1);
    click.mockRestore();
  });
});
