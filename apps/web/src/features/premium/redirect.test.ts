import { describe, expect, it } from 'vitest';
import { redirectTo } from './redirect.ts';

describe('redirectTo', () => {
  it.each(['javascript:alert(1)', 'data:text/html,<p>x</p>'])('refuses %s', (url) => {
    expect(() => redirectTo(url)).toThrow(/non-http/);
  });
});
