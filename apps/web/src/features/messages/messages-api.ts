import type { TThreadInput } from '@portal/shared/message-threads';
import { api, handlingOwnErrors } from '../../lib/api/api.ts';
import { nextCursorFrom } from '../../lib/api/link-header.ts';
import { headerOf } from '../../lib/api/response-headers.ts';
import type { ViewerArgs } from '../../lib/api/viewer-args.ts';
import type {
  TAttachment,
  TMessageInput,
  TMessageThread,
  TThreadMessage,
  TThreadWithMessages,
} from './message-types.ts';

/** Which inbox: the reader's own threads, or the Support desk's (Support staff only). */
export type Box = 'mine' | 'support';

export interface ThreadListArgs extends ViewerArgs {
  box: Box;
  cursor?: string;
  /** Only this patient's threads (the video call's conversation). */
  patientId?: string;
}

export interface ThreadPage {
  threads: TMessageThread[];
  nextCursor?: string;
}

export interface MessagePage extends TThreadWithMessages {
  /** Older messages (the answer is newest first). */
  nextCursor?: string;
}

const segment = encodeURIComponent;

/** A message as the screens read it: with its files, none when the answer names none. */
const withFiles = (message: TThreadMessage): TThreadMessage => ({
  ...message,
  attachments: message.attachments ?? [],
});
const LIST = { type: 'MessageThread' as const, id: 'LIST' };

/**
 * Secure messages: the inboxes, a thread with its messages a page at a time, writing, files, and
 * marking read and closing. `viewer` (never sent) keys the cache by the signed-in user. Every
 * screen here tells its own failures, so no call leads away to an error page; the live stream
 * (message-stream.ts) updates these answers as messages arrive.
 */
export const messagesApi = api
  .enhanceEndpoints({ addTagTypes: ['MessageThread'] })
  .injectEndpoints({
    endpoints: handlingOwnErrors((build) => ({
      listThreads: build.query<ThreadPage, ThreadListArgs>({
        query: ({ box, cursor, patientId }) => ({
          url: '/messages/threads',
          params: {
            ...(box === 'support' && { box }),
            ...(cursor && { cursor }),
            ...(patientId && { patientId }),
          },
        }),
        transformResponse: (threads: TMessageThread[], meta): ThreadPage => {
          const nextCursor = nextCursorFrom(headerOf(meta, 'Link'));
          return { threads, ...(nextCursor && { nextCursor }) };
        },
        providesTags: [LIST],
      }),
      getThread: build.query<MessagePage, ViewerArgs & { id: string; cursor?: string }>({
        query: ({ id, cursor }) => ({
          url: `/messages/threads/${segment(id)}`,
          params: cursor ? { cursor } : {},
        }),
        transformResponse: (answer: TThreadWithMessages, meta): MessagePage => {
          const nextCursor = nextCursorFrom(headerOf(meta, 'Link'));
          return {
            ...answer,
            messages: answer.messages.map(withFiles),
            ...(nextCursor && { nextCursor }),
          };
        },
        providesTags: (_answer, _error, { id }) => [{ type: 'MessageThread', id }],
      }),
      createThread: build.mutation<TThreadWithMessages, ViewerArgs & { input: TThreadInput }>({
        query: ({ input }) => ({ url: '/messages/threads', method: 'POST', body: input }),
        transformResponse: (answer: TThreadWithMessages) => ({
          ...answer,
          messages: answer.messages.map(withFiles),
        }),
        invalidatesTags: [LIST],
      }),
      postMessage: build.mutation<
        TThreadMessage,
        ViewerArgs & { threadId: string; input: TMessageInput }
      >({
        query: ({ threadId, input }) => ({
          url: `/messages/threads/${segment(threadId)}/messages`,
          method: 'POST',
          body: input,
        }),
        transformResponse: withFiles,
        invalidatesTags: [LIST],
      }),
      uploadAttachment: build.mutation<TAttachment, ViewerArgs & { threadId: string; file: File }>({
        query: ({ threadId, file }) => {
          const body = new FormData();
          body.append('file', file, file.name);
          return {
            url: `/messages/threads/${segment(threadId)}/attachments`,
            method: 'POST',
            body,
          };
        },
      }),
      markThreadRead: build.mutation<TMessageThread, ViewerArgs & { id: string }>({
        query: ({ id }) => ({ url: `/messages/threads/${segment(id)}/read`, method: 'POST' }),
        invalidatesTags: [LIST],
      }),
      closeThread: build.mutation<TMessageThread, ViewerArgs & { id: string }>({
        query: ({ id }) => ({ url: `/messages/threads/${segment(id)}/close`, method: 'POST' }),
        invalidatesTags: (_answer, _error, { id }) => [LIST, { type: 'MessageThread', id }],
      }),
    })),
  });

export const {
  useListThreadsQuery,
  useGetThreadQuery,
  useCreateThreadMutation,
  usePostMessageMutation,
  useUploadAttachmentMutation,
  useMarkThreadReadMutation,
  useCloseThreadMutation,
} = messagesApi;
