// Alto picks its viem chain by looking the chain id up in `viem/chains`. The local devnet uses chain id 11124,
// which viem knows as Abstract Testnet (a zkSync chain with its own formatters, serializers and multicall
// address). Inside alto's CLI handler only, `viem/chains` is replaced by a generated module that re-exports
// every viem chain except those with the devnet's id, so alto falls back to its generic EVM chain for anvil.
const ALTO_HANDLER = /\/@pimlico\/alto\/esm\/cli\/handler\.js$/;
const DEVNET_CHAIN_ID = 11124;
const SHIM_PREFIX = 'ojo-devnet-chains:';

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'viem/chains' && context.parentURL && ALTO_HANDLER.test(context.parentURL)) {
    const real = await nextResolve(specifier, context);
    return { url: `${SHIM_PREFIX}${real.url}`, format: 'module', shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith(SHIM_PREFIX)) return nextLoad(url, context);
  const realUrl = url.slice(SHIM_PREFIX.length);
  const chains = await import(realUrl);
  const kept = Object.keys(chains).filter((name) => chains[name]?.id !== DEVNET_CHAIN_ID);
  const source = `import * as chains from ${JSON.stringify(realUrl)};\n${kept
    .map((name) => `export const ${name} = chains[${JSON.stringify(name)}];`)
    .join('\n')}\n`;
  return { format: 'module', source, shortCircuit: true };
}
