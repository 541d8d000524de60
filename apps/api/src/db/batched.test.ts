import { describe, expect, it } from 'vitest';
import { batched } from './batched.ts';

/** A `run` whose statements end when the test says, recording the inputs each carried. */
function heldRun() {
  const sent: number[][] = [];
  const ends: { resolve: (outputs: string[]) => void; reject: (error: Error) => void }[] = [];
  const run = (inputs: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      sent.push(inputs);
      ends.push({ resolve, reject });
    });
  /** Ends statement `i` with an answer per input. */
  const answer = async (i: number) => {
    ends[i]!.resolve(sent[i]!.map((input) => `answer ${input}`));
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { sent, ends, run, answer };
}

describe('batched', () => {
  it('sends a lone call at once, alone', async () => {
    const { sent, run, answer } = heldRun();
    const load = batched(run, { maxInFlight: 2 });
    const answered = load(1);
    expect(sent).toEqual([[1]]);
    await answer(0);
    await expect(answered).resolves.toBe('answer 1');
  });

  it('gathers the calls that arrive while every statement is in flight into the next one', async () => {
    const { sent, run, answer } = heldRun();
    const load = batched(run, { maxInFlight: 2 });
    const answers = [1, 2, 3, 4, 5].map((input) => load(input));
    expect(sent).toEqual([[1], [2]]);
    await answer(0);
    expect(sent).toEqual([[1], [2], [3, 4, 5]]);
    await answer(1);
    await answer(2);
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5].map((n) => `answer ${n}`));
  });

  it('sends at most maxBatch calls in one statement', async () => {
    const { sent, run, answer } = heldRun();
    const load = batched(run, { maxInFlight: 1, maxBatch: 2 });
    const answers = [1, 2, 3, 4, 5].map((input) => load(input));
    await answer(0);
    expect(sent).toEqual([[1], [2, 3]]);
    await answer(1);
    expect(sent).toEqual([[1], [2, 3], [4, 5]]);
    await answer(2);
    expect(await Promise.all(answers)).toHaveLength(5);
  });

  it('fails every call of a failed statement with its error, and goes on with the next', async () => {
    const { sent, ends, run, answer } = heldRun();
    const load = batched(run, { maxInFlight: 1 });
    const first = load(1);
    const [second, third] = [load(2), load(3)];
    const fourth = load(4);
    await answer(0);
    await expect(first).resolves.toBe('answer 1');
    const lost = new Error('connection lost');
    ends[1]!.reject(lost);
    await expect(second).rejects.toBe(lost);
    await expect(third).rejects.toBe(lost);
    expect(sent).toEqual([[1], [2, 3, 4]]);
    await expect(fourth).rejects.toBe(lost);
    const fifth = load(5);
    expect(sent.at(-1)).toEqual([5]);
    await answer(2);
    await expect(fifth).resolves.toBe('answer 5');
  });
});
