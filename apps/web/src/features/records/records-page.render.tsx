import type { TUser } from '@portal/shared/user';
import { createTestUser } from '../../test/factories.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { RecordsPage } from './records-page.tsx';

/** The records page as a signed-in practitioner sees it, on the web test kit's fake API. */
export const renderRecordsPage = (user: TUser = createTestUser()) =>
  renderWithApp(<RecordsPage />, { user });
