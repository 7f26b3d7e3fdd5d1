import { WALLET_RPC_ERROR } from '@ojo/domain/wallet/popup-protocol';
import { IDBFactory } from 'fake-indexeddb';
import { stringToHex, verifyMessage, verifyTypedData } from 'viem';
import { describe, expect, it } from 'vitest';
import { openKeyStore } from '../keys/key-store';
import { walletModeOf } from '../wallet-services';
import { createExternalAccountService } from './external-account-service';

const typedData = {
  domain: { name: 'Test', version: '1', chainId: 11124 },
  types: { Note: [{ name: 'text', type: 'string' }] },
  primaryType: 'Note',
  message: { text: 'hello' },
} as const;

describe('external-wallet mode (a plain externally owned devnet wallet)', () => {
  it('is the mode of /popup?mode=external only', () => {
    expect(walletModeOf('?mode=external')).toBe('external');
    expect(walletModeOf('')).toBe('smart-account');
    expect(walletModeOf('?mode=smart')).toBe('smart-account');
  });

  it('creates a plain key whose address is its own, and signs messages and typed data with that key', async () => {
    const keyStore = await openKeyStore({
      indexedDB: new IDBFactory(),
      databaseName: 'arena-wallet-external',
    });
    const accounts = createExternalAccountService(keyStore);
    const created = await accounts.createAccount();
    expect(created.owner).toBe(created.address);
    expect(await accounts.hasAccount(created.address)).toBe(true);
    expect((await accounts.listAccounts()).map((held) => held.address)).toEqual([created.address]);

    const message = 'Link this wallet';
    const signature = await accounts.signMessage(created.address, { raw: stringToHex(message) });
    // An EOA signature: it recovers offline, no contract wallet involved.
    expect(await verifyMessage({ address: created.address, message, signature })).toBe(true);
    const typed = await accounts.signTypedData(created.address, typedData);
    expect(await verifyTypedData({ address: created.address, signature: typed, ...typedData })).toBe(true);
    keyStore.close();
  });

  it('sends nothing (4200): it only signs', async () => {
    const keyStore = await openKeyStore({ indexedDB: new IDBFactory() });
    const accounts = createExternalAccountService(keyStore);
    const created = await accounts.createAccount();
    await expect(accounts.sendCalls(created.address, [{ to: created.address }])).rejects.toMatchObject({
      code: WALLET_RPC_ERROR.unsupportedMethod,
    });
    keyStore.close();
  });
});
