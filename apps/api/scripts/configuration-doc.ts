import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { envSchema } from '../src/config/env';
import { sliceSchema } from '../src/config/slices';

/**
 * docs/configuration.md, written from the API's environment schemas (each variable's `.describe()` text and default)
 * and from the lists below for the variables the stack scripts and the front ends read without zod. `npm run
 * docs:config` rewrites the file; a test fails when it is not current.
 */

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const configurationDocPath = path.join(repoRoot, 'docs', 'configuration.md');

/** Read by scripts/lib/stack.mjs and the stand-ins (plain JavaScript, no schema). */
export const STACK_VARIABLES: readonly [name: string, fallback: string, meaning: string][] = [
  ['DATA_DIR', '`.data`', 'embedded database, chain state, deployments and local keys of the whole stack'],
  ['WEB_PORT', '3000', 'port of the web app'],
  ['API_PORT', '3001', 'port of the API'],
  ['GAME_PORT', '3002', 'port of the game frame'],
  ['WALLET_PORT', '3003', 'port of the account provider'],
  [
    'STAND_INS_PORT',
    '3004',
    'port of the X, Telegram, Discord, Coinbase Exchange and Google/Twitter/Apple login stand-ins',
  ],
  [
    'STAND_INS_URL',
    'the address they listen on',
    "the stand-ins' public base (the login stand-ins' issuers live under it)",
  ],
  ['CHAIN_PORT', '8545', 'port of anvil'],
  ['BUNDLER_PORT', '4337', 'port of alto'],
  ['PUBLIC_HOST', '`localhost`', 'host name in the origins handed to every part'],
  ['STAND_INS_HOST', '`127.0.0.1` (`0.0.0.0` with `PUBLIC_HOST`)', 'address the stand-ins bind to'],
  ['STAND_INS_COINBASE_TRADE_MS', '250', 'how often the Coinbase Exchange stand-in trades'],
];

/** Read at build time by the front ends (apps/web, apps/game, apps/wallet: `src/config/env.ts`). */
export const FRONT_END_VARIABLES: readonly [name: string, fallback: string, meaning: string][] = [
  ['VITE_API_URL', '`http://localhost:3001`', 'the API'],
  ['VITE_CUSTOMER_HOST', '`VITE_API_URL`', 'the customer host of product.md 7'],
  ['VITE_QUEST_HOST', '`VITE_API_URL`', 'the quest host'],
  ['VITE_BADGE_HOST', '`VITE_API_URL`', 'the badge host'],
  ['VITE_WALLET_HOST', '`VITE_API_URL`', 'the wallet host'],
  ['VITE_GAME_HOST', '`VITE_API_URL`', 'the game host'],
  [
    'VITE_WEB_ORIGIN',
    'from the ports',
    'the web origin; the frame and the account provider accept messages from it only',
  ],
  ['VITE_GAME_ORIGIN', 'from the ports', 'the game origin; the web page accepts frame messages from it only'],
  [
    'VITE_WALLET_ORIGIN',
    'from the ports',
    'the account provider origin; the web page accepts its messages only',
  ],
  ['VITE_TRUSTED_ORIGINS', 'the web origin', '(wallet) the app origins the account provider answers'],
  ['VITE_CHAIN_RPC_URL', 'the local chain', 'chain access for the wallet'],
  ['VITE_BUNDLER_URL', 'the local bundler', 'bundler for the wallet'],
  ['VITE_CHAIN_ID', '11124', 'chain id'],
  [
    'VITE_SMART_ACCOUNT_FACTORY_ADDRESS',
    'the deployments file',
    '(wallet) the factory, for a static deployment',
  ],
  [
    'VITE_VERIFYING_PAYMASTER_ADDRESS',
    'the deployments file',
    '(wallet) the paymaster, for a static deployment',
  ],
  ['VITE_SAAS_ID', '`ojo-arena`', 'the saas_id header'],
  ['VITE_PRODUCT_NAME', '`OJO Arena`', 'the brand'],
  ['VITE_PROVIDER_NAME', '`Arena Wallet`', "the account provider's display name"],
  ['VITE_EXPLORER_ADDRESS_URL', '`$VITE_API_URL/explorer/address/{address}`', "the explorer's address page"],
  ['VITE_BRIDGE_URL', '`https://portal.abs.xyz/bridge`', 'the bridge site the deposit dialog opens'],
  ['VITE_CHAIN_NAME', '`Abstract Chain`', 'the network shown in the send dialog'],
  ['VITE_X_URL', "the product's account", 'social link'],
  ['VITE_DISCORD_URL', "the product's server", 'social link'],
  ['VITE_TELEGRAM_URL', "the product's channel", 'social link'],
];

