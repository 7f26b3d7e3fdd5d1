import type { Address, Hex } from 'viem';
import { createStore } from 'zustand/vanilla';
import type { Call } from '../accounts/account-service';
import { userRejected } from '../protocol/messages';
import type { CallDescription } from './describe-call';
import type { TypedDataDomainView, TypedDataField } from './typed-data';

export interface SessionKeyRequest {
  sessionKey: Address;
  target: Address;
  selector: Hex;
  feeLimitWei: bigint;
  /** Unix seconds. */
  validUntil: number;
  /** The key it replaces (revoked in the same operation while still active). */
  replacesKey?: Address | undefined;
}

/** What the person is asked to approve. */
export type Prompt =
  | { kind: 'connect'; origin: string }
  | {
      kind: 'sign';
      origin: string;
      address: Address;
      content:
        | { type: 'message'; text: string }
        | { type: 'typed-data'; domain: TypedDataDomainView; primaryType: string; fields: TypedDataField[] };
    }
  | { kind: 'transaction'; origin: string; address: Address; calls: Call[]; isSponsored: boolean }
  | {
      kind: 'session-key';
      origin: string;
      address: Address;
      policy: SessionKeyRequest;
      /** The policy's contract and function as a person reads them. */
      call: CallDescription;
      isSponsored: boolean;
    };

export interface PromptAnswer {
  /** For `connect`: the account chosen (or just created). */
  address?: Address;
}

export interface Prompter {
  /**
   * Shows `prompt`; once the person approves, runs `work` with their answer (the prompt shows progress meanwhile)
   * and resolves with its result. Cancelling rejects with 4001.
   */
  ask<T>(prompt: Prompt, work: (answer: PromptAnswer) => Promise<T>): Promise<T>;
}

export interface PendingPrompt {
  id: number;
  prompt: Prompt;
  status: 'waiting' | 'working';
}

interface Entry extends PendingPrompt {
  approve(answer: PromptAnswer): void;
  cancel(): void;
}

/**
 * The queue of prompts the popup shows, one at a time, in arrival order. React reads `pending` (a zustand store of
 * what the popup shows, with useStore); the buttons call `approve` and `cancel`.
 */
export function createPromptQueue() {
  let entries: Entry[] = [];
  let nextId = 1;
  const pending = createStore<PendingPrompt[]>()(() => []);
  const publish = () => {
    pending.setState(
      entries.map(({ id, prompt, status }) => ({ id, prompt, status })),
      true,
    );
  };
  const remove = (id: number) => {
    entries = entries.filter((entry) => entry.id !== id);
    publish();
  };

  const prompter: Prompter = {
    ask(prompt, work) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        const entry: Entry = {
          id,
          prompt,
          status: 'waiting',
          approve(answer) {
            if (entry.status !== 'waiting') return;
            entry.status = 'working';
            publish();
            work(answer).then(
              (result) => {
                remove(id);
                resolve(result);
              },
              (error: unknown) => {
                remove(id);
                reject(error);
              },
            );
          },
          cancel() {
            if (entry.status !== 'waiting') return;
            remove(id);
            reject(userRejected());
          },
        };
        entries = [...entries, entry];
        publish();
      });
    },
  };

  const find = (id: number) => entries.find((entry) => entry.id === id);
  return {
    prompter,
    pending,
    /** The prompts shown now, outside React. */
    getSnapshot: () => pending.getState(),
    approve: (id: number, answer: PromptAnswer = {}) => find(id)?.approve(answer),
    cancel: (id: number) => find(id)?.cancel(),
    /** The popup is closing: every open prompt counts as cancelled. */
    cancelAll: () => {
      for (const entry of [...entries]) entry.cancel();
    },
  };
}

export type PromptQueue = ReturnType<typeof createPromptQueue>;
