import type { ApiFailure } from './error-catalogue.ts';

/** One alert at a time: a newer failure replaces the one on screen. */
export interface ApiNotice extends ApiFailure {
  id: number;
  /** The request that failed (its query cache key, or the mutation's endpoint). */
  source?: string;
}

let current: ApiNotice | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function publishApiFailure(failure: ApiFailure, source?: string): ApiNotice {
  current = { ...failure, id: nextId++, ...(source !== undefined && { source }) };
  emit();
  return current;
}

/**
 * The request `source` has just succeeded: if the alert on screen is its own earlier failure
 * (the user retried once the network or the server was back), the alert is out of date and goes.
 * Another request's success leaves it alone.
 */
export function settleApiSource(source: string): void {
  if (current?.source === source) dismissApiNotice(current.id);
}

export function dismissApiNotice(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

export function subscribeApiNotices(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentApiNotice(): ApiNotice | null {
  return current;
}
