import { useEffect, useEffectEvent, useMemo } from 'react';
import { useStore } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { resolveToken } from '../../lib/api/base-query.ts';
import type { ViewerArgs } from '../../lib/api/viewer-args.ts';
import { messagesApi, type MessagePage } from './messages-api.ts';
import { openMessageStream, type StreamEvent } from './message-stream.ts';
import type { TMessageThread, TThreadMessage } from './message-types.ts';

/** The store as the messages' cache sees it (the API's slice is injected when first loaded). */
type CacheState = Parameters<typeof messagesApi.util.selectCachedArgsForQuery>[0];
type CacheStore = {
  getState: () => CacheState;
  dispatch: ThunkDispatch<CacheState, unknown, UnknownAction>;
};

type Listener = (event: StreamEvent) => void;

/** The one reader of the stream in this tab, shared by everything on screen that listens. */
let shared: { close: () => void; listeners: Set<Listener> } | null = null;

/**
 * A message the reader has not seen yet goes to the top of its thread's newest page, wherever
 * that page is cached (by any viewer key); a message already there is left as it is.
 */
function addMessageToThreads({ getState, dispatch }: CacheStore, message: TThreadMessage) {
  for (const args of messagesApi.util.selectCachedArgsForQuery(getState(), 'getThread')) {
    if (args.id !== message.threadId || args.cursor !== undefined) continue;
    dispatch(
      messagesApi.util.updateQueryData('getThread', args, (page) => {
        if (!page.messages.some((shown) => shown._id === message._id))
          page.messages.unshift(message);
      }),
    );
  }
}

function applyToCache(store: CacheStore, event: StreamEvent) {
  if (event.type === 'message') addMessageToThreads(store, event.message);
  // The inboxes and the header's count are read again: their order and counts change.
  store.dispatch(
    messagesApi.util.invalidateTags([
      { type: 'MessageThread', id: 'LIST' },
      ...(event.type === 'closed' ? [{ type: 'MessageThread' as const, id: event.threadId }] : []),
    ]),
  );
}

/**
 * Listens to the live stream while the calling component is on screen. The first listener opens
 * the tab's one connection (message-stream.ts), the last one to go closes it. Each event updates
 * the cached answers once (the open thread, the inboxes, the header's count), then reaches every
 * listener.
 */
export function useLiveMessages(onEvent?: Listener) {
  const store = useStore() as unknown as CacheStore;
  const notify = useEffectEvent((event: StreamEvent) => onEvent?.(event));
  useEffect(() => {
    const listener: Listener = (event) => notify(event);
    if (!shared) {
      const listeners = new Set<Listener>();
      const connection = openMessageStream({
        getToken: () => resolveToken(store.getState),
        onEvent: (event) => {
          applyToCache(store, event);
          for (const each of listeners) each(event);
        },
      });
      shared = { close: connection.close, listeners };
    }
    const current = shared;
    current.listeners.add(listener);
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size === 0) {
        current.close();
        if (shared === current) shared = null;
      }
    };
  }, [store]);
}

/** What a screen writes into the messages' cache itself: a message it sent, a thread it made. */
export function useMessagesCache() {
  const store = useStore() as unknown as CacheStore;
  return useMemo(
    () => ({
      addMessage: (message: TThreadMessage) => addMessageToThreads(store, message),
      putThread: (args: ViewerArgs & { id: string }, page: MessagePage) =>
        void store.dispatch(messagesApi.util.upsertQueryData('getThread', args, page)),
      /** A thread's new state (closed, say) on every cached page of it, before it is read again. */
      setThread: (thread: TMessageThread) => {
        for (const args of messagesApi.util.selectCachedArgsForQuery(store.getState(), 'getThread'))
          if (args.id === thread._id)
            store.dispatch(
              messagesApi.util.updateQueryData('getThread', args, (page) => {
                page.thread = thread;
              }),
            );
      },
    }),
    [store],
  );
}
