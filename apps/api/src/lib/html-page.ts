/**
 * The few HTML pages the API serves itself (the local sign-in chooser, the local test
 * checkout): no inline script or style anywhere (the CSP forbids both), never indexed, in the
 * reader's language and its direction.
 */
export const PAGE_LANGUAGES = ['en', 'ar', 'fr', 'de', 'zh-CN'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** The page's language for a requested one: any other (or none) gives en. */
export function pageLanguage(language: string | undefined): PageLanguage {
  return PAGE_LANGUAGES.find((code) => code === language) ?? 'en';
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

export function renderHtmlPage({
  language,
  title,
  head,
  body,
}: {
  language: string;
  /** Plain text; escaped here. */
  title: string;
  /** Extra `<head>` lines (stylesheet, script), already HTML. */
  head: string;
  /** The `<body>`'s content, already HTML. */
  body: string;
}): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
${body}
</body>
</html>
`;
}
