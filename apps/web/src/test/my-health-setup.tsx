import type { RouteObject } from 'react-router';
import type { TUser } from '@portal/shared/user';
import { MyHealthPage } from '../features/my-health/my-health-page.tsx';
import type { FakeLinkedRecord } from './fake-my-health.ts';
import { renderWithApp } from './render-with-app.tsx';

/*
 * The set-up the patient's screens' tests share: the page at /my-health, and record items as the
 * API sends them (each test puts the ones it needs in its own record).
 */

/** A uuid, as the API's ids are, ending in `tail` (hex). */
export const idOf = (tail: string) => `5b2d7e10-0000-4000-9000-${tail.padStart(12, '0')}`;

/** /my-health for `user`, opened at `at`; `routes` adds the pages it may lead to. */
export const renderMyHealthPage = (
  user: TUser,
  { at, routes }: { at?: string; routes?: RouteObject[] } = {},
) => renderWithApp(<MyHealthPage />, { path: '/my-health', at, user, routes });

export const UPCOMING_APPOINTMENT: FakeLinkedRecord['appointments']['upcoming'][number] = {
  _id: idOf('a1'),
  start: '2030-05-06T09:00:00.000Z',
  end: '2030-05-06T09:30:00.000Z',
  kind: 'in-person',
  status: 'booked',
  requestExpiresAt: null,
  cancelReason: null,
  declineMessage: null,
};

export const ACTIVE_PRESCRIPTION: FakeLinkedRecord['prescriptions'][number] = {
  _id: idOf('b1'),
  medication: 'Amoxicillin',
  strength: '500 mg',
  dose: '1 capsule',
  frequency: '3 times a day',
  route: 'oral',
  duration: '7 days',
  endDate: '',
  instructions: '',
  status: 'active',
  stoppedAt: null,
  verifyUrl: null,
  dispensedAt: null,
  dispensedBy: null,
  pharmacyId: null,
  sentAt: null,
  readyAt: null,
  createdAt: '2025-01-06T10:05:00.000Z',
};

export const SEVERE_ALLERGY: FakeLinkedRecord['allergies'][number] = {
  _id: idOf('a11'),
  substance: 'Penicillin',
  reaction: 'Rash',
  severity: 'severe',
  status: 'active',
  createdAt: '2025-01-06T10:06:00.000Z',
};

/** A care plan with an activity whose occurrence of the day is due. */
export const CARE_PLAN_DUE_TODAY: FakeLinkedRecord['carePlans'][number] = {
  _id: idOf('c1'),
  title: 'Blood pressure',
  activities: [
    {
      _id: idOf('ac1'),
      title: 'Measure blood pressure',
      todayOccurrence: { date: '2026-11-28', state: 'due' },
    },
  ],
};
