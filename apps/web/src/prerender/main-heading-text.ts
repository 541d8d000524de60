import { spokenText } from '../lib/a11y/page-title.ts';

const HTML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};

/** `text` without its tags (React's `<!-- -->` separators included); no regex, no backtracking. */
function withoutTags(text: string): string {
  let kept = '';
  let isInTag = false;
  for (const character of text) {
    if (character === '<') isInTag = true;
    else if (character === '>' && isInTag) isInTag = false;
    else if (!isInTag) kept += character;
  }
  return kept;
}

/** Where the first `<h1>` or `<h1 …>` tag at or after `from` starts, or -1. */
function headingStart(html: string, from: number): number {
  for (let at = html.indexOf('<h1', from); at !== -1; at = html.indexOf('<h1', at + 3)) {
    const next = html[at + 3];
    if (next === '>' || next === ' ' || next === '\n' || next === '\t') return at;
  }
  return -1;
}

/**
 * The text of the page's main heading in React's HTML, read as the browser reads it
 * (`pageNameOf` in app/layout/page-arrival.tsx): the `<h1>` inside `<main>`, tags and React's
 * text separators left out, entities decoded.
 */
export function mainHeadingText(html: string): string {
  const start = headingStart(html, Math.max(0, html.indexOf('<main')));
  const contentStart = start === -1 ? -1 : html.indexOf('>', start) + 1;
  const end = contentStart > 0 ? html.indexOf('</h1>', contentStart) : -1;
  if (end === -1) return '';
  return spokenText(
    withoutTags(html.slice(contentStart, end)).replace(
      /&(?:amp|lt|gt|quot|#x27|#39);/g,
      (entity) => HTML_ENTITIES[entity]!,
    ),
  );
}
