import { IDBFactory } from 'fake-indexeddb';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { type KeyStore, KeyStoreError, openKeyStore } from './key-store';

const ACCOUNT_A = '0x00000000000000000000000000000000000000a1';
const ACCOUNT_B = '0x00000000000000000000000000000000000000b2';

function rawRecords(indexedDB: IDBFactory, storeName: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('arena-wallet');
    open.onsuccess = () => {
      const request = open.result.transaction(storeName, 'readonly').objectStore(storeName).getAll();
      request.onsuccess = () => {
        open.result.close();
        resolve(request.result);
      };
      request.onerror = () => reject(request.error);
    };
    open.onerror = () => reject(open.error);
  });
}

describe('key store', () => {
  const opened: KeyStore[] = [];
  const open = async (indexedDB: IDBFactory) => {
    const store = await openKeyStore({ indexedDB });
    opened.push(store);
    return store;
  };
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
  });

  it('gives back the saved key and lists accounts in creation order', async () => {
    const indexedDB = new IDBFactory();
    const store = await open(indexedDB);
    const keyA = generatePrivateKey();
    const keyB = generatePrivateKey();
    await store.saveAccount({
      address: ACCOUNT_A,
      owner: privateKeyToAddress(keyA),
      salt: 0n,
      privateKey: keyA,
    });
    await store.saveAccount({
      address: ACCOUNT_B,
      owner: privateKeyToAddress(keyB),
      salt: 7n,
      privateKey: keyB,
    });

    expect(await store.readPrivateKey(ACCOUNT_A)).toBe(keyA);
    expect(await store.readPrivateKey(ACCOUNT_B)).toBe(keyB);
    const accounts = await store.listAccounts();
    expect(accounts.map((account) => [account.address, account.owner, account.salt])).toEqual([
      [ACCOUNT_A, privateKeyToAddress(keyA), 0n],
      [ACCOUNT_B, privateKeyToAddress(keyB), 7n],
    ]);
  });

  it('keeps keys across a reopen of the database (same browser profile)', async () => {
    const indexedDB = new IDBFactory();
    const key = generatePrivateKey();
    const first = await open(indexedDB);
    await first.saveAccount({
      address: ACCOUNT_A,
      owner: privateKeyToAddress(key),
      salt: 0n,
      privateKey: key,
    });
    first.close();
    const second = await open(indexedDB);
    expect(await second.readPrivateKey(ACCOUNT_A)).toBe(key);
  });

  it('stores only ciphertext, under a wrapping key whose bytes cannot be exported', async () => {
    const indexedDB = new IDBFactory();
    const store = await open(indexedDB);
    const key = generatePrivateKey();
    await store.saveAccount({
      address: ACCOUNT_A,
      owner: privateKeyToAddress(key),
      salt: 0n,
      privateKey: key,
    });

    const [record] = (await rawRecords(indexedDB, 'accounts')) as Record<string, unknown>[];
    const serialized = JSON.stringify(record, (_, value) =>
      value instanceof ArrayBuffer || ArrayBuffer.isView(value)
        ? Buffer.from(value as ArrayBuffer).toString('hex')
        : value,
    );
    expect(serialized).not.toContain(key.slice(2));
    expect(Object.keys(record ?? {})).not.toContain('privateKey');

    const [wrappingKey] = (await rawRecords(indexedDB, 'wrapping-keys')) as CryptoKey[];
    expect(wrappingKey?.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', wrappingKey as CryptoKey)).rejects.toThrow();
  });

  it('cannot decrypt a record moved to another account or another browser', async () => {
    const indexedDB = new IDBFactory();
    const store = await open(indexedDB);
    const key = generatePrivateKey();
    await store.saveAccount({
      address: ACCOUNT_A,
      owner: privateKeyToAddress(key),
      salt: 0n,
      privateKey: key,
    });
    const [record] = (await rawRecords(indexedDB, 'accounts')) as Record<string, unknown>[];

    // The same ciphertext filed under another account fails (the address is authenticated data).
    await new Promise<void>((resolve, reject) => {
      const openRequest = indexedDB.open('arena-wallet');
      openRequest.onsuccess = () => {
        const tx = openRequest.result.transaction('accounts', 'readwrite');
        tx.objectStore('accounts').put({ ...record, address: ACCOUNT_B });
        tx.oncomplete = () => {
          openRequest.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
    await expect(store.readPrivateKey(ACCOUNT_B)).rejects.toThrow(KeyStoreError);

    // Another profile (its own wrapping key) cannot read it either.
    const otherBrowser = await open(new IDBFactory());
    await expect(otherBrowser.readPrivateKey(ACCOUNT_A)).rejects.toThrow('holds no key');
  });

  it('refuses a malformed private key and a duplicate account', async () => {
    const store = await open(new IDBFactory());
    const key = generatePrivateKey();
    await expect(
      store.saveAccount({ address: ACCOUNT_A, owner: ACCOUNT_A, salt: 0n, privateKey: '0x1234' }),
    ).rejects.toThrow('32 bytes');
    await store.saveAccount({
      address: ACCOUNT_A,
      owner: privateKeyToAddress(key),
      salt: 0n,
      privateKey: key,
    });
    await expect(
      store.saveAccount({ address: ACCOUNT_A, owner: privateKeyToAddress(key), salt: 0n, privateKey: key }),
    ).rejects.toThrow();
    expect(await store.listAccounts()).toHaveLength(1);
  });
});
