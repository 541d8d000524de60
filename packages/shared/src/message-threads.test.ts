import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS, ZMessageInput } from './message-threads.ts';

const issues = (input: unknown) => {
  const result = ZMessageInput.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('ZMessageInput', () => {
  it('takes a text, attachments, or both; with neither, the text is required', () => {
    const id = '7b0f3a52-3c4e-4d5f-9a6b-1c2d3e4f5a6b';
    expect(issues({ body: 'Hello' })).toEqual({});
    expect(issues({ attachmentIds: [id] })).toEqual({});
    expect(issues({ body: '  ', attachmentIds: [id] })).toEqual({});
    expect(issues({})).toEqual({ body: MESSAGE_TEXTS.bodyRequired });
    expect(issues({ body: ' ', attachmentIds: [] })).toEqual({ body: MESSAGE_TEXTS.bodyRequired });
  });

  it('takes at most 5 attachment ids, each a uuid', () => {
    const ids = Array.from({ length: 6 }, () => crypto.randomUUID());
    expect(issues({ attachmentIds: ids })).toEqual({
      attachmentIds: MESSAGE_TEXTS.attachmentsTooMany,
    });
    expect(issues({ body: 'x', attachmentIds: ['report.pdf'] })).toEqual({
      'attachmentIds.0': MESSAGE_TEXTS.attachmentNotFound,
    });
    expect(issues({ body: 'x', attachmentIds: 'x' })).toEqual({
      attachmentIds: MESSAGE_TEXTS.attachmentNotFound,
    });
  });
});
