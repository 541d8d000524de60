import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n/i18n.ts';
import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@portal/shared/profile';
import type { TUser } from '@portal/shared/user';
import { expectEach } from '../../test/queries.ts';
import {
  createUser,
  detail,
  detailText,
  failNextSave,
  openProfilePage,
} from './profile-test-helpers.tsx';

async function openForm(user: TUser = createUser()) {
  const opened = openProfilePage(user);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  return { ...opened, save: screen.getByRole('button', { name: 'Save Changes' }) };
}

async function replace(label: string, text: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
  return input;
}

/** Save never disables itself: pressing it with a problem shows one summary and focuses it. */
async function expectSummaryFocused(count: number) {
  const name =
    count === 1 ? 'There is a problem with 1 field' : `There are problems with ${count} fields`;
  const summary = await screen.findByRole('group', { name });
  await waitFor(() => expect(summary).toHaveFocus());
  return summary;
}

describe('ProfileForm checks each field as it changes', () => {
  it.each([
    ['Name', '', 'Name is required.'],
    ['Name', '   ', 'Name is required.'],
    ['Age', '-1', 'Age must be a positive number.'],
    ['Age', 'abc', 'Age must be a positive number.'],
    ['Phone', '12345', PROFILE_MESSAGES.phoneInvalid],
    ['Phone', '55512345678', PROFILE_MESSAGES.phoneInvalid],
    ['Phone', '555-123-456', PROFILE_MESSAGES.phoneInvalid],
  ])('%s %j shows %j and blocks saving', async (label, text, message) => {
    const { save, api } = await openForm();
    const input = await replace(label, text);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(save).toBeEnabled();
    await userEvent.click(save);
    const summary = await expectSummaryFocused(1);
    expect(summary).toHaveTextContent(`${label}: ${message}`);
    expect(api.profile.saves).toEqual([]);
  });

  it('shows only the changed field’s error, and clears it once fixed', async () => {
    const { save } = await openForm(createUser({ phone: '123' }));
    await replace('Age', '-3');
    expect(await screen.findByText('Age must be a positive number.')).toBeInTheDocument();
    // The stored bad phone is not reported until it is touched or the form is saved.
    expect(screen.queryByText(PROFILE_MESSAGES.phoneInvalid)).not.toBeInTheDocument();
    await replace('Age', '30');
    expect(screen.queryByText('Age must be a positive number.')).not.toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it('checks every field on save: a bad stored email, gender and phone are all reported', async () => {
    const { save, api } = await openForm(
      createUser({ email: 'amina-at-example', gender: 'robot', phone: '12' }),
    );
    await userEvent.click(save);
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Please select a valid gender.')).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.phoneInvalid)).toBeInTheDocument();
    await expectSummaryFocused(3);
    // Each line of the summary takes the keyboard to its field.
    await userEvent.click(screen.getByRole('link', { name: /^Gender:/ }));
    expect(screen.getByLabelText('Gender')).toHaveFocus();
    expect(api.profile.saves).toEqual([]);
  });

  it('reports a picture that is not an https link', async () => {
    const { save } = await openForm();
    await replace('Profile picture URL', 'http://images.example.com/me.jpg');
    expect(await screen.findByText(PROFILE_MESSAGES.pictureInvalid)).toBeInTheDocument();
    await userEvent.click(save);
    await expectSummaryFocused(1);
  });

  it('shows the messages in the reader’s language', async () => {
    await i18n.changeLanguage('ar');
    openProfilePage();
    await userEvent.click(await screen.findByRole('button', { name: 'تعديل' }));
    await replace('الاسم', '');
    expect(await screen.findByText('الاسم مطلوب.')).toBeInTheDocument();
    await replace('الهاتف', '12');
    expect(
      await screen.findByText(
        'يرجى إدخال رقم هاتف صالح: + ورمز الدولة، أو كما يُطلب في بلد عيادتك.',
      ),
    ).toBeInTheDocument();
  });
});

describe('ProfileForm saving', () => {
  it('saves, shows the saved values in the read view and updates the session user', async () => {
    const { save, api, store } = await openForm();
    await replace('Name', 'Dr. Amina Bello');
    await replace('Age', '42');
    await userEvent.selectOptions(screen.getByLabelText('Gender'), 'Other');
    await replace('Address', '');
    await replace('Phone', '0123456789');
    await replace('Profile picture URL', 'https://images.example.com/new.png');
    await userEvent.click(save);

    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(api.profile.saves).toEqual([
      {
        name: 'Dr. Amina Bello',
        email: 'amina@example.com',
        age: 42,
        gender: 'other',
        address: null,
        phone: '0123456789',
        picture: 'https://images.example.com/new.png',
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    // The read view may still be showing the profile refetch that the save triggered.
    await waitFor(() => expect(detail('Name')).toHaveTextContent('Dr. Amina Bello'));
    expectEach(detailText, {
      Age: '42',
      Gender: 'Other',
      Address: 'Not provided',
      Phone: '0123456789',
    });
    expect(screen.getByRole('img', { name: 'Profile picture of Dr. Amina Bello' })).toHaveAttribute(
      'src',
      'https://images.example.com/new.png',
    );
    expect(store.getState().auth.userData).toMatchObject({ name: 'Dr. Amina Bello', age: 42 });
  });

  it('keeps the form and the typed values when the server fails, and says so', async () => {
    const { save, api, store } = await openForm();
    failNextSave(api, {
      status: 500,
      body: {
        message: 'There is a problem with the server. Please try again later.',
        code: 'INTERNAL',
      },
    });
    await replace('Name', 'Dr. Amina Bello');
    await replace('Phone', '0123456789');
    await userEvent.click(save);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your changes could not be saved. Please try again.',
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Dr. Amina Bello');
    expect(screen.getByLabelText('Phone')).toHaveValue('0123456789');
    expect(store.getState().auth.userData?.name).toBe('Dr. Amina Yusuf');

    // The same form can be sent again once the server is back.
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(api.profile.stored().name).toBe('Dr. Amina Bello');
  });

  it('shows the server’s field errors, translated, on the fields', async () => {
    const { save, api } = await openForm();
    failNextSave(api, {
      status: 400,
      body: {
        message: PROFILE_MESSAGES.emailReadOnly,
        code: 'EMAIL_READ_ONLY',
        fieldErrors: { email: PROFILE_MESSAGES.emailReadOnly },
      },
    });
    await replace('Name', 'Changed');
    await userEvent.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your changes were not saved. Please correct the highlighted fields.',
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      expect.stringContaining(PROFILE_MESSAGES.emailReadOnly),
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Changed');
    await expectSummaryFocused(1);
  });

  it('never shows a server’s English field text to an Arabic reader', async () => {
    await i18n.changeLanguage('ar');
    const { api } = openProfilePage();
    await userEvent.click(await screen.findByRole('button', { name: 'تعديل' }));
    failNextSave(api, {
      status: 400,
      body: {
        message: 'Invalid request. Please check your input.',
        code: 'VALIDATION_FAILED',
        fieldErrors: { address: 'Expected string, received number' },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    const address = await screen.findByLabelText('العنوان');
    await waitFor(() => expect(address).toHaveAttribute('aria-invalid', 'true'));
    expect(address).toHaveAccessibleDescription('يرجى التحقق من هذا الحقل.');
    expect(document.body).not.toHaveTextContent('Expected string');
  });
});
