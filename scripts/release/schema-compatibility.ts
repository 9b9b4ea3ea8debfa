// Whether code written for one schema still runs on a later one: the expand/contract rule of the runbook
// (docs/operations.md, Upgrades) as a program. It compares drizzle-kit's snapshots, which hold every table,
// column, index and constraint a migration leaves, and reads the hand-written SQL the snapshots cannot see.
// A break is anything the older release's queries would trip over: a table or column gone or changed, a
// value it does not write becoming required, a constraint its writes could violate.

interface SnapshotColumn {
  name: string;
  type: string;
  typeSchema?: string;
  notNull: boolean;
  default?: unknown;
  generated?: unknown;
  identity?: unknown;
}

interface SnapshotIndex {
  name: string;
  columns: { expression: string; isExpression: boolean }[];
  isUnique: boolean;
}

interface SnapshotTable {
  name: string;
  columns: Record<string, SnapshotColumn>;
  indexes: Record<string, SnapshotIndex>;
  foreignKeys: Record<string, { name: string; columnsFrom: string[] }>;
  compositePrimaryKeys: Record<string, { name: string; columns: string[] }>;
  uniqueConstraints: Record<string, { name: string; columns: string[] }>;
  checkConstraints: Record<string, { name: string; value: string }>;
}

export interface SchemaSnapshot {
  tables: Record<string, SnapshotTable>;
  enums: Record<string, { name: string; values: string[] }>;
}

const isRequiredOnInsert = (column: SnapshotColumn) =>
  column.notNull && column.default === undefined && !column.generated && !column.identity;

const typeOf = (column: SnapshotColumn) => (column.typeSchema ? `${column.typeSchema}.${column.type}` : column.type);

function tableBreaks(table: string, older: SnapshotTable, newer: SnapshotTable): string[] {
  const breaks: string[] = [];
  const existed = (column: string) => column in older.columns;
  for (const [name, column] of Object.entries(older.columns)) {
    const now = newer.columns[name];
    if (!now) {
      breaks.push(`drops column ${table}.${name}`);
      continue;
    }
    if (typeOf(now) !== typeOf(column)) {
      breaks.push(`changes ${table}.${name} from ${typeOf(column)} to ${typeOf(now)}`);
    }
    if (now.notNull && !column.notNull) breaks.push(`makes ${table}.${name} NOT NULL`);
    if (column.notNull && isRequiredOnInsert(now) && !isRequiredOnInsert(column)) {
      breaks.push(`drops the default of ${table}.${name}, which is NOT NULL`);
    }
  }
  for (const [name, column] of Object.entries(newer.columns)) {
    if (!existed(name) && isRequiredOnInsert(column)) {
      breaks.push(`adds ${table}.${name} NOT NULL without a default`);
    }
  }
  for (const [name, index] of Object.entries(newer.indexes)) {
    // A unique index over columns the older release writes could refuse its rows; one that includes a new
    // column cannot (the older release leaves it null, and nulls are distinct).
    const onOldColumns = index.columns.every((part) => !part.isExpression && existed(part.expression));
    const isExpression = index.columns.some((part) => part.isExpression);
    if (index.isUnique && !(name in older.indexes) && (onOldColumns || isExpression)) {
      breaks.push(`adds unique index ${name} on ${table}`);
    }
  }
  for (const [name, constraint] of Object.entries(newer.uniqueConstraints)) {
    if (!(name in older.uniqueConstraints) && constraint.columns.every(existed)) {
      breaks.push(`adds unique constraint ${name} on ${table}`);
    }
  }
  for (const [name, key] of Object.entries(newer.foreignKeys)) {
    if (!(name in older.foreignKeys) && key.columnsFrom.every(existed)) {
      breaks.push(`adds foreign key ${name} on ${table}`);
    }
  }
  for (const [name, check] of Object.entries(newer.checkConstraints)) {
    // A check that reads a new column holds for the older release's rows, which leave it null, as long as
    // it is written to (`a is null or …`); one on the old columns alone could refuse them.
    const readsOnlyOldColumns = [...check.value.matchAll(/"([a-z0-9_]+)"/g)]
      .map((match) => match[1] ?? '')
      .filter((word) => word !== table)
      .every(existed);
    if (older.checkConstraints[name]?.value !== check.value && readsOnlyOldColumns) {
      breaks.push(`adds or changes check ${name} on ${table}`);
    }
  }
  const primaryKeys = (snapshot: SnapshotTable) =>
    JSON.stringify(Object.values(snapshot.compositePrimaryKeys).map((key) => key.columns));
  if (primaryKeys(older) !== primaryKeys(newer)) breaks.push(`changes the primary key of ${table}`);
  return breaks;
}

// What in `newer` code written for `older` would trip over; none means the older release runs on it.
export function findSchemaBreaks(older: SchemaSnapshot, newer: SchemaSnapshot): string[] {
  const breaks: string[] = [];
  for (const [key, table] of Object.entries(older.tables)) {
    const now = newer.tables[key];
    if (!now) breaks.push(`drops table ${table.name}`);
    else breaks.push(...tableBreaks(table.name, table, now));
  }
  for (const [key, type] of Object.entries(older.enums)) {
    const now = newer.enums[key];
    if (!now) {
      breaks.push(`drops type ${type.name}`);
      continue;
    }
    const gone = type.values.filter((value) => !now.values.includes(value));
    if (gone.length > 0) breaks.push(`removes ${gone.join(', ')} from type ${type.name}`);
  }
  return breaks;
}

// Hand-written SQL (after the `-- hand-written` line drizzle-kit's statements end with) that changes what
// exists: what the snapshots do not record. Functions, triggers and data fixes are left to review.
const HAND_WRITTEN = /^--\s*hand-written/im;
const CONTRACTING_STATEMENTS: [RegExp, string][] = [
  [/\bdrop\s+(table|column|type|view|materialized\s+view|schema)\b/i, 'drops'],
  [/\brename\s+(to|column)\b/i, 'renames'],
  [/\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/i, 'changes the type of a column'],
  [/\bset\s+not\s+null\b/i, 'makes a column NOT NULL'],
  [/\badd\s+constraint\b/i, 'adds a constraint'],
  [/\bcreate\s+unique\s+index\b/i, 'adds a unique index'],
];

const withoutComments = (sql: string) => sql.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');

export function findHandWrittenBreaks(sql: string): string[] {
  const marker = HAND_WRITTEN.exec(sql);
  if (!marker) return [];
  const handWritten = withoutComments(sql.slice(marker.index));
  const breaks: string[] = [];
  for (const statement of handWritten.split(/;|-->\s*statement-breakpoint/)) {
    const text = statement.replace(/\s+/g, ' ').trim();
    for (const [pattern, what] of CONTRACTING_STATEMENTS) {
      if (pattern.test(text)) breaks.push(`${what} in hand-written SQL: ${text.slice(0, 120)}`);
    }
  }
  return breaks;
}
