import {
  asWalletInboundMessage,
  USER_REJECTED_MESSAGE,
  WALLET_CHANNEL,
  WALLET_RPC_ERROR,
  type WalletRequestMessage,
} from '@ojo/domain/wallet/popup-protocol';

export const POPUP_WINDOW_NAME = 'ojo-arena-wallet';
export const POPUP_FEATURES = 'popup,width=420,height=640';

/**
 * An EIP-1193 provider over the account provider's popup (ARCHITECTURE.md (Accounts and sign-in)). Deliberately free of viem and
 * wagmi, so the login button can open the popup synchronously in its click handler (`openPopup()`) before the
 * wallet bundle (`loadWallet()`) has loaded.
 */

type Address = `0x${string}`;

/** EIP-1193 error with a numeric code (4001 user rejected, 4100 unauthorized, 4200 unsupported, 4900 disconnected). */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderRpcError';
  }
}

/** window.open returned null: the browser blocked the popup (product.md 8: the 'POPUP BLOCKED' notice). */
export class PopupBlockedError extends Error {
  readonly code = 'POPUP_BLOCKED';
  constructor() {
    super('The browser blocked the wallet popup.');
    this.name = 'PopupBlockedError';
  }
}

export const USER_REJECTED_CODE = WALLET_RPC_ERROR.userRejected;
const userRejected = () => new ProviderRpcError(USER_REJECTED_CODE, USER_REJECTED_MESSAGE);

/** Answered without the popup. */
const LOCAL_METHODS = new Set(['eth_chainId', 'net_version', 'eth_accounts', 'wallet_disconnect']);
/** Reads that go straight to the chain's RPC (wagmi's connector client may ask them). */
const READ_METHODS = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
]);

export type ProviderEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect';
type Listener = (...args: unknown[]) => void;

export interface AccountProviderOptions {
  walletOrigin: string;
  chainId: number;
  /** The chain's JSON-RPC URL for read methods. */
  rpcUrl: string;
  /** Defaults to the real window (tests pass a jsdom one). */
  window?: Window;
  /** How often `popup.closed` is checked. */
  closedPollMs?: number;
  /** Accounts known to be connected (e.g. restored from the session by the login feature). */
  initialAccounts?: readonly Address[];
  /** The popup's path and query on the wallet origin; `/popup` (the smart accounts) by default. */
  popupPath?: string;
  /** The popup window's name; one per mode, so the two modes never share a window. */
  windowName?: string;
  /** How long a request waits for the popup to say it listens before it fails (WALLET_NOT_READY_CODE). */
  readyTimeoutMs?: number;
}

/**
 * A popup that never says it listens (it did not load, or a window of another tab answers under its name) would
 * leave a request waiting for ever: it fails after this long, so the page can say the transaction failed. Long
 * enough for the popup to load on a busy machine.
 */
export const POPUP_READY_TIMEOUT_MS = 45_000;
/** EIP-1193 4900 (disconnected): the account provider's window never answered. */
export const WALLET_NOT_READY_CODE = 4900;

