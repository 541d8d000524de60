export { CHROMIUM_FLAGS } from '../../e2e/support/chromium.ts';

/**
 * The full browser, not the e2e suite's headless shell: Lighthouse's and the page-weight figures
 * are measured in the browser people use.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
