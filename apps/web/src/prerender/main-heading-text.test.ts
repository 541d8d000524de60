import { describe, expect, it } from 'vitest';
import { mainHeadingText } from './main-heading-text.ts';

describe('mainHeadingText', () => {
  it("reads the main heading as the browser does: React's separators and tags out, entities decoded", () => {
    const html =
      '<header><h1>Not this one</h1></header><main id="main"><section>' +
      '<h1 class="title" tabindex="-1">Welcome to <!-- -->Care<b>Bridge</b>\n  &amp; &quot;you&quot; &#x27;&lt;3&gt;&#x27;</h1>' +
      '<h1>Second</h1></section></main>';
    expect(mainHeadingText(html)).toBe(`Welcome to CareBridge & "you" '<3>'`);
  });

  it('is empty when the page has no main heading', () => {
    expect(mainHeadingText('<main><p>Nothing here</p></main>')).toBe('');
    expect(mainHeadingText('<main><header>Not a heading</header><h1>Plain</h1></main>')).toBe(
      'Plain',
    );
  });
});
