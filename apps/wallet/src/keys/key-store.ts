import { type Address, bytesToHex, type Hex, hexToBytes, isHex } from 'viem';

/**
 * Owner keys of the smart accounts, kept only in this origin's IndexedDB. Each private key is encrypted at rest with
 * AES-GCM under one wrapping key that is generated non-extractable and stored as a CryptoKey object in the same
 * database: script on this origin can use it to decrypt, but nobody can read its bytes out.
 */

const DB_VERSION = 1;
const WRAPPING_KEY_STORE = 'wrapping-keys';
const ACCOUNT_STORE = 'accounts';
const WRAPPING_KEY_ID = 'owner-keys';
const IV_BYTES = 12;

/** What the store keeps per account (the private key only as ciphertext). */
interface StoredAccount {
  address: Address;
  owner: Address;
  salt: string;
  createdAtMs: number;
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: ArrayBuffer;
}

export interface HeldAccount {
  /** The smart account (counterfactual or deployed). */
  address: Address;
  /** The owner key's address. */
  owner: Address;
  salt: bigint;
  createdAtMs: number;
}

export interface KeyStore {
  listAccounts(): Promise<HeldAccount[]>;
  getAccount(address: Address): Promise<HeldAccount | undefined>;
  saveAccount(account: Omit<HeldAccount, 'createdAtMs'> & { privateKey: Hex }): Promise<HeldAccount>;
  readPrivateKey(address: Address): Promise<Hex>;
  close(): void;
}

export class KeyStoreError extends Error {
  override name = 'KeyStoreError';
}

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new KeyStoreError('IndexedDB request failed'));
  });
}

function completion(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () =>
      reject(transaction.error ?? new KeyStoreError('IndexedDB transaction failed'));
    transaction.onabort = () =>
      reject(transaction.error ?? new KeyStoreError('IndexedDB transaction aborted'));
  });
}

function openDatabase(indexedDB: IDBFactory, name: string): Promise<IDBDatabase> {
  const request = indexedDB.open(name, DB_VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains(WRAPPING_KEY_STORE)) db.createObjectStore(WRAPPING_KEY_STORE);
    if (!db.objectStoreNames.contains(ACCOUNT_STORE))
      db.createObjectStore(ACCOUNT_STORE, { keyPath: 'address' });
  };
  return promisify(request);
}

async function loadOrCreateWrappingKey(db: IDBDatabase, subtle: SubtleCrypto): Promise<CryptoKey> {
  const read = db.transaction(WRAPPING_KEY_STORE, 'readonly').objectStore(WRAPPING_KEY_STORE);
  const existing = (await promisify(read.get(WRAPPING_KEY_ID))) as CryptoKey | undefined;
  if (existing) return existing;
  const key = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const transaction = db.transaction(WRAPPING_KEY_STORE, 'readwrite');
  const store = transaction.objectStore(WRAPPING_KEY_STORE);
  // `add` fails if another tab created the key in between; then that one is used.
  store.add(key, WRAPPING_KEY_ID);
  try {
    await completion(transaction);
    return key;
  } catch {
    const again = db.transaction(WRAPPING_KEY_STORE, 'readonly').objectStore(WRAPPING_KEY_STORE);
    const winner = (await promisify(again.get(WRAPPING_KEY_ID))) as CryptoKey | undefined;
    if (!winner) throw new KeyStoreError('Could not create the key encryption key');
    return winner;
  }
}

const toHeld = ({ address, owner, salt, createdAtMs }: StoredAccount): HeldAccount => ({
  address,
  owner,
  salt: BigInt(salt),
  createdAtMs,
});

/** The associated data binds each ciphertext to its account, so records cannot be swapped. */
const associatedData = (address: Address) => new TextEncoder().encode(address.toLowerCase());

export async function openKeyStore(
  options: { indexedDB?: IDBFactory; crypto?: Crypto; databaseName?: string } = {},
): Promise<KeyStore> {
  const indexedDB = options.indexedDB ?? globalThis.indexedDB;
  const crypto = options.crypto ?? globalThis.crypto;
  if (!indexedDB) throw new KeyStoreError('This browser has no IndexedDB: the wallet cannot keep keys');
  const db = await openDatabase(indexedDB, options.databaseName ?? 'arena-wallet');
  const wrappingKey = await loadOrCreateWrappingKey(db, crypto.subtle);

  const readStored = async (address: Address) => {
    const store = db.transaction(ACCOUNT_STORE, 'readonly').objectStore(ACCOUNT_STORE);
    return (await promisify(store.get(address))) as StoredAccount | undefined;
  };

  return {
    async listAccounts() {
      const store = db.transaction(ACCOUNT_STORE, 'readonly').objectStore(ACCOUNT_STORE);
      const all = (await promisify(store.getAll())) as StoredAccount[];
      return all.map(toHeld).sort((a, b) => a.createdAtMs - b.createdAtMs);
    },
    async getAccount(address) {
      const stored = await readStored(address);
      return stored && toHeld(stored);
    },
    async saveAccount({ address, owner, salt, privateKey }) {
      if (!isHex(privateKey) || hexToBytes(privateKey).length !== 32) {
        throw new KeyStoreError('A private key is 32 bytes of hex');
      }
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const ciphertext = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: associatedData(address) },
        wrappingKey,
        new Uint8Array(hexToBytes(privateKey)),
      );
      const record: StoredAccount = {
        address,
        owner,
        salt: salt.toString(),
        createdAtMs: Date.now(),
        iv,
        ciphertext,
      };
      const transaction = db.transaction(ACCOUNT_STORE, 'readwrite');
      transaction.objectStore(ACCOUNT_STORE).add(record);
      await completion(transaction);
      return toHeld(record);
    },
    async readPrivateKey(address) {
      const stored = await readStored(address);
      if (!stored) throw new KeyStoreError(`This wallet holds no key for ${address}`);
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: stored.iv, additionalData: associatedData(stored.address) },
          wrappingKey,
          stored.ciphertext,
        );
        return bytesToHex(new Uint8Array(plain));
      } catch {
        throw new KeyStoreError(`The key of ${address} cannot be decrypted in this browser`);
      }
    },
    close() {
      db.close();
    },
  };
}
