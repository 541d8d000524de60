/**
 * Settles once the whole page is live: the layout and the page inside the layout's Suspense
 * boundary. React hydrates that boundary in a pass of its own after the layout, so until then
 * its prerendered HTML is still in the old texts: switching the language in between would make
 * the page's hydration meet Arabic where the server wrote English (React error #418). (A press
 * is different: React hydrates the part pressed at once, so the early input need not wait.)
 */
let markPageHydrated!: () => void;

export const pageHydrated = new Promise<void>((resolve) => (markPageHydrated = resolve));

export { markPageHydrated };
