import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Server tests call the API through its contracts (testing/contract-client.ts: `account.call(contract.x,
// { params, query, body })`, the answer typed and parsed by the contract), not with a path written out and a
// body cast to a hand-named type. A path is written out only in these files, where it is the subject or where
// no contract declares it (docs/style.md rule 21), and their count only goes down.
const PATHS_WRITTEN_OUT: Record<string, string> = {
  'platform/route-plumbing.test.ts': 'the route table, listed by path prefix',
  'platform/errors.test.ts': 'routes the test registers, and an unknown route',
  'platform/openapi.test.ts': "the OpenAPI document's own keys and address",
  'platform/route-contracts.test.ts': 'route-table filters, and a contract the test defines',
  'platform/route-policies.test.ts': 'route-table filters',
  'platform/access-control.test.ts': 'routes the test registers',
  'platform/request-log.test.ts': 'a route the test registers, and a path no route matches, as logged',
  'platform/metrics.test.ts': 'a route the test registers',
  'platform/security-headers.test.ts': 'the documentation pages and an unknown route',
  'platform/web-client.test.ts': 'an unknown route',
  'health/dependency-outages.test.ts': 'routes the test registers',
  'testing/job-test-routes.test.ts': 'the test-only routes (decision 020), which no contract declares',
  'billing/invoices.test.ts': 'test-only routes, and an empty query the typed client leaves out on purpose',
  'assessments/manage-tests.test.ts': 'a test-only route',
  'privacy/privacy.test.ts': 'a GET on a path only declared for POST',
};
// 127: the route table's noun list (route-plumbing.test.ts) names each resource with an id by its path
// prefix, and credit notes, tax rates and tax data readers are new ones; every other count only went down.
// The route table's noun list (route-plumbing.test.ts) grows by one prefix with each resource that has an id, as
// it must: it is counted apart, and this caps the rest.
const ROUTE_TABLE_TEST = 'platform/route-plumbing.test.ts';
const PATH_LITERALS_LEFT = 71;

function serverTestTexts(): Map<string, string> {
  return new Map(
    fs
      .readdirSync('src/server', { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative('src/server', file), fs.readFileSync(file, 'utf8')];
      }),
  );
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
const PATH_LITERAL = /['`]\/api\//g;

describe('server tests', () => {
  const texts = serverTestTexts();

  it('write API paths only where the path is the subject or no contract declares it', () => {
    const elsewhere = [...texts].filter(([file, text]) => !PATHS_WRITTEN_OUT[file] && count(text, PATH_LITERAL) > 0);
    expect(elsewhere.map(([file]) => file)).toEqual([]);
    const total = [...texts]
      .filter(([file]) => file !== ROUTE_TABLE_TEST)
      .reduce((sum, [, text]) => sum + count(text, PATH_LITERAL), 0);
    expect(total).toBeLessThanOrEqual(PATH_LITERALS_LEFT);
  });

  it('cast no response body to a hand-named type', () => {
    const casting = [...texts].filter(([, text]) => count(text, /json\(\) as |\.json</g) > 0).map(([file]) => file);
    expect(casting).toEqual([]);
  });
});
