/**
 * A secure message's limits and validation messages: plain data that builds no schema, so the field
 * messages' table (messages.ts) reads them without building the schemas.
 */

export const MESSAGE_SUBJECT_MAX = 200;

export const MESSAGE_BODY_MAX = 5000;

/** The most files one message carries. */
export const MESSAGE_ATTACHMENTS_MAX = 5;

export const MESSAGE_TEXTS = {
  subjectRequired: 'Please give the conversation a subject.',
  subjectTooLong: `Please keep the subject under ${MESSAGE_SUBJECT_MAX} characters.`,
  subjectInvalid: 'The subject contains a character that is not allowed.',
  bodyRequired: 'Please write a message.',
  bodyTooLong: `Please keep the message under ${MESSAGE_BODY_MAX} characters.`,
  bodyInvalid: 'The message contains a character that is not allowed.',
  recipientRequired: 'Please choose a patient, or write to Support.',
  attachmentNotFound: 'This attachment could not be found. Please attach the file again.',
  attachmentsTooMany: `Please attach at most ${MESSAGE_ATTACHMENTS_MAX} files to one message.`,
} as const;
