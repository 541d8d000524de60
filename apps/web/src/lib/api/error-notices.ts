import type { ApiFailure } from './error-catalogue.ts';

/** One alert at a time: a newer failure replaces the one on screen. */
export interface ApiNotice extends ApiFailure {
  id: number;
}

let current: ApiNotice | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function publishApiFailure(failure: ApiFailure): ApiNotice {
  current = { ...failure, id: nextId++ };
  emit();
  return current;
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
