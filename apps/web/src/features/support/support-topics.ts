/**
 * The Support page's answers, grouped by topic. Texts are in the `support` namespace:
 * `topics.<topic>`, `questions.<key>.question` and the paragraphs of `questions.<key>.answer`, in
 * the order the texts give them; `links.<key>` names each link under an answer. `id` is the
 * question's anchor, so an answer can be linked (`/support#calendar-feed`) and opens there.
 */
export interface SupportQuestion {
  id: string;
  key: string;
  links?: readonly { to: string; key: string }[];
}

export interface SupportTopic {
  key: string;
  questions: readonly SupportQuestion[];
}

const PRIVACY = { to: '/privacy', key: 'privacy' };
const MY_HEALTH = { to: '/my-health', key: 'myHealth' };
const PROFILE = { to: '/userProfile', key: 'profile' };
const CONTACT = { to: '#contact', key: 'contact' };

export const SUPPORT_TOPICS: readonly SupportTopic[] = [
  {
    key: 'signIn',
    questions: [
      { id: 'sign-in', key: 'signIn', links: [{ to: '/login', key: 'login' }] },
      { id: 'sign-in-window', key: 'signInWindow' },
      { id: 'cannot-sign-in', key: 'cannotSignIn', links: [CONTACT] },
    ],
  },
  {
    key: 'privacy',
    questions: [
      { id: 'who-sees-a-record', key: 'whoSees', links: [PRIVACY] },
      { id: 'access-log', key: 'accessLog', links: [MY_HEALTH] },
      { id: 'export', key: 'export', links: [MY_HEALTH] },
      { id: 'delete', key: 'delete', links: [PRIVACY] },
    ],
  },
  {
    key: 'premier',
    questions: [
      { id: 'premier-price', key: 'premierPrice', links: [{ to: '/premier', key: 'premier' }] },
      { id: 'cancel-premier', key: 'cancelPremier' },
      {
        id: 'refunds',
        key: 'refunds',
        links: [{ to: '/premier/transactions', key: 'transactions' }, CONTACT],
      },
    ],
  },
  {
    key: 'booking',
    questions: [
      { id: 'book', key: 'book', links: [{ to: '/find-doctor', key: 'findDoctor' }] },
      { id: 'booking-requests', key: 'requests' },
      { id: 'cancel-appointment', key: 'cancelAppointment', links: [MY_HEALTH] },
    ],
  },
  {
    key: 'calendar',
    questions: [
      { id: 'calendar-feed', key: 'calendarFeed', links: [PROFILE] },
      { id: 'new-calendar-address', key: 'newCalendarAddress', links: [PROFILE] },
    ],
  },
  {
    key: 'voice',
    questions: [
      { id: 'voice-assistant', key: 'voiceAssistant' },
      { id: 'microphone', key: 'microphone' },
    ],
  },
];
