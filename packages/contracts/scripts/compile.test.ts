import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as abis from '../generated/abis';
import { computeInputHash, readStoredHash } from './compile';

const packageDir = join(import.meta.dirname, '..');

describe('generated contract artifacts', () => {
  it('are fresh: the committed input hash matches the current sources and settings', () => {
    expect(readStoredHash(), 'run `npm run compile -w packages/contracts` and commit generated/').toBe(
      computeInputHash(),
    );
  });

  it('exist for every contract source and for the packaged EntryPoint', () => {
    const sources = readdirSync(join(packageDir, 'contracts')).filter((file) => file.endsWith('.sol'));
    const artifacts = readdirSync(join(packageDir, 'generated/artifacts'));
    for (const source of sources) expect(artifacts).toContain(source.replace(/\.sol$/, '.json'));
    expect(artifacts).toContain('EntryPoint.json');
  });

  it('export each artifact ABI and bytecode in generated/abis.ts', () => {
    const exported: Record<string, unknown> = { ...abis };
    for (const file of readdirSync(join(packageDir, 'generated/artifacts'))) {
      const artifact = JSON.parse(readFileSync(join(packageDir, 'generated/artifacts', file), 'utf8')) as {
        contractName: string;
        abi: unknown[];
        bytecode: string;
      };
      const base = artifact.contractName.charAt(0).toLowerCase() + artifact.contractName.slice(1);
      expect(exported[`${base}Abi`]).toEqual(artifact.abi);
      expect(exported[`${base}Bytecode`]).toBe(artifact.bytecode);
      expect(artifact.bytecode).toMatch(/^0x[0-9a-f]{100,}$/);
    }
  });
});
