import { type Address, getAddress, type Hex, isAddress } from 'viem';
import { z } from 'zod';

/**
 * The project contracts a deployment holds, by name. Adding a contract: add its name here, deploy it in
 * packages/devnet/src/deploy.ts, and set `<NAME>_ADDRESS` (e.g. BADGE_NFT_ADDRESS) where addresses come from
 * configuration.
 */
export const CONTRACT_NAMES = [
  'ProfileRegistry',
  'SmartAccountFactory',
  'VerifyingPaymaster',
  'BadgeNFT',
  'PartnerNFT',
  'PartnerToken',
] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

const address = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), 'must be a 20-byte hex address')
  .transform((value) => getAddress(value));
const bytes32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte hex value') as z.ZodType<Hex>;

const contractAddresses = z.object(
  Object.fromEntries(CONTRACT_NAMES.map((name) => [name, address])) as Record<ContractName, typeof address>,
);

/**
 * Where the product's contracts live on one chain: what the devnet writes after deploying, what every app reads
 * (the API from a file or from configuration, the wallet from its server, tests from the devnet). One schema, so
 * a file written by an older devnet or edited by hand is refused with the field that is wrong.
 */
export const deploymentsSchema = z.object({
  chainId: z.number().int().positive(),
  /** The ERC-4337 EntryPoint (v0.8) the accounts and the paymaster use. */
  entryPoint: address,
  contracts: contractAddresses,
  /** Block of the first project contract deployment: where an indexer starts scanning logs. */
  deployedAtBlock: z.number().int().nonnegative(),
  /** keccak256 of each contract's creation bytecode (devnet only: redeploy when the sources changed). */
  bytecodeHashes: z.record(z.string(), bytes32).optional(),
});

export type Deployments = z.infer<typeof deploymentsSchema>;

export class DeploymentsError extends Error {
  override name = 'DeploymentsError';
}

/** Validates deployments read from anywhere; throws a DeploymentsError naming every wrong field. */
export function parseDeployments(json: unknown, source = 'deployments'): Deployments {
  const parsed = deploymentsSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new DeploymentsError(`Invalid ${source}: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** `ProfileRegistry` -> `PROFILE_REGISTRY`: the configuration name of a contract's address (with `_ADDRESS`). */
export function contractEnvName(name: ContractName | 'EntryPoint'): string {
  return `${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_ADDRESS`;
}

/**
 * Deployments from explicit configuration (production, or a static front-end build): `ENTRY_POINT_ADDRESS`,
 * `<CONTRACT>_ADDRESS` for every contract and `CONTRACTS_DEPLOYED_AT_BLOCK`, each name after `prefix` (e.g.
 * `VITE_`). Answers undefined when none of the address variables is set; throws a DeploymentsError listing every
 * missing or invalid variable when only some are.
 */
export function deploymentsFromEnv(
  env: Record<string, string | undefined>,
  options: { chainId: number; prefix?: string },
): Deployments | undefined {
  const prefix = options.prefix ?? '';
  const names = ['EntryPoint', ...CONTRACT_NAMES] as const;
  const read = (name: string) => {
    const value = env[`${prefix}${name}`];
    return value === undefined || value === '' ? undefined : value;
  };
  if (names.every((name) => read(contractEnvName(name)) === undefined)) return undefined;

  const problems: string[] = [];
  const addressOf = (name: (typeof names)[number]): Address => {
    const variable = `${prefix}${contractEnvName(name)}`;
    const value = read(contractEnvName(name));
    if (value === undefined) problems.push(`${variable}: required when any contract address is configured`);
    else if (!isAddress(value, { strict: false }))
      problems.push(`${variable}: must be a 20-byte hex address`);
    else return getAddress(value);
    return '0x0000000000000000000000000000000000000000';
  };
  const entryPoint = addressOf('EntryPoint');
  const contracts = Object.fromEntries(CONTRACT_NAMES.map((name) => [name, addressOf(name)])) as Record<
    ContractName,
    Address
  >;
  const blockVariable = `${prefix}CONTRACTS_DEPLOYED_AT_BLOCK`;
  const blockText = read('CONTRACTS_DEPLOYED_AT_BLOCK') ?? '0';
  const deployedAtBlock = Number(blockText);
  if (!/^[0-9]+$/.test(blockText) || !Number.isSafeInteger(deployedAtBlock)) {
    problems.push(`${blockVariable}: must be a block number`);
  }
  if (problems.length > 0) throw new DeploymentsError(problems.join('\n'));
  return { chainId: options.chainId, entryPoint, contracts, deployedAtBlock };
}
