import type { TFunction } from 'i18next';

/** The text a screen reader reads as an element's content, spaces collapsed. */
export function spokenText(text: string | null | undefined): string {
  return text?.replace(/\s+/g, ' ').trim() ?? '';
}

/**
 * The document title of the page whose main heading reads `page` ('Dashboard · CareBridge', in
 * the reader's language; WCAG 2.4.2). The same in the browser (app/layout/page-arrival.tsx)
 * and in the prerendered HTML (prerender/render-page.tsx), so a page is titled from its first
 * byte and hydration changes nothing. `t` reads the `common` texts.
 */
export function documentTitleFor(t: TFunction, page: string): string {
  return page
    ? t('common:pageTitle', { page, brand: t('common:brand') })
    : t('common:documentTitle');
}
