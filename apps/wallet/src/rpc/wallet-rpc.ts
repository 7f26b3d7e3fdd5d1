import { addSessionKeyCall, revokeSessionKeyCall } from '@ojo/contracts/session-key';
import { WALLET_RPC_ERROR as RPC_ERROR } from '@ojo/domain/wallet/popup-protocol';
import {
  type Address,
  getAddress,
  type Hex,
  hexToString,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  type TypedDataDefinition,
  validateTypedData,
} from 'viem';
import { z } from 'zod';
import type { AccountService, Call, SentCalls } from '../accounts/account-service';
import type { RequestHandler } from '../protocol/message-handler';
import { WalletRpcError } from '../protocol/messages';
import type { Connections } from './connections';
import { describeCall } from './describe-call';
import { paymasterServiceSchema } from './paymaster-service';
import type { Prompter } from './prompts';
import { checkTypedDataDomain, describeTypedData } from './typed-data';

const address = z
  .string()
  .refine((value) => isAddress(value), 'not an address')
  .transform((value) => getAddress(value));
const hex = z.string().refine((value) => isHex(value), 'not hex') as unknown as z.ZodType<Hex>;
const quantity = z
  .union([hex, z.number().int().nonnegative()])
  .transform((value) => BigInt(value))
  .refine((value) => value >= 0n, 'negative');

const capabilitiesSchema = z
  .object({ paymasterService: paymasterServiceSchema.optional() })
  .passthrough()
  .optional();

const transactionSchema = z.object({
  from: address,
  to: address,
  value: quantity.optional(),
  data: hex.optional(),
  input: hex.optional(),
});

const sendCallsSchema = z.object({
  from: address.optional(),
  chainId: hex.optional(),
  calls: z.array(z.object({ to: address, value: quantity.optional(), data: hex.optional() })).min(1),
  capabilities: capabilitiesSchema,
});

const sessionKeySchema = z.object({
  sessionKey: address,
  target: address,
  selector: z.string().regex(/^0x[0-9a-fA-F]{8}$/, 'a 4-byte selector') as unknown as z.ZodType<Hex>,
  feeLimitWei: quantity,
  validUntil: z.number().int().positive(),
  /** The key this one replaces: revoked in the same operation while it is still active (one key per account). */
  replacesKey: address.optional(),
});

const typedDataSchema = z.object({
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  domain: z.record(z.string(), z.unknown()).optional(),
  message: z.record(z.string(), z.unknown()),
});

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const detail = result.error.issues
      .map((issue) => `${issue.path.join('.') || what}: ${issue.message}`)
      .join('; ');
    throw new WalletRpcError(RPC_ERROR.invalidParams, `Invalid ${what}: ${detail}`);
  }
  return result.data;
}

/** Shows a personal_sign message as text when it is readable UTF-8, else as hex. */
export function describeMessage(message: Hex): string {
  try {
    const text = hexToString(message);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mean "not text".
    if (!text.includes('\uFFFD') && !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text)) return text;
  } catch {}
  return message;
}

export interface WalletRpcOptions {
  chainId: number;
  accounts: AccountService;
  connections: Connections;
  prompter: Prompter;
  /** The chain's contract names by lower-case address (the deployments), for prompts; none when unknown. */
  getContractNames?: () => Promise<Readonly<Record<string, string>>>;
}

