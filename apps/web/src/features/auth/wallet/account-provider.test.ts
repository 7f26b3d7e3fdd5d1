import { WALLET_CHANNEL } from '@ojo/domain/wallet/popup-protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccountProvider, PopupBlockedError, ProviderRpcError } from './account-provider';

const WALLET_ORIGIN = 'http://localhost:3003';
const ACCOUNT = '0x00000000000000000000000000000000000000A1';

/** A popup window as the opener sees it: what was posted to it, and whether it is closed. */
function popupWindow() {
  const posted: { message: Record<string, unknown>; targetOrigin: string }[] = [];
  const popup = {
    closed: false,
    postMessage(message: Record<string, unknown>, targetOrigin: string) {
      posted.push({ message, targetOrigin });
    },
    close() {
      popup.closed = true;
    },
    focus() {},
  };
  return { popup, posted };
}

function deliver(data: unknown, { origin = WALLET_ORIGIN, source }: { origin?: string; source: unknown }) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

function setup(openResult: 'blocked' | 'opens' = 'opens', readyTimeoutMs?: number) {
  const { popup, posted } = popupWindow();
  const open = vi
    .spyOn(window, 'open')
    .mockReturnValue(openResult === 'opens' ? (popup as unknown as Window) : null);
  const provider = createAccountProvider({
    walletOrigin: `${WALLET_ORIGIN}/`,
    chainId: 11124,
    rpcUrl: 'http://127.0.0.1:1',
    closedPollMs: 10,
    ...(readyTimeoutMs === undefined ? {} : { readyTimeoutMs }),
  });
  const ready = () => deliver({ channel: WALLET_CHANNEL, type: 'ready' }, { source: popup });
  const respond = (
    id: unknown,
    body: Record<string, unknown>,
    from: { origin?: string; source?: unknown } = {},
  ) => deliver({ channel: WALLET_CHANNEL, type: 'response', id, ...body }, { source: popup, ...from });
  return { provider, popup, posted, open, ready, respond };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('popup provider', () => {
  const providers: { close(): void }[] = [];
  afterEach(() => {
    for (const provider of providers.splice(0)) provider.close();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('fails a request with 4900 when the popup never says it listens, instead of waiting for ever', async () => {
    vi.useFakeTimers();
    const { provider, posted, ready } = setup('opens', 5_000);
    providers.push(provider);
    const sent = provider.request({ method: 'wallet_sendCalls', params: [{}] });
    const outcome = sent.then(
      () => 'resolved',
      (error: ProviderRpcError) => error.code,
    );
    await vi.advanceTimersByTimeAsync(4_999);
    expect(await Promise.race([outcome, Promise.resolve('waiting')])).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe(4900);
    // A popup that answers late gets nothing to run: the request is over.
    ready();
    expect(posted).toEqual([]);
  });

  it('lets a request wait for the person once the popup listens (the timer stops at ready)', async () => {
    vi.useFakeTimers();
    const { provider, posted, ready, respond } = setup('opens', 5_000);
    providers.push(provider);
    const sent = provider.request({ method: 'wallet_sendCalls', params: [{}] });
    ready();
    await vi.advanceTimersByTimeAsync(60_000);
    const [{ message }] = posted as [(typeof posted)[number]];
    respond(message.id, { result: { id: '0x01' } });
    await expect(sent).resolves.toEqual({ id: '0x01' });
  });

  it('opens the wallet popup synchronously and sends the request once the popup is ready', async () => {
    const { provider, posted, open, ready, respond } = setup();
    providers.push(provider);
    const accounts = provider.request({ method: 'eth_requestAccounts' });
    expect(open).toHaveBeenCalledWith(
      `${WALLET_ORIGIN}/popup`,
      'ojo-arena-wallet',
      'popup,width=420,height=640',
    );
    expect(posted).toEqual([]);

    ready();
    expect(posted).toHaveLength(1);
    const [{ message, targetOrigin }] = posted as [(typeof posted)[number]];
    expect(targetOrigin).toBe(WALLET_ORIGIN);
    expect(message).toMatchObject({
      channel: WALLET_CHANNEL,
      type: 'request',
      method: 'eth_requestAccounts',
      params: [],
    });

    respond(message.id, { result: [ACCOUNT] });
    await expect(accounts).resolves.toEqual([ACCOUNT]);
    expect(provider.getAccounts()).toEqual([ACCOUNT]);
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([ACCOUNT]);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('ignores messages from another origin or another window', async () => {
    const { provider, posted, ready, respond } = setup();
    providers.push(provider);
    const other = popupWindow().popup;
    const result = provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT] });

    // A "ready" from a look-alike origin or from another window does not release the request.
    deliver({ channel: WALLET_CHANNEL, type: 'ready' }, { origin: 'http://localhost:3000', source: other });
    deliver({ channel: WALLET_CHANNEL, type: 'ready' }, { source: other });
    deliver(
      { channel: WALLET_CHANNEL, type: 'ready' },
      { origin: 'http://127.0.0.1:3003', source: undefined },
    );
    expect(posted).toEqual([]);
    ready();
    const id = posted[0]?.message.id;

    let settled = false;
    result.then(
      () => (settled = true),
      () => (settled = true),
    );
    respond(id, { result: '0xforged' }, { origin: 'http://evil.example' });
    respond(id, { result: '0xforged' }, { source: other });
    respond(id, { result: '0xforged' }, { origin: 'http://localhost:3003.evil.example' });
    await flush();
    expect(settled).toBe(false);

    respond(id, { result: '0x5167' });
    await expect(result).resolves.toBe('0x5167');
  });

  it('rejects pending requests with 4001 when the person closes the popup', async () => {
    const { provider, popup, ready } = setup();
    providers.push(provider);
    const sign = provider.request({ method: 'personal_sign', params: ['0x00', ACCOUNT] });
    ready();
    popup.closed = true;
    await expect(sign).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' });
    await expect(sign).rejects.toBeInstanceOf(ProviderRpcError);
    expect(provider.isPopupOpen()).toBe(false);
  });

  it('rejects pending requests with 4001 on close() and closes the popup', async () => {
    const { provider, popup } = setup();
    const pending = provider.request({ method: 'eth_requestAccounts' });
    provider.close();
    await expect(pending).rejects.toMatchObject({ code: 4001 });
    expect(popup.closed).toBe(true);
  });

  it('passes the wallet error codes on', async () => {
    const { provider, posted, ready, respond } = setup();
    providers.push(provider);
    const request = provider.request({ method: 'wallet_unknownThing' });
    ready();
    respond(posted[0]?.message.id, {
      error: { code: 4200, message: 'wallet_unknownThing is not supported' },
    });
    await expect(request).rejects.toMatchObject({
      code: 4200,
      message: 'wallet_unknownThing is not supported',
    });
  });

  it('throws PopupBlockedError (code POPUP_BLOCKED) when the browser blocks the popup', async () => {
    const { provider } = setup('blocked');
    expect(() => provider.openPopup()).toThrow(PopupBlockedError);
    const request = provider.request({ method: 'eth_requestAccounts' });
    await expect(request).rejects.toBeInstanceOf(PopupBlockedError);
    await expect(request).rejects.toMatchObject({ code: 'POPUP_BLOCKED' });
    expect(provider.isPopupOpen()).toBe(false);
  });

  it('answers the chain id and known accounts without opening the popup', async () => {
    const { provider, open } = setup();
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x2b74');
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([]);
    const changes: unknown[] = [];
    provider.on('accountsChanged', (accounts) => changes.push(accounts));
    provider.setAccounts([ACCOUNT]);
    await provider.request({ method: 'wallet_disconnect' });
    expect(changes).toEqual([[ACCOUNT], []]);
    expect(open).not.toHaveBeenCalled();
  });
});