interface ZodNode {
  _zod: { def: { type: string; defaultValue?: unknown; in?: ZodNode; innerType?: ZodNode } };
}

/** The default a variable gets when unset, as its text in the environment would read; undefined when none. */
function defaultOf(schema: ZodNode): unknown {
  const def = schema._zod.def;
  if (def.type === 'default') return def.defaultValue;
  if (def.type === 'pipe' && def.in) return defaultOf(def.in);
  if (def.innerType) return defaultOf(def.innerType);
  return undefined;
}

function defaultText(value: unknown): string {
  if (value === undefined) return 'unset';
  if (Array.isArray(value)) return `\`${value.join(',')}\``;
  // A folder under the checkout reads as a relative path: the file must not depend on where the repo lives.
  if (typeof value === 'string' && value.startsWith(repoRoot)) return `\`${path.relative(repoRoot, value)}\``;
  if (typeof value === 'string') return value === '' ? '""' : `\`${value}\``;
  return String(value);
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function table(rows: readonly (readonly [string, string, string])[]): string {
  const lines = ['| variable | default | meaning |', '| --- | --- | --- |'];
  for (const [name, fallback, meaning] of rows)
    lines.push(`| \`${name}\` | ${cell(fallback)} | ${cell(meaning)} |`);
  return lines.join('\n');
}

/** The API's variables in schema order: name, default and the `.describe()` text. */
export function apiVariables(): [name: string, fallback: string, meaning: string][] {
  const shape: Record<string, z.ZodType> = { ...envSchema.shape, ...sliceSchema.shape };
  return Object.entries(shape).map(([name, schema]) => [
    name,
    defaultText(defaultOf(schema as unknown as ZodNode)),
    schema.description ?? '',
  ]);
}

export function renderConfigurationDoc(): string {
  return `# Configuration

<!-- Written by \`npm run docs:config\` from apps/api/scripts/configuration-doc.ts and the API's environment schemas
(\`apps/api/src/config/env.ts\` and each module's \`config.ts\`); edit those, not this file. -->

Every setting has a local default, so \`npm start\` needs none; production sets them in the environment. The API
checks its whole environment at start and refuses to run with a list of every invalid setting; with
\`NODE_ENV=production\` it also refuses to run without \`JWT_SECRET\`, \`IDENTITY_PRIVATE_JWK\` and
\`API_SIGNER_PRIVATE_KEY\`. Secrets come only from the environment; locally they are generated once under
\`DATA_DIR\` (mode 0600) or are anvil's public test keys.

**The local devnet.** At start the API asks the chain whether it is the local devnet: \`CHAIN_RPC_URL\` on this
machine whose node answers as anvil with chain id \`CHAIN_ID\` (the chain id alone proves nothing: 11124 is also
Abstract's testnet). Only there do the devnet's conveniences apply (the devnet keys, creating old accounts for unknown
social identities, the demo data). Anywhere else \`API_SIGNER_PRIVATE_KEY\` is required, switching
\`SEED_DEMO_DATA\` on is refused, and so are anvil's well-known keys.

## Whole stack (\`npm start\`, \`npm test\`)

\`npm start\` points the API's X, Telegram, Discord, market-feed and old-login (\`OIDC_*\`) variables at the stand-ins
unless they are set,
and relaxes the per-address limits (\`PROFILE_DAILY_PER_CLIENT\`, \`GAS_MAX_CLIENT_SHARE_BPS\`), since every local
browser is one client address.

${table(STACK_VARIABLES)}

## API

${table(apiVariables())}

## Front ends

Read at build time (\`npm start\` passes the URLs); a front-end build never holds a secret.

${table(FRONT_END_VARIABLES)}
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = renderConfigurationDoc();
  const current = (() => {
    try {
      return readFileSync(configurationDocPath, 'utf8');
    } catch {
      return undefined;
    }
  })();
  if (current === text) console.log('docs/configuration.md is current');
  else {
    writeFileSync(configurationDocPath, text);
    console.log('wrote docs/configuration.md');
  }
}
