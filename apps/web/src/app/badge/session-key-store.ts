import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * product.md 4 'It is stored encrypted in browser storage': the badge session key's private key is kept AES-GCM encrypted
 * in localStorage, under a key that never leaves the browser (a non-extractable CryptoKey held in IndexedDB).
 */
const DB_NAME = 'ojo-arena-session-keys';
const STORE = 'keys';
const WRAPPING_KEY_ID = 'badge-session-wrapping-key';
const storageKey = (account: Address) => `ojo.badgeSessionKey.${account.toLowerCase()}`;

export interface StoredSessionKey {
  privateKey: Hex;
  /** Unix seconds. */
  validUntil: number;
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function wrappingKey(): Promise<CryptoKey> {
  const db = await openDatabase();
  try {
    const existing = await new Promise<CryptoKey | undefined>((resolve, reject) => {
      const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(WRAPPING_KEY_ID);
      request.onsuccess = () => resolve(request.result as CryptoKey | undefined);
      request.onerror = () => reject(request.error);
    });
    if (existing) return existing;
    const created = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    await new Promise<void>((resolve, reject) => {
      const transaction = db.transaction(STORE, 'readwrite');
      transaction.objectStore(STORE).put(created, WRAPPING_KEY_ID);
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
    return created;
  } finally {
    db.close();
  }
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** True when a key for `account` is stored and not past its expiry (read synchronously, inside a click). */
export function hasUnexpiredSessionKey(account: Address, nowMs = Date.now()): boolean {
  try {
    const raw = localStorage.getItem(storageKey(account));
    if (!raw) return false;
    const { validUntil } = JSON.parse(raw) as { validUntil: number };
    return validUntil * 1000 > nowMs + 60_000;
  } catch {
    return false;
  }
}

/** The address of the key stored for `account` (kept in clear: it is public on chain), read synchronously. */
export function storedSessionKeyAddress(account: Address): Address | undefined {
  try {
    const raw = localStorage.getItem(storageKey(account));
    return raw ? ((JSON.parse(raw) as { address?: Address }).address ?? undefined) : undefined;
  } catch {
    return undefined;
  }
}

export async function loadSessionKey(account: Address): Promise<StoredSessionKey | null> {
  const raw = localStorage.getItem(storageKey(account));
  if (!raw) return null;
  try {
    const { iv, data, validUntil } = JSON.parse(raw) as { iv: string; data: string; validUntil: number };
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(iv) },
      await wrappingKey(),
      fromBase64(data),
    );
    return { privateKey: new TextDecoder().decode(plain) as Hex, validUntil };
  } catch {
    return null;
  }
}

export async function storeSessionKey(account: Address, key: StoredSessionKey): Promise<void> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      await wrappingKey(),
      new TextEncoder().encode(key.privateKey),
    ),
  );
  localStorage.setItem(
    storageKey(account),
    JSON.stringify({
      iv: toBase64(iv),
      data: toBase64(data),
      validUntil: key.validUntil,
      address: privateKeyToAccount(key.privateKey).address,
    }),
  );
}

export function forgetSessionKey(account: Address): void {
  localStorage.removeItem(storageKey(account));
}
