import aiCallingImage from './images/feature-ai-calling.svg';
import integrationImage from './images/feature-integration.svg';
import searchImage from './images/feature-search.svg';
import storageImage from './images/feature-storage.svg';
import supportImage from './images/feature-support.svg';
import treatmentImage from './images/feature-treatment.svg';

/**
 * The six features of the premium page; texts in `premium:features.<key>`,
 * each with the page where it lives (`to`, named by `premium:features.<key>.link`): the voice
 * assistant's button is on every page, from the home page on; the calendar feed (integration
 * with calendar tools) is in the profile; priority support is Contact support, where members'
 * questions are answered first.
 */
export const PREMIUM_FEATURES = [
  { key: 'aiCalling', image: aiCallingImage, to: '/' },
  { key: 'storage', image: storageImage, to: '/records' },
  { key: 'search', image: searchImage, to: '/records' },
  { key: 'treatmentPlans', image: treatmentImage, to: '/today' },
  { key: 'integration', image: integrationImage, to: '/userProfile' },
  { key: 'support', image: supportImage, to: '/support' },
] as const;

/** The five perks of the success page and the four reasons of the cancel page. */
export const SUCCESS_PERKS = [
  'aiCalling',
  'storage',
  'search',
  'treatmentPlans',
  'support',
] as const;
export const CANCEL_REASONS = ['aiCalling', 'storage', 'support', 'adFree'] as const;
