import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the API and the devnet', () => {
  it('does not depend on @ojo/devnet at run time: the chain and deployments come from @ojo/contracts', () => {
    const manifest = JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies)).not.toContain('@ojo/devnet');
    const importers = sourceFiles(path.join(apiRoot, 'src')).filter((file) =>
      /from ['"]@ojo\/devnet/.test(readFileSync(file, 'utf8')),
    );
    expect(importers.map((file) => path.relative(apiRoot, file))).toEqual([]);
  });
});
