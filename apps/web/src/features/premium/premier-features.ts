import aiCallingImage from './images/feature-ai-calling.svg';
import integrationImage from './images/feature-integration.svg';
import searchImage from './images/feature-search.svg';
import storageImage from './images/feature-storage.svg';
import supportImage from './images/feature-support.svg';
import treatmentImage from './images/feature-treatment.svg';

/** The six features of the premium page (SPEC.md §1, §9); texts in `premium:features.<key>`. */
export const PREMIER_FEATURES = [
  { key: 'aiCalling', image: aiCallingImage },
  { key: 'storage', image: storageImage },
  { key: 'search', image: searchImage },
  { key: 'treatmentPlans', image: treatmentImage },
  { key: 'integration', image: integrationImage },
  { key: 'support', image: supportImage },
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
