import { type Address, getAddress, isAddress } from 'viem';

/** Which account each app origin is connected to (the origin's permission to ask this account for signatures). */
export interface Connections {
  get(origin: string): Address | undefined;
  set(origin: string, address: Address): void;
  remove(origin: string): void;
}

const STORAGE_KEY = 'arena-wallet.connections';

/** `storageKey`: the external-wallet mode keeps its connections apart from the smart accounts'. */
export function createConnections(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  storageKey = STORAGE_KEY,
): Connections {
  const read = (): Record<string, string> => {
    try {
      const value: unknown = JSON.parse(storage.getItem(storageKey) ?? '{}');
      return value && typeof value === 'object' ? (value as Record<string, string>) : {};
    } catch {
      return {};
    }
  };
  const write = (value: Record<string, string>) => storage.setItem(storageKey, JSON.stringify(value));
  return {
    get(origin) {
      const address = read()[origin];
      return address && isAddress(address) ? getAddress(address) : undefined;
    },
    set(origin, address) {
      write({ ...read(), [origin]: getAddress(address) });
    },
    remove(origin) {
      const { [origin]: _removed, ...rest } = read();
      write(rest);
    },
  };
}
