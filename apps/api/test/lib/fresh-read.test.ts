import { describe, expect, it } from 'vitest';
import { freshRead } from '../../src/lib/fresh-read';

/** A source whose reads the test answers by hand, in order, each with the number of the read. */
function handSource() {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  let started = 0;
  return {
    read: () =>
      new Promise<number>((resolve, reject) => {
        started += 1;
        const n = started;
        pending.push({ resolve: () => resolve(n), reject });
      }),
    get started() {
      return started;
    },
    answer: () => pending.shift()!.resolve(0),
    fail: () => pending.shift()!.reject(new Error('node down')),
  };
}
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('freshRead', () => {
  it('answers every caller with a read sent after it called, with one read in flight at a time', async () => {
    const source = handSource();
    const read = freshRead(source.read);
    const first = read();
    // Arriving while the first read is in flight: they share the next one, not the first.
    const during = [read(), read(), read()];
    expect(source.started).toBe(1);
    source.answer();
    expect(await first).toBe(1);
    await settled();
    expect(source.started).toBe(2);
    // Arriving while the second is in flight: a third, shared.
    const later = read();
    source.answer();
    expect(await Promise.all(during)).toEqual([2, 2, 2]);
    await settled();
    expect(source.started).toBe(3);
    source.answer();
    expect(await later).toBe(3);
    // Idle again: the next caller starts a read at once.
    const alone = read();
    expect(source.started).toBe(4);
    source.answer();
    expect(await alone).toBe(4);
  });

  it('a failed read rejects only its callers; the ones waiting for the next read get it', async () => {
    const source = handSource();
    const read = freshRead(source.read);
    const first = read();
    const waiting = read();
    source.fail();
    await expect(first).rejects.toThrow('node down');
    await settled();
    expect(source.started).toBe(2);
    source.answer();
    expect(await waiting).toBe(2);
  });
});
