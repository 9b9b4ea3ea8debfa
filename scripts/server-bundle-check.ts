// Production ships no test code (decision 020). The server bundle's static graph — the entry
// chunk and every chunk it imports, all loaded at start — holds no module of a testing/ folder and no
// test route. The test routes are built, in a chunk of their own that app.ts imports only when
// ENABLE_TEST_ROUTES is on; a build without that chunk fails too, since then the check proves nothing.

// What the check reads of each chunk of the build's output (rolldown's OutputChunk).
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  // The chunks (and packages) it imports statically.
  imports: string[];
  moduleIds: string[];
  code: string;
}

const TEST_ROUTE_PREFIX = '/api/testing/';
const TEST_ROUTES_MODULE = 'src/server/testing/test-routes.ts';

const sourcePathOf = (moduleId: string) => moduleId.replaceAll('\\', '/').replace(/^.*?\/(src\/)/, '$1');
const isTestModule = (moduleId: string) => {
  const source = sourcePathOf(moduleId);
  return source.startsWith('src/') && (/\/testing\//.test(source) || /\.test\.tsx?$/.test(source));
};

// Every chunk loaded when the entry is: the entry chunks and what they import, transitively.
function staticallyLoaded(chunks: BuiltChunk[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Set<string>();
  const waiting = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  for (let file = waiting.pop(); file !== undefined; file = waiting.pop()) {
    if (loaded.has(file)) continue;
    loaded.add(file);
    waiting.push(...(byFile.get(file)?.imports ?? []).filter((imported) => byFile.has(imported)));
  }
  return loaded;
}

// One sentence per problem; none means the bundle is clean.
export function findTestCodeInServerBundle(chunks: BuiltChunk[]): string[] {
  const loaded = staticallyLoaded(chunks);
  const problems: string[] = [];
  for (const chunk of chunks.filter((each) => loaded.has(each.fileName))) {
    for (const moduleId of chunk.moduleIds.filter(isTestModule)) {
      problems.push(`${chunk.fileName}, loaded at start, holds test code: ${sourcePathOf(moduleId)}.`);
    }
    if (chunk.code.includes(TEST_ROUTE_PREFIX)) {
      problems.push(`${chunk.fileName}, loaded at start, holds a test route (${TEST_ROUTE_PREFIX}…).`);
    }
  }
  const onDemand = chunks.filter((chunk) => !loaded.has(chunk.fileName));
  if (!onDemand.some((chunk) => chunk.moduleIds.some((id) => sourcePathOf(id) === TEST_ROUTES_MODULE))) {
    problems.push(
      `No chunk loaded on demand holds ${TEST_ROUTES_MODULE}: app.ts should import it with await import() when ENABLE_TEST_ROUTES is on.`,
    );
  }
  return problems;
}
