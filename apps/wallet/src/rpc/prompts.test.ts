import { describe, expect, it } from 'vitest';
import { createPromptQueue } from './prompts';

const connect = { kind: 'connect', origin: 'http://localhost:3000' } as const;

describe('prompt queue', () => {
  it('shows prompts one after another and runs the work with the answer once approved', async () => {
    const queue = createPromptQueue();
    const first = queue.prompter.ask(connect, async ({ address }) => `first:${address}`);
    const second = queue.prompter.ask(connect, async () => 'second');
    const [a, b] = queue.getSnapshot();
    expect([a?.status, b?.status]).toEqual(['waiting', 'waiting']);

    queue.approve(a!.id, { address: '0x00000000000000000000000000000000000000a1' });
    await expect(first).resolves.toBe('first:0x00000000000000000000000000000000000000a1');
    expect(queue.getSnapshot().map((entry) => entry.id)).toEqual([b!.id]);
    queue.approve(b!.id);
    await expect(second).resolves.toBe('second');
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('rejects with 4001 on cancel, and cannot be cancelled while working', async () => {
    const queue = createPromptQueue();
    const cancelled = queue.prompter.ask(connect, async () => 'never');
    queue.cancel(queue.getSnapshot()[0]!.id);
    await expect(cancelled).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' });

    let finish: (value: string) => void = () => {};
    const working = queue.prompter.ask(connect, () => new Promise<string>((resolve) => (finish = resolve)));
    const { id } = queue.getSnapshot()[0]!;
    queue.approve(id);
    expect(queue.getSnapshot()[0]?.status).toBe('working');
    queue.cancel(id);
    finish('done');
    await expect(working).resolves.toBe('done');
  });

  it('passes the work failure to the caller and cancels every waiting prompt when the popup closes', async () => {
    const queue = createPromptQueue();
    const failing = queue.prompter.ask(connect, async () => {
      throw new Error('bundler down');
    });
    queue.approve(queue.getSnapshot()[0]!.id);
    await expect(failing).rejects.toThrow('bundler down');

    const one = queue.prompter.ask(connect, async () => 1);
    const two = queue.prompter.ask(connect, async () => 2);
    queue.cancelAll();
    await expect(one).rejects.toMatchObject({ code: 4001 });
    await expect(two).rejects.toMatchObject({ code: 4001 });
  });
});
