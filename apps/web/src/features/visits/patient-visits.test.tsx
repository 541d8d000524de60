import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n/i18n.ts';
import { describe, expect, it } from 'vitest';
import { createTestUser } from '../../test/factories.ts';
import { patientSectionTests } from '../../test/patient-section.tsx';
import { fill } from '../../test/user-input.ts';
import { PatientVisits } from './patient-visits.tsx';

const section = patientSectionTests(PatientVisits, createTestUser({ name: 'Dr Lena Hoffmann' }));

describe('PatientVisits', () => {
  it("lists the patient's visits newest first, with vitals in their units and who signed", async () => {
    const { api, patient } = section;
    api.visits.add(patient._id, {
      occurredAt: '2026-01-10T09:00:00Z',
      reason: 'Older review',
      systolic: 128,
      diastolic: 82,
      weight: 72.5,
      height: 170,
      signed: true,
    });
    api.visits.add(patient._id, { occurredAt: '2026-03-02T09:00:00Z', reason: 'Newest check' });
    section.render();

    const list = await screen.findByRole('list', { name: 'Visits' });
    const items = within(list).getAllByRole('listitem', { name: /Newest check|Older review/ });
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      expect.stringContaining('Newest check'),
      expect.stringContaining('Older review'),
    ]);
    expect(within(items[0]!).getByRole('heading')).toHaveTextContent('Draft, not signed');
    expect(within(items[1]!).getByRole('heading')).toHaveTextContent(
      /Signed by \u2068Dr Lena Hoffmann\u2069/,
    );
    expect(within(items[1]!).getByText('128/82 mmHg')).toBeVisible();
    expect(within(items[1]!).getByText('25.1 kg/m²')).toBeVisible();
    expect(within(items[0]!).getByRole('button', { name: 'Sign visit' })).toBeVisible();
    expect(within(items[1]!).getByRole('button', { name: 'Add an addendum' })).toBeVisible();
  });

  it("moves focus to the form's heading when Record a visit opens it", async () => {
    const user = userEvent.setup();
    section.render();
    await user.click(await screen.findByRole('button', { name: 'Record a visit' }));
    const form = screen.getByRole('form', { name: 'Record a visit' });
    expect(within(form).getByRole('heading', { name: 'Record a visit' })).toHaveFocus();
  });

  it('records a visit: BMI computed as typed, focus on the new visit, change announced', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    section.render();
    await user.click(await screen.findByRole('button', { name: 'Record a visit' }));
    const form = screen.getByRole('form', { name: 'Record a visit' });
    expect(within(form).getByText('Enter weight and height')).toBeVisible();
    await fill(user, within(form).getByLabelText('Weight'), '80');
    await fill(user, within(form).getByLabelText('Height'), '180');
    expect(within(form).getByText('24.7 kg/m²')).toBeVisible();
    expect(within(form).getByText('0.2–500 kg')).toBeVisible();
    await fill(user, within(form).getByLabelText('Reason for the visit (optional)'), 'Cough');
    await fill(user, within(form).getByLabelText('Systolic blood pressure'), '130');
    await fill(user, within(form).getByLabelText('Diastolic blood pressure'), '85');
    await fill(user, within(form).getByLabelText('Plan (optional)'), 'Rest and fluids.');
    await user.click(within(form).getByRole('button', { name: 'Save visit' }));

    const heading = await screen.findByRole('heading', { name: /Cough/ });
    await expect.poll(() => document.activeElement).toBe(heading);
    expect(screen.getByRole('status')).toHaveTextContent('Visit recorded.');
    const [sent] = api.requestsTo('POST', /\/visits$/);
    expect(sent!.path).toBe(`/api/records/patients/${patient._id}/visits`);
    expect(sent!.body).toMatchObject({
      reason: 'Cough',
      systolic: 130,
      diastolic: 85,
      weight: 80,
      height: 180,
      heartRate: null,
      plan: 'Rest and fluids.',
    });
    expect(sent!.body).not.toHaveProperty('bmi');
  });

  it('refuses implausible vitals with their messages, focusing the summary, and sends nothing', async () => {
    const user = userEvent.setup();
    section.render();
    await user.click(await screen.findByRole('button', { name: 'Record a visit' }));
    const form = screen.getByRole('form', { name: 'Record a visit' });
    await fill(user, within(form).getByLabelText('Temperature'), '52');
    await fill(user, within(form).getByLabelText('Heart rate'), 'fast');
    await user.click(within(form).getByRole('button', { name: 'Save visit' }));

    const summary = await within(form).findByRole('group', {
      name: 'There are problems with 2 fields',
    });
    await expect.poll(() => document.activeElement).toBe(summary);
    expect(within(form).getByLabelText('Temperature')).toHaveAccessibleDescription(
      /Temperature must be from 30 to 45 °C, with at most one decimal\./,
    );
    expect(within(form).getByLabelText('Heart rate')).toHaveAttribute('aria-invalid', 'true');
    expect(section.api.requestsTo('POST', /\/visits$/)).toEqual([]);
  });

  it('shows the field messages in Arabic, from their codes', async () => {
    await i18n.changeLanguage('ar');
    await i18n.loadNamespaces('visits');
    const user = userEvent.setup();
    section.render();
    await user.click(await screen.findByRole('button', { name: 'تسجيل زيارة' }));
    const form = screen.getByRole('form', { name: 'تسجيل زيارة' });
    await fill(user, within(form).getByLabelText('تشبّع الأكسجين'), '101');
    await user.click(within(form).getByRole('button', { name: 'حفظ الزيارة' }));
    expect(
      await within(form).findByText('يجب أن يكون تشبّع الأكسجين عددًا صحيحًا من 50 إلى 100٪.', {
        selector: 'p',
      }),
    ).toBeVisible();
  });

  it('signs a visit only after asking, then offers an addendum that keeps its author', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    api.visits.add(patient._id, { reason: 'Asthma review' });
    section.render();

    await user.click(await screen.findByRole('button', { name: 'Sign visit' }));
    const question = screen.getByRole('group', { name: /Sign this visit\?/ });
    const confirm = within(question).getByRole('button', { name: 'Sign' });
    await expect.poll(() => document.activeElement).toBe(confirm);
    expect(api.requestsTo('POST', /\/sign$/)).toEqual([]);
    await user.click(confirm);

    const heading = await screen.findByRole('heading', {
      name: /Signed by \u2068Dr Lena Hoffmann\u2069/,
    });
    await expect.poll(() => document.activeElement).toBe(heading);
    expect(screen.getByRole('status')).toHaveTextContent('Visit signed.');
    expect(api.requestsTo('POST', /\/sign$/)[0]!.headers.get('If-Match')).toMatch(/^".+"$/);

    await user.click(await screen.findByRole('button', { name: 'Add an addendum' }));
    const text = screen.getByLabelText('Addendum');
    await expect.poll(() => document.activeElement).toBe(text);
    await user.click(screen.getByRole('button', { name: 'Add addendum' }));
    expect(await screen.findByText('Please write the addendum.')).toBeVisible();
    await fill(user, text, 'Peak flow was 380, not 330.');
    await user.click(screen.getByRole('button', { name: 'Add addendum' }));

    expect(await screen.findByText('Peak flow was 380, not 330.')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Addendum added.');
    expect(screen.getByText(/^\u2068Dr Lena Hoffmann\u2069, /)).toBeVisible();
  });

  it('says when a visit changed meanwhile, without signing it', async () => {
    const user = userEvent.setup();
    const { api, patient } = section;
    api.visits.add(patient._id, { reason: 'Asthma review' });
    api.on('POST', /\/sign$/, () =>
      Response.json({ message: 'Changed', code: 'VISIT_CHANGED' }, { status: 412 }),
    );
    section.render();
    await user.click(await screen.findByRole('button', { name: 'Sign visit' }));
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This visit was changed or signed meanwhile.');
  });
});
