import type { GasPolicyResult } from '@ojo/api-contract/gas';
import { smartAccountFactoryAbi } from '@ojo/contracts/generated/abis';
import {
  PAYMASTER_POST_OP_GAS_LIMIT,
  PAYMASTER_VERIFICATION_GAS_LIMIT,
  signVerifyingPaymasterData,
} from '@ojo/contracts/paymaster';
import type { Database } from '@ojo/db/client';
import { queryRows } from '@ojo/db/client';
import { type Customer, customers } from '@ojo/db/schema/customers';
import { sponsoredOperations } from '@ojo/db/schema/sponsored-operations';
import { and, count, eq, gt, sql } from '@ojo/db/sql';
import { type Address, getAddress, type Hex, isAddressEqual, toHex } from 'viem';
import { AppError } from '../../lib/errors';
import type { ChainService } from '../chain/chain-service';
import { decodeAccountCalls, decodeCreateAccount, MAX_SPONSORED_COST_WEI, matchRule } from './policy';
import { createProductAccountChecker, type ProductAccountChecker } from './product-account';

/** How long a sponsorship signature stays valid. */
export const SPONSORSHIP_VALID_SECONDS = 600;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface UnsignedUserOperation {
  sender: string;
  nonce: bigint;
  factory?: string | null | undefined;
  factoryData?: string | null | undefined;
  callData: string;
  callGasLimit: bigint;
  verificationGasLimit: bigint;
  preVerificationGas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** One product-account checker per chain service and factory (its cache of known accounts lives inside). */
const accountCheckers = new WeakMap<ChainService, Map<string, ProductAccountChecker>>();

function productAccountChecker(chain: ChainService, factory: Address): ProductAccountChecker {
  let byFactory = accountCheckers.get(chain);
  if (!byFactory) {
    byFactory = new Map();
    accountCheckers.set(chain, byFactory);
  }
  const key = factory.toLowerCase();
  let checker = byFactory.get(key);
  if (!checker) {
    checker = createProductAccountChecker(chain.publicClient, factory);
    byFactory.set(key, checker);
  }
  return checker;
}

export interface SponsorshipOptions {
  /** Sponsored operations per customer per 24 h. */
  dailyLimit: number;
  /** Sum of the maximum costs of every customer's sponsored operations per 24 h, in wei. */
  dailyBudgetWei: bigint;
  /** Fees may be at most this multiple of the network's (the bundler's fast tier). */
  maxFeeMultiplier: number;
  maxCallGasLimit: bigint;
  maxVerificationGasLimit: bigint;
  maxPreVerificationGas: bigint;
  /** The live price (`pimlico_getUserOperationGasPrice`, fast tier). */
  networkGasPrice: () => Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }>;
}

/** Serialises the global budget check and the row it allows (any 64-bit key unique to this lock). */
const BUDGET_LOCK_KEY = 0x6f6a6f676173n;

/** `price * multiplier`, the multiplier taken to two decimals. */
const scaled = (price: bigint, multiplier: number) => (price * BigInt(Math.round(multiplier * 100))) / 100n;

const refuse = (code: string, msgKey: string, message: string, status = 403) =>
  new AppError(status, code, msgKey, message);

/**
 * `POST /contract/gas/policy`: signs the VerifyingPaymaster data for `operation` when the session's customer sends
 * it from its own smart account, every call it makes is allowed by the policy table, its cost is bounded and the
 * customer's daily allowance is not used up. Anything else is a 4xx with a code saying why.
 */
