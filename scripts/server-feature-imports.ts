// Lists every import from one server feature folder (src/server/<feature>/) into another, the ones the
// feature boundary in biome.json names as exceptions (decision 015). `--counts` prints one line per
// importing folder and imported folder instead of one per import; `--loops` the groups of features that
// import each other in a loop; `--places` the loops among all the server's places (folders, kernels, root files)
// in production code, with the imports that close them.
import { featureLoops, findCrossings, findPlaceImports } from './feature-imports';

const crossings = findCrossings();
if (process.argv.includes('--places')) {
  const imports = findPlaceImports();
  for (const group of featureLoops(imports)) {
    console.log(`${group.length} places: ${group.join(', ')}`);
    for (const { file, line, from, to } of imports) {
      if (group.includes(from) && group.includes(to)) console.log(`  ${from} -> ${to}  ${file}:${line}`);
    }
  }
} else if (process.argv.includes('--loops')) {
  for (const group of featureLoops(crossings)) console.log(`${group.length} folders: ${group.join(', ')}`);
} else if (process.argv.includes('--counts')) {
  const counts = new Map<string, number>();
  for (const { from, to } of crossings) counts.set(`${from} -> ${to}`, (counts.get(`${from} -> ${to}`) ?? 0) + 1);
  for (const [pair, count] of [...counts].sort()) console.log(`${String(count).padStart(3)}  ${pair}`);
} else {
  for (const { file, line, specifier } of crossings) console.log(`${file}:${line}  ${specifier}`);
}
console.log(`${crossings.length} cross-feature imports in ${new Set(crossings.map((c) => c.file)).size} files`);
