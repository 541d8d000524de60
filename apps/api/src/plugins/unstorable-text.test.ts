import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../test/app.ts';
import { expectErrorAnswer } from '../../test/error-answer.ts';

const ctx = useTestApp();

describe('text PostgreSQL cannot store', () => {
  it('answers 400 naming the field to a NUL character in a profile field, and changes nothing', async () => {
    const { headers, user } = await signIn(ctx);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers,
      payload: { name: 'Straße', email: user.email, address: 'a\u0000b' },
    });
    expectErrorAnswer(response, 400, {
      code: 'VALIDATION_FAILED',
      message: 'This text contains a control character, which is not allowed.',
      fieldErrors: { address: 'This text contains a control character, which is not allowed.' },
    });
    const profile = await ctx.app.inject({ url: '/api/user/profile', headers });
    expect(profile.json().user.address).toBeNull();
  });
});
