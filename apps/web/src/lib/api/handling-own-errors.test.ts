import { describe, expect, it } from 'vitest';
import { handlingOwnErrors } from './api.ts';

describe('handlingOwnErrors', () => {
  it('gives every endpoint the feature defines handlesOwnErrors, and keeps the rest as written', () => {
    const endpoints = handlingOwnErrors((build: { prefix: string }) => ({
      list: { query: () => `${build.prefix}/list` },
      save: { query: () => `${build.prefix}/save`, invalidatesTags: ['Item'] },
    }));
    const definitions = endpoints({ prefix: '/items' });
    expect(Object.keys(definitions)).toEqual(['list', 'save']);
    expect(definitions.list.query()).toBe('/items/list');
    expect(definitions.save.invalidatesTags).toEqual(['Item']);
    for (const definition of Object.values(definitions)) {
      expect(definition).toMatchObject({ extraOptions: { handlesOwnErrors: true } });
    }
  });
});