/** The wallet's EIP-1193 methods ("Methods"). */
export function createWalletRpc(options: WalletRpcOptions): RequestHandler {
  const { accounts, connections, prompter } = options;
  const chainIdHex = numberToHex(options.chainId);
  /** Results of wallet_sendCalls by id (the user operation hash), for wallet_getCallsStatus. */
  const sentCalls = new Map<Hex, SentCalls>();

  /** The account `origin` is connected to, which must be `requested` when given; else 4100. */
  const authorized = async (origin: string, requested?: Address): Promise<Address> => {
    const connected = connections.get(origin);
    if (!connected || !(await accounts.hasAccount(connected))) {
      throw new WalletRpcError(RPC_ERROR.unauthorized, 'This site is not connected to the wallet.');
    }
    if (requested && !isAddressEqual(requested, connected)) {
      throw new WalletRpcError(RPC_ERROR.unauthorized, `This site is not connected to ${requested}.`);
    }
    return connected;
  };

  const send = async (
    origin: string,
    from: Address | undefined,
    calls: Call[],
    capabilities: z.infer<typeof capabilitiesSchema>,
  ) => {
    const sender = await authorized(origin, from);
    const paymasterService = capabilities?.paymasterService;
    return prompter.ask(
      { kind: 'transaction', origin, address: sender, calls, isSponsored: Boolean(paymasterService) },
      () => accounts.sendCalls(sender, calls, paymasterService ? { paymasterService } : {}),
    );
  };

  const methods: Record<string, (origin: string, params: unknown[]) => Promise<unknown>> = {
    eth_chainId: async () => chainIdHex,
    net_version: async () => String(options.chainId),
    eth_accounts: async (origin) => {
      const connected = connections.get(origin);
      return connected && (await accounts.hasAccount(connected)) ? [connected] : [];
    },
    eth_requestAccounts: async (origin) => {
      const chosen = await prompter.ask({ kind: 'connect', origin }, async ({ address: picked }) => {
        if (!picked || !(await accounts.hasAccount(picked))) {
          throw new WalletRpcError(RPC_ERROR.unauthorized, 'No account was chosen.');
        }
        return getAddress(picked);
      });
      connections.set(origin, chosen);
      return [chosen];
    },
    personal_sign: async (origin, params) => {
      let [message, signer] = params;
      // Some clients send [address, message].
      if (
        typeof message === 'string' &&
        isAddress(message) &&
        typeof signer === 'string' &&
        !isAddress(signer)
      ) {
        [message, signer] = [signer, message];
      }
      const raw = parse(hex, message, 'message');
      const account = await authorized(origin, parse(address, signer, 'address'));
      return prompter.ask(
        { kind: 'sign', origin, address: account, content: { type: 'message', text: describeMessage(raw) } },
        () => accounts.signMessage(account, { raw }),
      );
    },
    eth_signTypedData_v4: async (origin, params) => {
      const [signer, data] = params;
      const account = await authorized(origin, parse(address, signer, 'address'));
      let json: unknown = data;
      if (typeof data === 'string') {
        try {
          json = JSON.parse(data);
        } catch {
          throw new WalletRpcError(RPC_ERROR.invalidParams, 'Invalid typed data: not JSON');
        }
      }
      const typedData = parse(typedDataSchema, json, 'typed data');
      const ownAccounts = (await accounts.listAccounts()).map((held) => held.address);
      const domain = checkTypedDataDomain(typedData.domain, { chainId: options.chainId, ownAccounts });
      // EIP712Domain is implied by the domain; viem derives it.
      const { EIP712Domain: _domainType, ...types } = typedData.types;
      const definition = { ...typedData, types } as unknown as TypedDataDefinition;
      try {
        validateTypedData(definition);
      } catch (error) {
        const reason =
          (error as { shortMessage?: string }).shortMessage ?? 'the message does not match its types';
        throw new WalletRpcError(RPC_ERROR.invalidParams, `Invalid typed data: ${reason}`);
      }
      if (!types[typedData.primaryType]) {
        throw new WalletRpcError(
          RPC_ERROR.invalidParams,
          `Invalid typed data: no type ${typedData.primaryType}`,
        );
      }
      return prompter.ask(
        {
          kind: 'sign',
          origin,
          address: account,
          content: {
            type: 'typed-data',
            domain,
            primaryType: typedData.primaryType,
            fields: describeTypedData(types, typedData.primaryType, typedData.message),
          },
        },
        () => accounts.signTypedData(account, definition),
      );
    },
    eth_sendTransaction: async (origin, params) => {
      const transaction = parse(transactionSchema, params[0], 'transaction');
      const capabilities = parse(capabilitiesSchema, params[1], 'capabilities');
      const call: Call = {
        to: transaction.to,
        value: transaction.value ?? 0n,
        data: transaction.data ?? transaction.input ?? '0x',
      };
      const sent = await send(origin, transaction.from, [call], capabilities);
      return sent.txHash;
    },
    wallet_sendCalls: async (origin, params) => {
      const request = parse(sendCallsSchema, params[0], 'calls');
      if (request.chainId && BigInt(request.chainId) !== BigInt(options.chainId)) {
        throw new WalletRpcError(
          RPC_ERROR.invalidParams,
          `This wallet works on chain ${options.chainId} only.`,
        );
      }
      const sent = await send(origin, request.from, request.calls, request.capabilities);
      sentCalls.set(sent.userOpHash, sent);
      return { id: sent.userOpHash };
    },
    wallet_getCallsStatus: async (_origin, params) => {
      const id = parse(hex, params[0], 'id');
      const sent = sentCalls.get(id);
      if (!sent) throw new WalletRpcError(RPC_ERROR.invalidParams, 'Unknown calls id.');
      const { receipt } = sent;
      return {
        version: '2.0.0',
        id,
        chainId: chainIdHex,
        atomic: true,
        status: receipt.status === 'success' ? 200 : 500,
        receipts: [
          {
            status: receipt.status === 'success' ? '0x1' : '0x0',
            transactionHash: receipt.transactionHash,
            blockHash: receipt.blockHash,
            blockNumber: numberToHex(receipt.blockNumber),
            gasUsed: numberToHex(receipt.gasUsed),
            logs: receipt.logs.map(({ address: logAddress, data, topics }) => ({
              address: logAddress,
              data,
              topics,
            })),
          },
        ],
      };
    },
    wallet_getCapabilities: async () => ({
      [chainIdHex]: { paymasterService: { supported: true }, atomic: { status: 'supported' } },
    }),
    ojo_grantSessionKey: async (origin, params) => {
      const policy = parse(sessionKeySchema, params[0], 'session key policy');
      const capabilities = parse(capabilitiesSchema, params[1], 'capabilities');
      const owner = await authorized(origin);
      if (policy.validUntil <= Math.floor(Date.now() / 1000)) {
        throw new WalletRpcError(RPC_ERROR.invalidParams, 'The session key would already be expired.');
      }
      const paymasterService = capabilities?.paymasterService;
      const call = addSessionKeyCall(owner, {
        key: policy.sessionKey,
        target: policy.target,
        selector: policy.selector,
        feeLimitWei: policy.feeLimitWei,
        validUntil: policy.validUntil,
      });
      const names = await (options.getContractNames?.() ?? Promise.resolve({})).catch(() => ({}));
      const described = describeCall(policy.target, policy.selector, names);
      const sent = await prompter.ask(
        {
          kind: 'session-key',
          origin,
          address: owner,
          policy,
          call: described,
          isSponsored: Boolean(paymasterService),
        },
        async () => {
          const replaced = policy.replacesKey;
          const revoke =
            replaced && (await accounts.isSessionKeyActive(owner, replaced))
              ? [revokeSessionKeyCall(owner, replaced)]
              : [];
          return accounts.sendCalls(owner, [...revoke, call], paymasterService ? { paymasterService } : {});
        },
      );
      return { userOpHash: sent.userOpHash, txHash: sent.txHash };
    },
    wallet_disconnect: async (origin) => {
      connections.remove(origin);
      return null;
    },
  };

  return async ({ origin, method, params }) => {
    const run = methods[method];
    if (!run)
      throw new WalletRpcError(RPC_ERROR.unsupportedMethod, `${method} is not supported by this wallet.`);
    return run(origin, params);
  };
}