export interface AccountProvider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
  on(event: ProviderEvent, listener: Listener): void;
  removeListener(event: ProviderEvent, listener: Listener): void;
  /**
   * Opens (or focuses) the popup now. Call it synchronously inside the click handler so the browser allows it;
   * throws PopupBlockedError when the browser blocks it.
   */
  openPopup(): void;
  /** Closes the popup; pending requests reject with 4001. */
  close(): void;
  isPopupOpen(): boolean;
  /** The connected smart-account address(es) this provider knows (from eth_requestAccounts). */
  getAccounts(): Address[];
  setAccounts(accounts: readonly Address[]): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export function createAccountProvider(options: AccountProviderOptions): AccountProvider {
  const win = options.window ?? window;
  const walletOrigin = new URL(options.walletOrigin).origin;
  const chainIdHex = `0x${options.chainId.toString(16)}`;
  const listeners = new Map<ProviderEvent, Set<Listener>>();
  const pending = new Map<string, Pending>();
  let accounts: Address[] = [...(options.initialAccounts ?? [])];
  let popup: Window | null = null;
  let isReady = false;
  /** Requests waiting for the popup's `ready`. */
  let outbox: WalletRequestMessage[] = [];
  let closedTimer: ReturnType<typeof setInterval> | undefined;
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 0;

  const stopReadyTimer = () => {
    if (readyTimer !== undefined) clearTimeout(readyTimer);
    readyTimer = undefined;
  };
  /** Fails the requests still waiting for `ready`; requests the popup already has are its to answer. */
  const failWaitingRequests = () => {
    readyTimer = undefined;
    const waiting = outbox;
    outbox = [];
    for (const request of waiting) {
      const entry = pending.get(request.id);
      pending.delete(request.id);
      entry?.reject(new ProviderRpcError(WALLET_NOT_READY_CODE, 'The wallet window did not answer.'));
    }
  };

  const emit = (event: ProviderEvent, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  };
  const setAccountsAndEmit = (next: Address[]) => {
    const changed = next.join() !== accounts.join();
    accounts = next;
    if (changed) emit('accountsChanged', [...next]);
  };

  const forgetPopup = () => {
    stopReadyTimer();
    if (closedTimer !== undefined) clearInterval(closedTimer);
    closedTimer = undefined;
    popup = null;
    isReady = false;
    outbox = [];
    const rejected = [...pending.values()];
    pending.clear();
    for (const entry of rejected) entry.reject(userRejected());
  };

  const onMessage = (event: MessageEvent) => {
    // Exact checks: the wallet's origin AND our own popup window (ARCHITECTURE.md (Accounts and sign-in)).
    if (event.origin !== walletOrigin || !popup || event.source !== popup) return;
    const message = asWalletInboundMessage(event.data);
    if (!message) return;
    if (message.type === 'ready') {
      isReady = true;
      stopReadyTimer();
      const queued = outbox;
      outbox = [];
      for (const request of queued) popup.postMessage(request, walletOrigin);
      return;
    }
    if (message.type === 'response') {
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      if ('error' in message) entry.reject(new ProviderRpcError(message.error.code, message.error.message));
      else entry.resolve(message.result);
      return;
    }
    if (message.event === 'accountsChanged' && Array.isArray(message.data)) {
      setAccountsAndEmit(message.data as Address[]);
    } else if (message.event === 'chainChanged') {
      emit('chainChanged', message.data);
    } else if (message.event === 'disconnect') {
      setAccountsAndEmit([]);
      emit('disconnect', new ProviderRpcError(4900, 'The wallet disconnected.'));
    }
  };
  win.addEventListener('message', onMessage);

  const openPopup = () => {
    if (popup && !popup.closed) {
      popup.focus();
      return;
    }
    forgetPopup();
    const opened = win.open(
      `${walletOrigin}${options.popupPath ?? '/popup'}`,
      options.windowName ?? POPUP_WINDOW_NAME,
      POPUP_FEATURES,
    );
    if (!opened) throw new PopupBlockedError();
    popup = opened;
    closedTimer = setInterval(() => {
      if (popup?.closed) forgetPopup();
    }, options.closedPollMs ?? 500);
  };

  const sendToPopup = (method: string, params: unknown[]): Promise<unknown> => {
    // Synchronous up to here: window.open happens inside the caller's click handler.
    openPopup();
    nextId += 1;
    const id = `${Date.now().toString(36)}-${nextId}-${Math.random().toString(36).slice(2, 8)}`;
    const message: WalletRequestMessage = { channel: WALLET_CHANNEL, type: 'request', id, method, params };
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      if (isReady && popup) popup.postMessage(message, walletOrigin);
      else {
        outbox.push(message);
        readyTimer ??= setTimeout(failWaitingRequests, options.readyTimeoutMs ?? POPUP_READY_TIMEOUT_MS);
      }
    });
  };

  const readFromChain = async (method: string, params: unknown[]) => {
    const response = await fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const json = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (json.error) throw new ProviderRpcError(json.error.code, json.error.message);
    return json.result;
  };

  return {
    async request({ method, params }) {
      const list = Array.isArray(params) ? [...params] : params === undefined ? [] : [params];
      if (!LOCAL_METHODS.has(method) && !READ_METHODS.has(method)) {
        const result = await sendToPopup(method, list);
        if (method === 'eth_requestAccounts' && Array.isArray(result)) {
          setAccountsAndEmit(result as Address[]);
          emit('connect', { chainId: chainIdHex });
        }
        return result;
      }
      if (method === 'eth_chainId') return chainIdHex;
      if (method === 'net_version') return String(options.chainId);
      if (method === 'eth_accounts') return [...accounts];
      if (method === 'wallet_disconnect') {
        const isOpen = Boolean(popup && !popup.closed && isReady);
        setAccountsAndEmit([]);
        // Tell an open popup to forget this site's connection; never open one just for that.
        if (isOpen) await sendToPopup(method, list).catch(() => undefined);
        return null;
      }
      return readFromChain(method, list);
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    openPopup,
    close() {
      const current = popup;
      forgetPopup();
      current?.close();
    },
    isPopupOpen: () => Boolean(popup && !popup.closed),
    getAccounts: () => [...accounts],
    setAccounts(next) {
      setAccountsAndEmit([...next]);
    },
  };
}
