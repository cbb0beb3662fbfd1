import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogAsOf, catalogSource, catalogVersion } from './catalog';

/** The installed package's own manifest (the package exports no version at run time). */
function installedVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@pydantic/genai-prices');
  const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { name: string; version: string };
  expect(manifest.name).toBe('@pydantic/genai-prices');
  return manifest.version;
}

describe('the price catalog', () => {
  it('is the installed version, so an upgrade must also update the publish date every figure cites', () => {
    // On failure: set catalogVersion to the new version and catalogAsOf to its publish date (`npm view @pydantic/genai-prices time`).
    expect(installedVersion()).toBe(catalogVersion);
    expect(catalogAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(catalogSource).toBe(`@pydantic/genai-prices ${catalogVersion}`);
  });
});
