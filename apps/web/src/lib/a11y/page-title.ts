import type { TFunction } from '../../i18n/translator.ts';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

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

/**
 * For a page whose main heading comes with its data (a patient's chart names the patient): the
 * layout titles a page when it arrives, before the data, so the page re-titles itself once the
 * heading reads `page`.
 */
export function usePageTitle(page: string | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (page) document.title = documentTitleFor(t, spokenText(page));
  }, [t, page]);
}
