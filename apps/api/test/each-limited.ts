/**
 * Runs `task` over `items`, `limit` at a time: the fuzz campaigns send hundreds of requests
 * concurrently enough to find races, without queueing them all on the pool at once.
 */
export async function eachLimited<T>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}
