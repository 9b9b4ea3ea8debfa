import { describe, expect, it } from 'vitest';
import { type BuiltChunk, findTestCodeInServerBundle } from './server-bundle-check';

const root = '/work/tandem/src/server';
const chunk = (overrides: Partial<BuiltChunk> & Pick<BuiltChunk, 'fileName'>): BuiltChunk => ({
  isEntry: false,
  imports: [],
  moduleIds: [],
  code: '',
  ...overrides,
});
const testRoutes = chunk({
  fileName: 'chunks/test-routes-a1.js',
  moduleIds: [`${root}/testing/test-routes.ts`, `${root}/testing/work-factories.ts`],
  code: 'routes.post("/api/testing/accounts", {});',
});

describe('the server bundle check', () => {
  it('passes a bundle whose test routes are only imported on demand', () => {
    const main = chunk({
      fileName: 'main.js',
      isEntry: true,
      imports: ['chunks/shared-b2.js', 'fastify'],
      moduleIds: [`${root}/main.ts`, `${root}/app.ts`],
    });
    const shared = chunk({ fileName: 'chunks/shared-b2.js', moduleIds: [`${root}/seed/factories.ts`] });
    expect(findTestCodeInServerBundle([main, shared, testRoutes])).toEqual([]);
  });

  it('names test code reached from the entry, directly or through a shared chunk', () => {
    const main = chunk({
      fileName: 'main.js',
      isEntry: true,
      imports: ['chunks/shared-b2.js'],
      moduleIds: [`${root}/main.ts`, `${root}/testing/auth-helpers.ts`],
    });
    const shared = chunk({
      fileName: 'chunks/shared-b2.js',
      imports: [testRoutes.fileName],
      moduleIds: [`${root}/billing/billing.test.ts`],
    });
    expect(findTestCodeInServerBundle([main, shared, testRoutes])).toEqual([
      'main.js, loaded at start, holds test code: src/server/testing/auth-helpers.ts.',
      'chunks/shared-b2.js, loaded at start, holds test code: src/server/billing/billing.test.ts.',
      'chunks/test-routes-a1.js, loaded at start, holds test code: src/server/testing/test-routes.ts.',
      'chunks/test-routes-a1.js, loaded at start, holds test code: src/server/testing/work-factories.ts.',
      'chunks/test-routes-a1.js, loaded at start, holds a test route (/api/testing/…).',
      'No chunk loaded on demand holds src/server/testing/test-routes.ts: app.ts should import it with await import() when ENABLE_TEST_ROUTES is on.',
    ]);
  });

  it('fails a bundle without the test routes: inlined or left out, the check would prove nothing', () => {
    const main = chunk({ fileName: 'main.js', isEntry: true, moduleIds: [`${root}/main.ts`] });
    expect(findTestCodeInServerBundle([main])).toEqual([
      'No chunk loaded on demand holds src/server/testing/test-routes.ts: app.ts should import it with await import() when ENABLE_TEST_ROUTES is on.',
    ]);
  });
});
