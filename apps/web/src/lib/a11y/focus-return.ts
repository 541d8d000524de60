/**
 * Focuses the page's main heading (or `<main>` itself), where a navigation leaves the reader:
 * from there a screen reader reads the page and Tab continues into it.
 */
export function focusMainHeading(main: HTMLElement | null = document.getElementById('main')): void {
  const target = main?.querySelector('h1') ?? main;
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/**
 * For a control about to disappear while it has focus (an alert's or a message's dismiss
 * button): focus goes back to `opener`, the control the reader was on when it appeared, if it
 * can still take focus, else to the page's main heading; never to `<body>`, where a keyboard
 * user would start again from the top and a screen reader would say nothing.
 */
export function returnFocus(opener: Element | null | undefined): void {
  if (
    opener instanceof HTMLElement &&
    opener !== document.body &&
    opener.isConnected &&
    !opener.closest('[inert]')
  ) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  focusMainHeading();
}
