import fs from 'node:fs';
import path from 'node:path';

// Imports from one server feature folder (src/server/<feature>/) into another (decision 015), test files
// included, and the loops they make.

// Infrastructure and the domain kernels every feature may import, and seed/, which composes features into demo
// data as app.ts composes them into the app; the root files (app.ts, config.ts…) are not features either.
const SHARED_PLACES = new Set(['db', 'mail', 'platform', 'kernels', 'seed', 'testing']);
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|\bvi\.mock\(\s*)'([^']+)'/gm;

export interface Crossing {
  file: string;
  line: number;
  from: string;
  to: string;
  specifier: string;
}

export function findCrossings(sourceRoot = path.resolve('src')): Crossing[] {
  const server = path.join(sourceRoot, 'server');
  const folderOf = (file: string): string | undefined => {
    const relative = path.relative(server, file);
    if (relative.startsWith('..')) return undefined;
    const parts = relative.split(path.sep);
    return parts.length > 1 ? parts[0] : undefined;
  };
  const resolveSpecifier = (from: string, specifier: string): string | undefined => {
    if (specifier.startsWith('~/')) return path.resolve(sourceRoot, specifier.slice(2));
    if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
    return undefined;
  };
  const crossings: Crossing[] = [];
  for (const entry of fs.readdirSync(server, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const from = folderOf(file);
    if (from === undefined || SHARED_PLACES.has(from)) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? '';
      const target = resolveSpecifier(file, specifier);
      const to = target && folderOf(target);
      if (to === undefined || to === from || SHARED_PLACES.has(to)) continue;
      const line = text.slice(0, match.index).split('\n').length;
      crossings.push({ file: path.relative('.', file), line, from, to, specifier });
    }
  }
  return crossings;
}

// The groups of features that import each other in a loop (strongly connected components of two or more
// folders, Tarjan's algorithm), each sorted, the groups sorted by their first folder.
export function featureLoops(crossings: readonly Crossing[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of crossings) {
    if (!edges.has(from)) edges.set(from, new Set());
    if (!edges.has(to)) edges.set(to, new Set());
    edges.get(from)?.add(to);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    lowLink.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(node, Math.min(lowLink.get(node) ?? 0, lowLink.get(next) ?? 0));
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (lowLink.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

// Every import of production code from one place of the server into another: a top-level folder, a kernel
// (kernels/money), or a root file (app-context.ts is `app-context`). Type imports count: they are a
// dependency of the design, if not of the running code. Tests and the test helpers (testing/) are left out.
export function findPlaceImports(sourceRoot = path.resolve('src')): Crossing[] {
  const server = path.join(sourceRoot, 'server');
  const placeOf = (file: string): string | undefined => {
    const relative = path.relative(server, file);
    if (relative.startsWith('..')) return undefined;
    const [top = '', kernel] = relative.split(path.sep);
    if (top === 'kernels' && kernel) return `kernels/${kernel.replace(/\.tsx?$/, '')}`;
    return top.replace(/\.tsx?$/, '');
  };
  const imports: Crossing[] = [];
  for (const entry of fs.readdirSync(server, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.(test|d)\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const from = placeOf(file);
    if (from === undefined || from === 'testing') continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? '';
      const target = specifier.startsWith('~/')
        ? path.resolve(sourceRoot, specifier.slice(2))
        : specifier.startsWith('.')
          ? path.resolve(path.dirname(file), specifier)
          : undefined;
      const to = target && placeOf(target);
      if (to === undefined || to === from) continue;
      const line = text.slice(0, match.index).split('\n').length;
      imports.push({ file: path.relative('.', file), line, from, to, specifier });
    }
  }
  return imports;
}
