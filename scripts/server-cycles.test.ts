import { describe, expect, it } from 'vitest';
import { featureLoops, findPlaceImports } from './feature-imports';

// The server's places import each other one way in production code (docs/architecture.md): features on
// kernels, kernels on mail, platform and db, platform on db. A loop through db, platform or a kernel makes
// the bottom depend on the top, so no layer can be read, tested or moved alone.
// `node --import tsx scripts/server-feature-imports.ts --places` lists the imports that close a loop.
describe('the import graph between the places of the server', () => {
  it('has no loop', () => {
    expect(featureLoops(findPlaceImports())).toEqual([]);
  });

  it('names each kernel a place of its own and each root file by its name', () => {
    const imports = findPlaceImports();
    const places = new Set(imports.flatMap(({ from, to }) => [from, to]));
    expect(places).toContain('kernels/money');
    expect(places).toContain('app-context');
    expect(places).not.toContain('kernels');
    // The test helpers are no production code: what they import makes no loop (app.ts loads them only in tests).
    expect(imports.filter(({ from }) => from === 'testing')).toEqual([]);
  });
});
