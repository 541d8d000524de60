import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n.ts';
import { createTestUser } from '../../test/factories.ts';
import { startFakeApi, type FakeApi } from '../../test/fake-api.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import type { TMyAccessEntry } from './api-types.ts';
import { MyHealthPage } from './my-health-page.tsx';

let api: FakeApi;
const user = createTestUser();

beforeEach(() => {
  api = startFakeApi({ user });
});

const render = () =>
  renderWithApp(<MyHealthPage />, { path: '/my-health', at: '/my-health', user });

/** Entries newest first, a minute apart, the first three one of each actor. */
function entries(count: number): TMyAccessEntry[] {
  const actors = [
    { actor: 'practitioner', actorName: 'Dr. Lena Weber', action: 'list', subjectKind: null },
    { actor: 'you', actorName: 'Amina Yusuf', action: 'read', subjectKind: 'appointment' },
    { actor: 'linked', actorName: 'Karim Yusuf', action: 'export', subjectKind: null },
  ] as const;
  return Array.from({ length: count }, (_, index) => ({
    ...actors[index % 3]!,
    at: new Date(Date.UTC(2026, 2, 1, 12, 59 - index)).toISOString(),
  }));
}

const log = () => screen.findByRole('region', { name: 'Who viewed your record' });

describe('Who viewed your record', () => {
  it('says who viewed what and when, the first 20, then 20 more on Show more with focus on the first new one', async () => {
    const person = userEvent.setup();
    api.myHealth.addLink({ patientName: 'Amina Yusuf' }, { accessLog: entries(25) });
    render();
    const section = await log();
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(20);
    expect(items[0]).toHaveTextContent(
      /^Dr\. Lena Weber \(Your practitioner\) viewed your record on Sunday, March 1, 2026 at \d/,
    );
    expect(items[1]).toHaveTextContent(/^Amina Yusuf \(You\) viewed an appointment on /);
    expect(items[2]).toHaveTextContent(/^Karim Yusuf \(Linked person\) downloaded your record on /);
    expect(items[0]!.querySelector('bdi')).toHaveTextContent('Dr. Lena Weber');

    await person.click(within(section).getByRole('button', { name: 'Show more' }));
    const all = within(section).getAllByRole('listitem');
    expect(all).toHaveLength(25);
    expect(all[20]).toHaveFocus();
    expect(within(section).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says so when nobody has viewed the record', async () => {
    api.myHealth.addLink({ patientName: 'Amina Yusuf' });
    render();
    expect(
      await within(await log()).findByText('Nobody has viewed your record yet.'),
    ).toBeVisible();
  });

  it('reads right to left in Arabic, the names set apart', async () => {
    api.myHealth.addLink({ patientName: 'Amina Yusuf' }, { accessLog: entries(1) });
    await i18n.changeLanguage('ar');
    render();
    const section = await screen.findByRole('region', { name: 'من اطّلع على سجلّك' });
    const [item] = await within(section).findAllByRole('listitem');
    expect(item).toHaveTextContent(/^اطّلع Dr\. Lena Weber \(طبيبك المعالج\) على سجلّك في /);
    expect(item!.querySelector('bdi')).toHaveTextContent('Dr. Lena Weber');
    expect(document.documentElement.dir).toBe('rtl');
  });
});
