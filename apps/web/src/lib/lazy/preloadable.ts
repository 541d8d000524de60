import { lazy, type ComponentType } from 'react';

/**
 * A thenable that calls back at once, where a promise would wait for a microtask: React.lazy
 * reads it as settled and renders without suspending. Typed as the promise lazy() asks for.
 */
export function settled<T>(value: T): Promise<T> {
  const thenable = { then: (onFulfilled: (value: T) => unknown) => onFulfilled(value) };
  return thenable as unknown as Promise<T>;
}

/**
 * A component in its own chunk that can be loaded before it is first rendered (`preload`, on a
 * press's first sign: a pointer over it, focus). Once loaded it renders at once, without
 * suspending, so a screen that preloads it switches to it in the same render.
 */
export function preloadable<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> & { preload: () => Promise<unknown> } {
  let loaded: { default: ComponentType<Props> } | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = { default: component })));
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload())),
    { preload },
  );
}
