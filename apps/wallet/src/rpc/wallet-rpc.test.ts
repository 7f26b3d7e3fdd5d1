import { IDBFactory } from 'fake-indexeddb';
import { getAddress } from 'viem';
import { entryPoint08Address } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it, vi } from 'vitest';
import { type AccountService, createAccountService } from '../accounts/account-service';
import { createWalletPublicClient } from '../chain/chain';
import { openKeyStore } from '../keys/key-store';
import { createConnections } from './connections';
import { createPromptQueue } from './prompts';
import { createWalletRpc, describeMessage } from './wallet-rpc';

const APP = 'http://localhost:3000';
const OTHER_APP = 'http://localhost:4000';
const HELD = '0x00000000000000000000000000000000000000A1';

/** localStorage as the browser has it, for the connections (node has none). */
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => values.set(key, value),
  };
}

async function setup(overrides: Partial<AccountService> = {}) {
  const keyStore = await openKeyStore({ indexedDB: new IDBFactory() });
  const key = generatePrivateKey();
  await keyStore.saveAccount({ address: HELD, owner: privateKeyToAddress(key), salt: 0n, privateKey: key });
  const queue = createPromptQueue();
  const accounts = createAccountService({
    keyStore,
    // These tests never reach the chain: every path here is decided before it.
    publicClient: createWalletPublicClient({ chainId: 11124, rpcUrl: 'http://127.0.0.1:9' }),
    getContracts: () => Promise.reject(new Error('no chain in this test')),
    bundlerUrl: 'http://127.0.0.1:9',
    saasId: 'ojo-arena',
  });
  const rpc = createWalletRpc({
    chainId: 11124,
    accounts: { ...accounts, ...overrides },
    connections: createConnections(memoryStorage()),
    prompter: queue.prompter,
  });
  const call = (method: string, params: unknown[] = [], origin = APP) => rpc({ origin, method, params });
  /** The prompt the person sees next, once the request has reached it. */
  const nextPrompt = () =>
    vi.waitFor(() => {
      const [prompt] = queue.getSnapshot();
      if (!prompt) throw new Error('no prompt yet');
      return prompt;
    });
  return { call, queue, nextPrompt, keyStore };
}

