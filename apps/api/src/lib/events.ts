import type { Database, Transaction } from '@ojo/db/client';

/**
 * What one module tells the others happened, without importing them (ARCHITECTURE.md "Module events"). Each event's
 * handlers run inside the emitter's transaction, so what they write commits or rolls back with the fact itself.
 */
export interface AppEvents {
  /** A player linked a wallet (POST /customer/bind/auth): a connected address exists from this transaction on. */
  walletLinked: { userId: string; address: string };
}

export type AppEventName = keyof AppEvents;
export type AppEventHandler<Name extends AppEventName> = (
  tx: Transaction | Database,
  payload: AppEvents[Name],
) => Promise<void>;

export interface AppEventBus {
  /** Adds a handler (at start, from the module that reacts). */
  on<Name extends AppEventName>(name: Name, handler: AppEventHandler<Name>): void;
  /** Runs every handler of the event in order, inside `tx`; a handler's error aborts the emitter's transaction. */
  emit<Name extends AppEventName>(
    tx: Transaction | Database,
    name: Name,
    payload: AppEvents[Name],
  ): Promise<void>;
}

export function createEventBus(): AppEventBus {
  const handlers = new Map<AppEventName, AppEventHandler<AppEventName>[]>();
  return {
    on(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as AppEventHandler<AppEventName>]);
    },
    async emit(tx, name, payload) {
      for (const handler of handlers.get(name) ?? []) await handler(tx, payload);
    },
  };
}
