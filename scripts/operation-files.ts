import fs from 'node:fs';
import path from 'node:path';

// The server's operations, file by file (the house habit: one operation per file, named for it). An operation
// is an exported function that changes stored state — its body inserts, updates or deletes. Views, parsers,
// rules and arithmetic are not operations and may share a file; so may an adapter's factory
// (createFileStore, createMailer…), which builds the port a feature's operations use.

// A query builder's write (db.insert(…), tx\n  .update(…)), or one written in SQL; a hash's .update() is not one.
const WRITES =
  /\b(db|tx|transaction)\s*\.\s*(insert|update|delete)\(|\b(insert into|update [a-z_]+ set|delete from)\b/i;
const ADAPTER_FACTORY = /^create\w*(Store|Mailer|Provider|Sender|Chunks|Queue)$/;
const NOT_OPERATIONS = /\/(testing|seed|migrations)\/|\/db\/schema\//;

// Top-level statements start at column 0 (biome formats them so): each exported function is one chunk.
function exportedWriters(text: string): string[] {
  const writers: string[] = [];
  for (const chunk of text.split(/\n(?=[^\s}\])])/)) {
    const match = chunk.match(
      /^export (?:async )?function\*? (\w+)|^export const (\w+) = (?:async )?(?:\(|\w+ =>|function)/,
    );
    const name = match?.[1] ?? match?.[2];
    if (name && !ADAPTER_FACTORY.test(name) && WRITES.test(chunk)) writers.push(name);
  }
  // One operation in two shapes (recordAuditEvent, recordAuditEvents) is one.
  return writers.filter((name) => !writers.includes(name.replace(/s$/, '')) || !name.endsWith('s'));
}

export function operationsByFile(root = 'src/server'): Map<string, string[]> {
  const operations = new Map<string, string[]>();
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (NOT_OPERATIONS.test(`/${file}`)) continue;
    const writers = exportedWriters(fs.readFileSync(file, 'utf8'));
    if (writers.length > 0) operations.set(file, writers);
  }
  return operations;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [file, names] of [...operationsByFile()].filter(([, names]) => names.length > 1)) {
    console.log(`${file}: ${names.join(', ')}`);
  }
}
