import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestUser, patientInput } from '../test/factories.ts';
import { startFakeApi, type FakeApi } from '../test/fake-api.ts';
import { createDirectoryDoctor } from '../test/fake-directory.ts';
import { renderWithApp } from '../test/render-with-app.tsx';
import { DirectoryBookingRoute } from './book-appointment-route.tsx';

const USER = createTestUser();
let api: FakeApi;
beforeEach(() => {
  api = startFakeApi({ user: USER });
  api.directory.doctors.push(createDirectoryDoctor());
});

const renderRoute = (user: typeof USER | null) =>
  renderWithApp(<DirectoryBookingRoute />, { path: '/book-appointment', user });

describe('/book-appointment', () => {
  it('is the directory’s search for a guest', async () => {
    renderRoute(null);
    expect(screen.getByRole('heading', { level: 1, name: 'Book Appointment' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: '1 doctor found' })).toBeVisible();
    expect(
      screen.queryByRole('link', { name: 'Book for one of my patients' }),
    ).not.toBeInTheDocument();
    expect(api.requestsTo('GET', /^\/api\/records\/patients/)).toEqual([]);
  });

  it('offers someone who keeps patients their own booking form as well', async () => {
    api.patients.insert(patientInput({ name: 'Amina Yusuf' }));
    renderRoute(USER);
    expect(
      await screen.findByRole('link', { name: 'Book for one of my patients' }),
    ).toHaveAttribute('href', '/book-appointment?for=patients');
    expect(await screen.findByRole('heading', { name: '1 doctor found' })).toBeVisible();
  });

  it('offers no patients’ form to someone without patients', async () => {
    renderRoute(USER);
    expect(await screen.findByRole('heading', { name: '1 doctor found' })).toBeVisible();
    await expect
      .poll(() => api.requestsTo('GET', /^\/api\/records\/patients/).length)
      .toBeGreaterThan(0);
    expect(
      screen.queryByRole('link', { name: 'Book for one of my patients' }),
    ).not.toBeInTheDocument();
  });
});
