import { type PGlite, type Results, types } from '@electric-sql/pglite';

// Drizzle reads these types as PostgreSQL's text and parses them itself, and says so by giving PGlite its own
// parsers with every query. PGlite then copies its whole parser table (300-odd types: one per array of every
// type) into a new object for that query: 0.3 ms of a one-row query's 0.5 (node_modules/drizzle-orm/pglite/
// session.js; PGlite 0.5.17 still does). The embedded database reads them as text for every query instead,
// drizzle's go without parsers of their own, and raw queries get them parsed as PGlite would have.
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE];
// Each array type with its element's type.
const DRIZZLE_TEXT_ARRAY_TYPES = new Map([
  [1231, types.NUMERIC],
  [1115, types.TIMESTAMP],
  [1185, types.TIMESTAMPTZ],
  [1187, types.INTERVAL],
  [1182, types.DATE],
]);
const isDrizzleTextType = new Set([...DRIZZLE_TEXT_TYPES, ...DRIZZLE_TEXT_ARRAY_TYPES.keys()].map(String));

type Parser = (value: string, typeId?: number) => unknown;
export type QueryOptions = Parameters<PGlite['query']>[2];

// PGlite's own parsers of the types above, by the parser table they were taken from: a test worker's database
// is opened again for every file, and by then its table reads them as text.
const ownParsersOf = new WeakMap<object, Map<number, Parser>>();

function takeOwnParsers(parsers: Record<number, Parser | undefined>): Map<number, Parser> {
  const taken = ownParsersOf.get(parsers);
  if (taken) return taken;
  const ownParsers = new Map<number, Parser>();
  for (const typeId of DRIZZLE_TEXT_TYPES) {
    const parser = parsers[typeId];
    if (parser) ownParsers.set(typeId, parser);
  }
  // An array's parser reads its elements with the table's parser at the time: the element's own, kept here.
  for (const [typeId, elementTypeId] of DRIZZLE_TEXT_ARRAY_TYPES) {
    const parseElement = ownParsers.get(elementTypeId) ?? parsers[elementTypeId] ?? ((value: string) => value);
    ownParsers.set(typeId, (value) => types.arrayParser(value, parseElement, typeId));
  }
  for (const typeId of isDrizzleTextType) parsers[Number(typeId)] = (value) => value;
  ownParsersOf.set(parsers, ownParsers);
  return ownParsers;
}

// After waitReady: PGlite fills in the array types' parsers while it starts.
export function readDrizzleTypesAsText(client: PGlite) {
  const ownParsers = takeOwnParsers(client.parsers as Record<number, Parser | undefined>);

  // Drizzle's options, less the parsers the database now applies itself.
  const withoutDrizzleParsers = (options: QueryOptions): QueryOptions => {
    const given = options?.parsers;
    if (!given || !Object.keys(given).every((typeId) => isDrizzleTextType.has(typeId))) return options;
    const { parsers: _applied, ...rest } = options;
    return rest;
  };

  // A raw query's rows as PGlite's own parsers read them (timestamps and dates as Date, arrays as arrays).
  const parsedAsPglite = <T>(result: Results<T>): Results<T> => {
    const columns = result.fields.flatMap((field) => {
      const parse = ownParsers.get(field.dataTypeID);
      return parse ? [{ name: field.name, typeId: field.dataTypeID, parse }] : [];
    });
    if (columns.length === 0) return result;
    for (const row of result.rows as Array<Record<string, unknown>>) {
      for (const { name, typeId, parse } of columns) {
        const value = row[name];
        if (typeof value === 'string') row[name] = parse(value, typeId);
      }
    }
    return result;
  };

  return { withoutDrizzleParsers, parsedAsPglite };
}
