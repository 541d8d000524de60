/** Sends the browser to the hosted checkout: only an http(s) address is followed. */
export function redirectTo(url: string): void {
  const target = new URL(url, window.location.href);
  if (target.protocol !== 'https:' && target.protocol !== 'http:')
    throw new Error('Refusing to redirect to a non-http(s) checkout url');
  window.location.assign(target.toString());
}