describe('wallet rpc', () => {
  it('answers the chain id and refuses unknown methods with 4200', async () => {
    const { call } = await setup();
    await expect(call('eth_chainId')).resolves.toBe('0x2b74');
    await expect(call('eth_mine')).rejects.toMatchObject({ code: 4200 });
  });

  it('connects the chosen account to the asking origin only', async () => {
    const { call, queue, nextPrompt } = await setup();
    await expect(call('eth_accounts')).resolves.toEqual([]);
    const connecting = call('eth_requestAccounts');
    const prompt = await nextPrompt();
    expect(prompt?.prompt).toEqual({ kind: 'connect', origin: APP });
    queue.approve(prompt!.id, { address: HELD });
    await expect(connecting).resolves.toEqual([HELD]);
    await expect(call('eth_accounts')).resolves.toEqual([HELD]);
    await expect(call('eth_accounts', [], OTHER_APP)).resolves.toEqual([]);

    await call('wallet_disconnect');
    await expect(call('eth_accounts')).resolves.toEqual([]);
  });

  it('rejects with 4001 when the person cancels, and refuses an account the wallet does not hold', async () => {
    const { call, queue, nextPrompt } = await setup();
    const cancelled = call('eth_requestAccounts');
    queue.cancel((await nextPrompt())!.id);
    await expect(cancelled).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' });

    const unknown = call('eth_requestAccounts');
    queue.approve((await nextPrompt())!.id, { address: '0x00000000000000000000000000000000000000b2' });
    await expect(unknown).rejects.toMatchObject({ code: 4100 });
  });

  it('refuses to sign for an unconnected origin or another account (4100) and bad params (-32602)', async () => {
    const { call, queue, nextPrompt } = await setup();
    await expect(call('personal_sign', ['0x68656c6c6f', HELD])).rejects.toMatchObject({ code: 4100 });

    const connecting = call('eth_requestAccounts');
    queue.approve((await nextPrompt())!.id, { address: HELD });
    await connecting;
    await expect(call('personal_sign', ['0x68656c6c6f', HELD], OTHER_APP)).rejects.toMatchObject({
      code: 4100,
    });
    await expect(
      call('personal_sign', ['0x68656c6c6f', '0x00000000000000000000000000000000000000b2']),
    ).rejects.toMatchObject({ code: 4100 });
    await expect(call('personal_sign', ['hello', HELD])).rejects.toMatchObject({ code: -32602 });
    await expect(call('eth_signTypedData_v4', [HELD, '{not json'])).rejects.toMatchObject({ code: -32602 });
    await expect(call('eth_sendTransaction', [{ from: HELD, to: 'nowhere' }])).rejects.toMatchObject({
      code: -32602,
    });

    // A valid request reaches the person, with the message shown as text.
    const signing = call('personal_sign', ['0x68656c6c6f', HELD]);
    const prompt = await nextPrompt();
    expect(prompt?.prompt).toEqual({
      kind: 'sign',
      origin: APP,
      address: HELD,
      content: { type: 'message', text: 'hello' },
    });
    queue.cancel(prompt!.id);
    await expect(signing).rejects.toMatchObject({ code: 4001 });
  });

  it('shows a session key policy, and refuses one already expired or with a malformed selector', async () => {
    const { call, queue, nextPrompt } = await setup();
    const connecting = call('eth_requestAccounts');
    queue.approve((await nextPrompt())!.id, { address: HELD });
    await connecting;
    const policy = {
      sessionKey: '0x00000000000000000000000000000000000000c3',
      target: '0x00000000000000000000000000000000000000d4',
      selector: '0x12345678',
      feeLimitWei: '0x2386f26fc10000',
      validUntil: Math.floor(Date.now() / 1000) + 86_400,
    };
    await expect(call('ojo_grantSessionKey', [{ ...policy, validUntil: 1 }])).rejects.toMatchObject({
      code: -32602,
    });
    await expect(call('ojo_grantSessionKey', [{ ...policy, selector: '0x12' }])).rejects.toMatchObject({
      code: -32602,
    });

    const granting = call('ojo_grantSessionKey', [policy]);
    const prompt = await nextPrompt();
    expect(prompt?.prompt).toMatchObject({
      kind: 'session-key',
      address: HELD,
      isSponsored: false,
      policy: {
        ...policy,
        sessionKey: getAddress(policy.sessionKey),
        target: getAddress(policy.target),
        feeLimitWei: 10_000_000_000_000_000n,
      },
    });
    queue.cancel(prompt!.id);
    await expect(granting).rejects.toMatchObject({ code: 4001 });
  });

  it('revokes the key a new session key replaces in the same operation, only while that key is active', async () => {
    const replaced = '0x00000000000000000000000000000000000000E5';
    const policy = {
      sessionKey: '0x00000000000000000000000000000000000000c3',
      target: '0x00000000000000000000000000000000000000d4',
      selector: '0x12345678',
      feeLimitWei: '0x2386f26fc10000',
      validUntil: Math.floor(Date.now() / 1000) + 86_400,
      replacesKey: replaced,
    };
    for (const isActive of [true, false]) {
      const sendCalls = vi.fn(async () => ({ userOpHash: '0x01', txHash: '0x02', receipt: {} }) as never);
      const { call, queue, nextPrompt } = await setup({
        isSessionKeyActive: async () => isActive,
        sendCalls,
      });
      const connecting = call('eth_requestAccounts');
      queue.approve((await nextPrompt())!.id, { address: HELD });
      await connecting;
      const granting = call('ojo_grantSessionKey', [policy]);
      queue.approve((await nextPrompt())!.id);
      await granting;
      const sent = (sendCalls.mock.calls[0] as unknown as [string, { data: string }[]])[1];
      const selectors = sent.map((entry) => entry.data.slice(0, 10));
      // revokeSessionKey(address) is 0x84f4fc6a, addSessionKey(...) 0x9f371241.
      expect(selectors).toEqual(isActive ? ['0x84f4fc6a', '0x9f371241'] : ['0x9f371241']);
    }
  });

  it('refuses typed data for the EntryPoint or the account itself without asking, and shows the rest in full', async () => {
    const { call, queue, nextPrompt } = await setup();
    const connecting = call('eth_requestAccounts');
    queue.approve((await nextPrompt())!.id, { address: HELD });
    await connecting;

    // A PackedUserOperation for the EntryPoint would authorise a whole user operation of the account.
    const userOperation = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        PackedUserOperation: [
          { name: 'sender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
        ],
      },
      primaryType: 'PackedUserOperation',
      domain: { name: 'ERC4337', version: '1', chainId: 11124, verifyingContract: entryPoint08Address },
      message: { sender: HELD, nonce: '0' },
    };
    await expect(call('eth_signTypedData_v4', [HELD, JSON.stringify(userOperation)])).rejects.toMatchObject({
      code: -32602,
    });
    const forAccount = { ...userOperation, domain: { ...userOperation.domain, verifyingContract: HELD } };
    await expect(call('eth_signTypedData_v4', [HELD, JSON.stringify(forAccount)])).rejects.toMatchObject({
      code: -32602,
    });
    const mismatched = {
      ...userOperation,
      domain: { name: 'App' },
      message: { sender: 'nobody', nonce: '0' },
    };
    await expect(call('eth_signTypedData_v4', [HELD, mismatched])).rejects.toMatchObject({ code: -32602 });
    expect(queue.getSnapshot()).toEqual([]);

    const contract = '0x00000000000000000000000000000000000000c3';
    const mail = {
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      domain: { name: 'Arena Mail', version: '1', chainId: '0x2b74', verifyingContract: contract },
      message: { contents: 'gm' },
    };
    const signing = call('eth_signTypedData_v4', [HELD, JSON.stringify(mail)]);
    const prompt = await nextPrompt();
    expect(prompt?.prompt).toEqual({
      kind: 'sign',
      origin: APP,
      address: HELD,
      content: {
        type: 'typed-data',
        domain: { name: 'Arena Mail', version: '1', chainId: 11124, verifyingContract: getAddress(contract) },
        primaryType: 'Mail',
        fields: [{ name: 'contents', type: 'string', value: 'gm' }],
      },
    });
    queue.cancel(prompt!.id);
    await expect(signing).rejects.toMatchObject({ code: 4001 });
  });

  it('shows readable messages as text and anything else as hex', () => {
    expect(describeMessage('0x68656c6c6f0a776f726c64')).toBe('hello\nworld');
    expect(describeMessage('0xdeadbeef')).toBe('0xdeadbeef');
    expect(describeMessage('0x0001')).toBe('0x0001');
  });
});
