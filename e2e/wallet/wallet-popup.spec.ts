import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, type Page, test } from '@playwright/test';
import { build } from 'esbuild';
import { type Address, createPublicClient, defineChain, type Hex, http, parseAbi, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { CHROMIUM_ARGS } from '../playwright.config';

/**
 * The account provider popup in a real browser, against the real chain and bundler: a page on the web origin drives
 * the web app's own popup provider (apps/web/src/features/auth/wallet/account-provider.ts, served as a module), the
 * person clicks in the popup, and the results are checked on chain.
 */

const webUrl = process.env.E2E_WEB_URL ?? 'http://localhost:3000';
const walletUrl = process.env.E2E_WALLET_URL ?? 'http://localhost:3003';
const chainUrl = process.env.E2E_CHAIN_URL ?? 'http://127.0.0.1:8545';
const CHAIN_ID = 11124;
/** EntryPoint v0.8 (the canonical address). */
const ENTRY_POINT = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108';
const TEST_PAGE = `${new URL(webUrl).origin}/__wallet-test/index.html`;
const providerDir = join(dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/features/auth/wallet');

// Defined here: viem/chains knows 11124 as Abstract Testnet.
const chain = defineChain({
  id: CHAIN_ID,
  name: 'OJO devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [chainUrl] } },
});
const publicClient = createPublicClient({ chain, transport: http(chainUrl), pollingInterval: 100 });
const smartAccountAbi = parseAbi([
  'function owner() view returns (address)',
  'function sessionKeyStatus(address key) view returns (uint8)',
]);

/** The web app's provider module as the browser gets it: bundled with what it imports (@ojo/domain). */
let providerBundle: Promise<string> | undefined;
function providerModule(): Promise<string> {
  providerBundle ??= build({
    entryPoints: [join(providerDir, 'account-provider.ts')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
  }).then((result) => result.outputFiles[0]!.text);
  return providerBundle;
}

const TEST_PAGE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>wallet test page</title></head>
<body>
  <button id="connect" type="button">Connect</button>
  <script type="module">
    import { createAccountProvider } from './account-provider.js';
    const provider = createAccountProvider({ walletOrigin: ${JSON.stringify(walletUrl)}, chainId: ${CHAIN_ID}, rpcUrl: ${JSON.stringify(chainUrl)} });
    window.walletProvider = provider;
    window.walletCall = (method, params) => {
      const call = provider.request({ method, params }).then(
        (result) => ({ result }),
        (error) => ({ error: { code: error.code, message: error.message, name: error.name } }),
      );
      window.lastCall = call;
      return call;
    };
    document.getElementById('connect').addEventListener('click', () => window.walletCall('eth_requestAccounts', []));
    // No user activation at load: what a browser blocks.
    if (location.hash === '#request-on-load') window.walletCall('eth_requestAccounts', []);
    document.body.dataset.ready = 'true';
  </script>
</body></html>`;

async function openTestPage(page: Page, hash = '') {
  await page.route(`${new URL(webUrl).origin}/__wallet-test/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path.endsWith('/index.html')) {
      await route.fulfill({ contentType: 'text/html', body: TEST_PAGE_HTML });
    } else {
      await route.fulfill({ contentType: 'text/javascript', body: await providerModule() });
    }
  });
  await page.goto(`${TEST_PAGE}${hash}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
}

type CallOutcome = { result?: unknown; error?: { code: number | string; message: string; name: string } };
const lastCall = (page: Page) =>
  page.evaluate(() => (window as unknown as { lastCall: Promise<CallOutcome> }).lastCall);
const startCall = (page: Page, method: string, params: unknown[]) =>
  page.evaluate(
    ([m, p]) => {
      void (window as unknown as { walletCall: (m: string, p: unknown) => unknown }).walletCall(
        m as string,
        p,
      );
    },
    [method, params] as const,
  );

/** Clicks Connect on the test page, then "Create account" in the popup; returns the popup and the account. */
async function connectWithNewAccount(page: Page, screenshotPath?: string) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect' }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(`${walletUrl}/popup`);
  await expect(popup.getByRole('heading', { name: /Sign in to/ })).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'Arena Wallet' })).toBeVisible();
  if (screenshotPath) await popup.screenshot({ path: screenshotPath });
  await popup.getByRole('button', { name: 'Create account' }).click();
  const outcome = await lastCall(page);
  expect(outcome.error).toBeUndefined();
  const [address] = outcome.result as Address[];
  return { popup, address: address as Address };
}

test.describe('account provider popup', () => {
  test.setTimeout(120_000);

  test('creates an account, signs (EIP-6492, then EIP-1271), sends a transaction and grants a session key', async ({
    page,
  }, testInfo) => {
    await openTestPage(page);
    const { popup, address } = await connectWithNewAccount(
      page,
      testInfo.outputPath('wallet-popup-connect.png'),
    );
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(
      await page.evaluate(() =>
        (window as unknown as { walletProvider: { getAccounts(): string[] } }).walletProvider.getAccounts(),
      ),
    ).toEqual([address]);
    // Counterfactual: nothing on chain yet.
    expect(await publicClient.getCode({ address })).toBeUndefined();

    // personal_sign of a SIWE-like message: shown in the popup, signed on "Sign".
    const message = `localhost wants you to sign in with your Ethereum account:\n${address}\n\nNonce: ${Date.now()}`;
    const messageHex = `0x${Buffer.from(message, 'utf8').toString('hex')}` as Hex;
    await startCall(page, 'personal_sign', [messageHex, address]);
    await expect(popup.getByRole('heading', { name: 'Signature request' })).toBeVisible();
    await expect(popup.getByTestId('message-to-sign')).toHaveText(message);
    await popup.screenshot({ path: testInfo.outputPath('wallet-popup-sign.png') });
    await popup.getByRole('button', { name: 'Sign' }).click();
    const signed = await lastCall(page);
    expect(signed.error).toBeUndefined();
    const counterfactualSignature = signed.result as Hex;
    // Not deployed yet: an EIP-6492 wrapped signature that viem verifies against the chain.
    expect(
      counterfactualSignature.endsWith('6492649264926492649264926492649264926492649264926492649264926492'),
    ).toBe(true);
    expect(await publicClient.verifyMessage({ address, message, signature: counterfactualSignature })).toBe(
      true,
    );
    expect(
      await publicClient.verifyMessage({
        address,
        message: `${message}!`,
        signature: counterfactualSignature,
      }),
    ).toBe(false);

    // A self-paid transaction (the account is funded first): deploys the account through its initCode.
    await publicClient.request({
      method: 'anvil_setBalance' as never,
      params: [address, `0x${parseEther('1').toString(16)}`] as never,
    });
    const recipient = privateKeyToAddress(generatePrivateKey());
    await startCall(page, 'eth_sendTransaction', [{ from: address, to: recipient, value: '0x3e8' }]);
    await expect(popup.getByRole('heading', { name: 'Confirm transaction' })).toBeVisible();
    await expect(popup.getByText('paid from this account')).toBeVisible();
    await popup.getByRole('button', { name: 'Approve' }).click();
    const sent = await lastCall(page);
    expect(sent.error).toBeUndefined();
    const receipt = await publicClient.getTransactionReceipt({ hash: sent.result as Hex });
    expect(receipt.status).toBe('success');
    expect(await publicClient.getBalance({ address: recipient })).toBe(1000n);
    expect(await publicClient.getCode({ address })).not.toBeUndefined();

    // Deployed now: a plain EIP-1271 signature (the owner's, nested in the account's domain as ERC-7739 asks),
    // checked by the account's isValidSignature.
    await startCall(page, 'personal_sign', [messageHex, address]);
    await popup.getByRole('button', { name: 'Sign' }).click();
    const deployedSignature = (await lastCall(page)).result as Hex;
    expect(deployedSignature).toHaveLength(132);
    expect(await publicClient.verifyMessage({ address, message, signature: deployedSignature })).toBe(true);

    // A session key with its policy shown, registered on chain by the account's owner.
    const sessionKey = privateKeyToAddress(generatePrivateKey());
    const validUntil = Math.floor(Date.now() / 1000) + 86_400;
    await startCall(page, 'ojo_grantSessionKey', [
      { sessionKey, target: recipient, selector: '0x12345678', feeLimitWei: '0x2386f26fc10000', validUntil },
    ]);
    await expect(popup.getByRole('heading', { name: 'Allow a session key' })).toBeVisible();
    await expect(popup.getByText('0.01 ETH')).toBeVisible();
    await expect(popup.getByText('0x12345678')).toBeVisible();
    await popup.screenshot({ path: testInfo.outputPath('wallet-popup-session-key.png') });
    await popup.getByRole('button', { name: 'Approve' }).click();
    const granted = (await lastCall(page)).result as { userOpHash: Hex; txHash: Hex };
    expect(granted.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(
      await publicClient.readContract({
        address,
        abi: smartAccountAbi,
        functionName: 'sessionKeyStatus',
        args: [sessionKey],
      }),
    ).toBe(1);
  });

  test('typed data: the prompt shows what the signature allows; typed data for the EntryPoint is refused', async ({
    page,
  }, testInfo) => {
    await openTestPage(page);
    const { popup, address } = await connectWithNewAccount(page);
    const verifyingContract = privateKeyToAddress(generatePrivateKey());
    const vote = {
      types: {
        Vote: [
          { name: 'ballot', type: 'Ballot' },
          { name: 'round', type: 'uint256' },
        ],
        Ballot: [
          { name: 'choice', type: 'string' },
          { name: 'weight', type: 'uint8' },
        ],
      },
      primaryType: 'Vote',
      domain: { name: 'Arena Votes', version: '2', chainId: CHAIN_ID, verifyingContract },
      message: { ballot: { choice: 'yes', weight: 3 }, round: '7' },
    } as const;
    await startCall(page, 'eth_signTypedData_v4', [address, JSON.stringify(vote)]);
    await expect(popup.getByRole('heading', { name: 'Signature request' })).toBeVisible();
    await expect(popup.getByTestId('signature-allows')).toHaveText(
      `Your signature lets Arena Votes (contract ${verifyingContract.slice(0, 6)}…${verifyingContract.slice(-4)}) accept this Vote as approved by your account on chain ${CHAIN_ID}.`,
    );
    const domain = popup.getByRole('definition').filter({ hasText: verifyingContract });
    await expect(domain).toBeVisible();
    await expect(popup.getByText('Type: Vote')).toBeVisible();
    const fields = popup.getByLabel('Vote fields');
    await expect(fields).toContainText('choice');
    await expect(fields).toContainText('yes');
    await expect(fields).toContainText('round');
    await expect(fields).toContainText('7');
    await popup.screenshot({ path: testInfo.outputPath('wallet-popup-typed-data.png') });
    await popup.getByRole('button', { name: 'Sign' }).click();
    const signed = await lastCall(page);
    expect(signed.error).toBeUndefined();
    const typedData = { ...vote, message: { ...vote.message, round: 7n } };
    expect(
      await publicClient.verifyTypedData({ address, ...typedData, signature: signed.result as Hex }),
    ).toBe(true);
    expect(
      await publicClient.verifyTypedData({
        address,
        ...typedData,
        message: { ...typedData.message, round: 8n },
        signature: signed.result as Hex,
      }),
    ).toBe(false);

    // A PackedUserOperation for the EntryPoint would authorise a user operation: refused without a prompt.
    const userOperation = {
      types: {
        PackedUserOperation: [
          { name: 'sender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
        ],
      },
      primaryType: 'PackedUserOperation',
      domain: { name: 'ERC4337', version: '1', chainId: CHAIN_ID, verifyingContract: ENTRY_POINT },
      message: { sender: address, nonce: '0' },
    };
    await startCall(page, 'eth_signTypedData_v4', [address, JSON.stringify(userOperation)]);
    expect((await lastCall(page)).error).toMatchObject({ code: -32602 });
    await expect(popup.getByRole('heading', { name: 'Signature request' })).toBeHidden();
  });

  test('Cancel rejects with 4001, a held account is offered with Continue, closing the popup rejects with 4001', async ({
    page,
  }) => {
    await openTestPage(page);
    const { popup, address } = await connectWithNewAccount(page);

    await startCall(page, 'personal_sign', ['0x68656c6c6f', address]);
    await expect(popup.getByTestId('message-to-sign')).toHaveText('hello');
    await popup.getByRole('button', { name: 'Cancel' }).click();
    expect((await lastCall(page)).error).toMatchObject({ code: 4001, message: 'User rejected the request.' });

    // The same browser profile keeps the account: asking again offers it with "Continue".
    await startCall(page, 'eth_requestAccounts', []);
    const held = popup
      .getByRole('listitem')
      .filter({ hasText: `${address.slice(0, 6)}…${address.slice(-4)}` });
    await held.getByRole('button', { name: 'Continue' }).click();
    expect((await lastCall(page)).result).toEqual([address]);

    // Signing for an account this site is not connected to is refused (4100).
    await startCall(page, 'personal_sign', ['0x68656c6c6f', privateKeyToAddress(generatePrivateKey())]);
    expect((await lastCall(page)).error).toMatchObject({ code: 4100 });

    await startCall(page, 'personal_sign', ['0x68656c6c6f', address]);
    await expect(popup.getByRole('heading', { name: 'Signature request' })).toBeVisible();
    await popup.close();
    expect((await lastCall(page)).error).toMatchObject({ code: 4001, message: 'User rejected the request.' });
  });

  test('a blocked popup is reported as POPUP_BLOCKED', async () => {
    // Playwright turns Chromium's popup blocker off by default; this browser keeps it on, as people have it.
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      ignoreDefaultArgs: ['--disable-popup-blocking'],
    });
    try {
      const page = await browser.newPage();
      // The request starts as the page loads, without a click (page.evaluate would count as one).
      await openTestPage(page, '#request-on-load');
      const outcome = await lastCall(page);
      expect(outcome.error).toMatchObject({ code: 'POPUP_BLOCKED', name: 'PopupBlockedError' });
      expect(browser.contexts()[0]?.pages()).toHaveLength(1);
    } finally {
      await browser.close();
    }
  });
});