export async function sponsorUserOperation(
  db: Database,
  chain: ChainService,
  options: SponsorshipOptions,
  customer: Customer,
  operation: UnsignedUserOperation,
): Promise<GasPolicyResult> {
  if (!customer.ospAaAddress) {
    throw refuse('GAS_NO_SMART_ACCOUNT', 'gas.smart.account.required', 'The customer has no smart account');
  }
  const sender = getAddress(operation.sender);
  if (!isAddressEqual(sender, customer.ospAaAddress as Address)) {
    throw refuse(
      'GAS_SENDER_NOT_ALLOWED',
      'gas.sender.not.allowed',
      "Only the customer's own smart account is sponsored",
    );
  }
  const deployments = chain.deployments();
  const paymaster = chain.contractAddress('VerifyingPaymaster');
  const contracts = deployments?.contracts ?? {};

  const calls = decodeAccountCalls(operation.callData as Hex);
  if (!calls || calls.length === 0) {
    throw refuse(
      'GAS_CALL_NOT_ALLOWED',
      'gas.call.not.allowed',
      'The operation is not an execute call of the account',
    );
  }
  const rules = calls.map((call) => matchRule(call, sender, contracts));
  if (rules.some((rule) => rule === null)) {
    throw refuse(
      'GAS_CALL_NOT_ALLOWED',
      'gas.call.not.allowed',
      'The operation calls a target or function that is not sponsored',
    );
  }

  const factory = operation.factory ?? undefined;
  const factoryData = (operation.factoryData ?? undefined) as Hex | undefined;
  const expectedFactory = chain.contractAddress('SmartAccountFactory');
  if (!factory) {
    // Login accepts any address that can sign (an EOA, any ERC-1271 contract), so being the customer's osp_aa
    // proves nothing about what `execute` does: only the product's own deployed SmartAccount is sponsored.
    if (!(await productAccountChecker(chain, expectedFactory).isProductAccount(sender))) {
      throw refuse(
        'GAS_SENDER_NOT_PRODUCT_ACCOUNT',
        'gas.sender.not.product.account',
        'Only deployed product smart accounts are sponsored',
      );
    }
  } else {
    const args = factoryData ? decodeCreateAccount(factoryData) : null;
    if (!isAddressEqual(factory as Address, expectedFactory) || !args) {
      throw refuse(
        'GAS_FACTORY_NOT_ALLOWED',
        'gas.factory.not.allowed',
        'Only the product account factory is sponsored',
      );
    }
    const predicted = await chain.publicClient.readContract({
      address: expectedFactory,
      abi: smartAccountFactoryAbi,
      functionName: 'getAddress',
      args: [args.owner, args.salt],
    });
    if (!isAddressEqual(predicted, sender)) {
      throw refuse(
        'GAS_FACTORY_NOT_ALLOWED',
        'gas.factory.not.allowed',
        'The initCode does not create the sender',
      );
    }
  }

  const tooHigh = (message: string) => refuse('GAS_LIMIT_EXCEEDED', 'gas.cost.too.high', message, 400);
  if (operation.callGasLimit > options.maxCallGasLimit)
    throw tooHigh('callGasLimit is above the sponsored cap');
  if (operation.verificationGasLimit > options.maxVerificationGasLimit) {
    throw tooHigh('verificationGasLimit is above the sponsored cap');
  }
  if (operation.preVerificationGas > options.maxPreVerificationGas) {
    throw tooHigh('preVerificationGas is above the sponsored cap');
  }
  if (operation.maxPriorityFeePerGas > operation.maxFeePerGas) {
    throw refuse(
      'GAS_FEE_TOO_HIGH',
      'gas.fee.too.high',
      'maxPriorityFeePerGas may not exceed maxFeePerGas',
      400,
    );
  }
  // The EntryPoint pays the beneficiary (whoever submits handleOps) at the operation's gas price out of the
  // paymaster's deposit: fees far above the network's would let the submitter pocket the difference.
  let network: Awaited<ReturnType<SponsorshipOptions['networkGasPrice']>>;
  try {
    network = await options.networkGasPrice();
  } catch {
    throw refuse(
      'GAS_PRICE_UNAVAILABLE',
      'gas.price.unavailable',
      'The network gas price is unavailable',
      503,
    );
  }
  if (
    operation.maxFeePerGas > scaled(network.maxFeePerGas, options.maxFeeMultiplier) ||
    operation.maxPriorityFeePerGas > scaled(network.maxPriorityFeePerGas, options.maxFeeMultiplier)
  ) {
    throw refuse(
      'GAS_FEE_TOO_HIGH',
      'gas.fee.too.high',
      `The fees may be at most ${options.maxFeeMultiplier}x the network gas price`,
      400,
    );
  }

  const totalGas =
    operation.callGasLimit +
    operation.verificationGasLimit +
    operation.preVerificationGas +
    PAYMASTER_VERIFICATION_GAS_LIMIT +
    PAYMASTER_POST_OP_GAS_LIMIT;
  const maxCostWei = totalGas * operation.maxFeePerGas;
  if (maxCostWei > MAX_SPONSORED_COST_WEI) {
    throw tooHigh('The operation may cost more than the sponsorship allows');
  }

  const rule = rules.map((entry) => entry?.rule).join(',');
  await db.transaction(async (tx) => {
    // One customer's requests queue here, so two at once cannot both take the last allowance.
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customer.id)).for('update');
    const senderKey = sender.toLowerCase();
    const nonceKey = operation.nonce.toString();
    const [known] = await tx
      .select({ id: sponsoredOperations.id, maxCostWei: sponsoredOperations.maxCostWei })
      .from(sponsoredOperations)
      .where(and(eq(sponsoredOperations.sender, senderKey), eq(sponsoredOperations.nonce, nonceKey)))
      .limit(1);
    // Only one of the signed versions of (sender, nonce) can run, so the budget counts the dearest one.
    const extraCost = known
      ? maxCostWei > known.maxCostWei
        ? maxCostWei - known.maxCostWei
        : 0n
      : maxCostWei;
    if (extraCost > 0n) {
      // Every customer's requests queue here, so two at once cannot both take the last of the budget.
      await queryRows(tx, sql`select pg_advisory_xact_lock(${BUDGET_LOCK_KEY})`);
      const [spent] = await tx
        .select({ total: sql<string>`coalesce(sum(${sponsoredOperations.maxCostWei}), 0)::text` })
        .from(sponsoredOperations)
        .where(gt(sponsoredOperations.createdAt, new Date(Date.now() - DAY_MS)));
      if (BigInt(spent?.total ?? '0') + extraCost > options.dailyBudgetWei) {
        throw refuse('GAS_DAILY_BUDGET', 'gas.daily.budget', 'The daily sponsorship budget is used up', 429);
      }
    }
    if (known) {
      if (extraCost > 0n) {
        await tx.update(sponsoredOperations).set({ maxCostWei }).where(eq(sponsoredOperations.id, known.id));
      }
      return;
    }
    const [used] = await tx
      .select({ value: count() })
      .from(sponsoredOperations)
      .where(
        and(
          eq(sponsoredOperations.customerId, customer.id),
          gt(sponsoredOperations.createdAt, new Date(Date.now() - DAY_MS)),
        ),
      );
    if (Number(used?.value ?? 0) >= options.dailyLimit) {
      throw refuse('GAS_DAILY_LIMIT', 'gas.daily.limit', 'The daily sponsored operations are used up', 429);
    }
    await tx
      .insert(sponsoredOperations)
      .values({ customerId: customer.id, sender: senderKey, nonce: nonceKey, rule, maxCostWei })
      .onConflictDoNothing();
  });

  const paymasterData = await signVerifyingPaymasterData({
    signer: chain.signer,
    paymasterAddress: paymaster,
    chainId: chain.chainId,
    validAfter: 0,
    validUntil: Math.floor(Date.now() / 1000) + SPONSORSHIP_VALID_SECONDS,
    userOperation: {
      sender,
      nonce: operation.nonce,
      factory: factory ? getAddress(factory) : undefined,
      factoryData,
      callData: operation.callData as Hex,
      callGasLimit: operation.callGasLimit,
      verificationGasLimit: operation.verificationGasLimit,
      preVerificationGas: operation.preVerificationGas,
      maxFeePerGas: operation.maxFeePerGas,
      maxPriorityFeePerGas: operation.maxPriorityFeePerGas,
      paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT,
      paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT,
    },
  });
  return {
    policy_data: {
      paymaster,
      paymasterData,
      paymasterVerificationGasLimit: toHex(PAYMASTER_VERIFICATION_GAS_LIMIT),
      paymasterPostOpGasLimit: toHex(PAYMASTER_POST_OP_GAS_LIMIT),
    },
  };
}
