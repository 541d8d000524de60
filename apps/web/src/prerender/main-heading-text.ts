import { spokenText } from '../lib/a11y/page-title.ts';

const HTML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};

/**
 * The text of the page's main heading in React's HTML, read as the browser reads it
 * (`pageNameOf` in app/layout/page-arrival.tsx): the `<h1>` inside `<main>`, tags and React's
 * text separators left out, entities decoded.
 */
export function mainHeadingText(html: string): string {
  const main = html.slice(Math.max(0, html.indexOf('<main')));
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(main)?.[1] ?? '';
  return spokenText(
    heading
      .replace(/<[^>]*>/g, '')
      .replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => HTML_ENTITIES[entity]!),
  );
}
