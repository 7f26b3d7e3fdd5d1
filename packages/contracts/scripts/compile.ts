/**
 * Compiles every contracts/*.sol with solc-js and writes typed artifacts to generated/
 * (generated/artifacts/<Name>.json and generated/abis.ts), the way scaffold-eth-2 commits its generated ABIs.
 * The packaged EntryPoint v0.8 artifact is copied alongside, because only that exact bytecode lands at the
 * canonical EntryPoint address through the CREATE2 deployer.
 *
 * Recompiling is skipped when the input hash (sources, compiler settings, solc and library versions) matches
 * generated/compile-hash.json.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import solc from 'solc';

const require = createRequire(import.meta.url);
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contractsDir = join(packageDir, 'contracts');
const generatedDir = join(packageDir, 'generated');
const artifactsDir = join(generatedDir, 'artifacts');
const hashFile = join(generatedDir, 'compile-hash.json');

/** Library prefixes resolved from node_modules by the import callback. */
const LIBRARY_PACKAGES = ['@openzeppelin/contracts', '@account-abstraction/contracts'] as const;

// EntryPoint v0.8 (and the account/paymaster bases we inherit) use transient storage, so cancun at least.
export const COMPILER_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  viaIR: false,
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const;

interface Artifact {
  contractName: string;
  sourceName: string;
  abi: unknown[];
  bytecode: `0x${string}`;
  deployedBytecode: `0x${string}`;
}

function packageDirOf(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

function packageVersion(name: string): string {
  return JSON.parse(readFileSync(join(packageDirOf(name), 'package.json'), 'utf8')).version as string;
}

function listSourceFiles(): string[] {
  return readdirSync(contractsDir)
    .filter((file) => file.endsWith('.sol'))
    .sort();
}

/** Hash of everything that determines the compiler output. */
export function computeInputHash(): string {
  const hash = createHash('sha256');
  hash.update(`solc ${solc.version()}\n`);
  hash.update(`${JSON.stringify(COMPILER_SETTINGS)}\n`);
  for (const name of LIBRARY_PACKAGES) hash.update(`${name}@${packageVersion(name)}\n`);
  for (const file of listSourceFiles()) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(join(contractsDir, file)));
  }
  return hash.digest('hex');
}

export function readStoredHash(): string | undefined {
  if (!existsSync(hashFile)) return undefined;
  return (JSON.parse(readFileSync(hashFile, 'utf8')) as { inputHash: string }).inputHash;
}

function findImport(path: string): { contents: string } | { error: string } {
  const library = LIBRARY_PACKAGES.find((name) => path.startsWith(`${name}/`));
  const file = library
    ? join(packageDirOf(library), path.slice(library.length + 1))
    : join(contractsDir, path.replace(/^contracts\//, ''));
  if (!existsSync(file)) return { error: `File not found: ${path}` };
  return { contents: readFileSync(file, 'utf8') };
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<
      string,
      { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
    >
  >;
}

function compileSources(): Artifact[] {
  const sources: Record<string, { content: string }> = {};
  for (const file of listSourceFiles()) {
    sources[`contracts/${file}`] = { content: readFileSync(join(contractsDir, file), 'utf8') };
  }
  const input = { language: 'Solidity', sources, settings: COMPILER_SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error');
  if (errors.length > 0) {
    throw new Error(
      `Solidity compilation failed:\n${errors.map((entry) => entry.formattedMessage).join('\n')}`,
    );
  }
  for (const warning of output.errors ?? []) {
    if (warning.severity === 'warning' && warning.formattedMessage.includes('contracts/')) {
      console.warn(warning.formattedMessage);
    }
  }
  const artifacts: Artifact[] = [];
  for (const [sourceName, contracts] of Object.entries(output.contracts ?? {})) {
    // Only our own sources become artifacts; imported library contracts are build inputs.
    if (!sourceName.startsWith('contracts/')) continue;
    for (const [contractName, contract] of Object.entries(contracts)) {
      if (contract.evm.bytecode.object.length === 0) continue; // interfaces and abstract contracts
      artifacts.push({
        contractName,
        sourceName,
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
        deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
      });
    }
  }
  return artifacts.sort((a, b) => a.contractName.localeCompare(b.contractName));
}

function packagedEntryPoint(): Artifact {
  const packaged = JSON.parse(
    readFileSync(join(packageDirOf('@account-abstraction/contracts'), 'artifacts/EntryPoint.json'), 'utf8'),
  ) as {
    contractName: string;
    sourceName: string;
    abi: unknown[];
    bytecode: string;
    deployedBytecode: string;
  };
  return {
    contractName: 'EntryPoint',
    sourceName: `@account-abstraction/contracts/${packaged.sourceName.replace(/^contracts\//, '')}`,
    abi: packaged.abi,
    bytecode: packaged.bytecode as `0x${string}`,
    deployedBytecode: packaged.deployedBytecode as `0x${string}`,
  };
}

function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

function renderAbisModule(artifacts: Artifact[]): string {
  const lines = [
    '// Generated by packages/contracts/scripts/compile.ts. Do not edit; run `npm run compile -w packages/contracts`.',
    '',
  ];
  for (const artifact of artifacts) {
    const base = lowerFirst(artifact.contractName);
    lines.push(`export const ${base}Abi = ${JSON.stringify(artifact.abi, null, 2)} as const;`, '');
    lines.push(`export const ${base}Bytecode = '${artifact.bytecode}' as const;`, '');
  }
  return lines.join('\n');
}

export function writeArtifacts(artifacts: Artifact[], inputHash: string): void {
  rmSync(artifactsDir, { recursive: true, force: true });
  mkdirSync(artifactsDir, { recursive: true });
  for (const artifact of artifacts) {
    writeFileSync(
      join(artifactsDir, `${artifact.contractName}.json`),
      `${JSON.stringify(artifact, null, 2)}\n`,
    );
  }
  writeFileSync(join(generatedDir, 'abis.ts'), renderAbisModule(artifacts));
  writeFileSync(hashFile, `${JSON.stringify({ inputHash, solc: solc.version() }, null, 2)}\n`);
}

/** Compiles when the inputs changed (or when forced). Returns whether it compiled. */
export function compileContracts(options: { force?: boolean } = {}): boolean {
  const inputHash = computeInputHash();
  if (!options.force && readStoredHash() === inputHash && existsSync(join(generatedDir, 'abis.ts'))) {
    return false;
  }
  const artifacts = [...compileSources(), packagedEntryPoint()].sort((a, b) =>
    a.contractName.localeCompare(b.contractName),
  );
  writeArtifacts(artifacts, inputHash);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const started = Date.now();
  const compiled = compileContracts({ force: process.argv.includes('--force') });
  console.log(
    compiled
      ? `Compiled contracts in ${Date.now() - started} ms -> ${generatedDir}`
      : 'Contracts unchanged (input hash matches); skipped compiling.',
  );
}
