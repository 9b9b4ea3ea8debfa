import { describe, expect, it } from 'vitest';
import { classifyMigrationsSince } from './migrations';
import { findHandWrittenBreaks, findSchemaBreaks, type SchemaSnapshot } from './schema-compatibility';

const column = (name: string, type = 'text', more: Record<string, unknown> = {}) => ({
  name,
  type,
  notNull: false,
  ...more,
});

// A table the way drizzle-kit's snapshots hold it, with the parts each case changes.
function snapshot(
  columns: ReturnType<typeof column>[],
  parts: Partial<SchemaSnapshot['tables'][string]> = {},
  enums: SchemaSnapshot['enums'] = { 'public.status': { name: 'status', values: ['open', 'closed'] } },
): SchemaSnapshot {
  return {
    tables: {
      'public.jobs': {
        name: 'jobs',
        columns: Object.fromEntries(columns.map((each) => [each.name, each])),
        indexes: {},
        foreignKeys: {},
        compositePrimaryKeys: {},
        uniqueConstraints: {},
        checkConstraints: {},
        ...parts,
      },
    },
    enums,
  };
}

const released = [
  column('id', 'uuid', { notNull: true, default: 'gen_random_uuid()' }),
  column('title', 'text', { notNull: true }),
];
const before = snapshot(released);

describe('findSchemaBreaks', () => {
  it('lets the older release run on additions it ignores', () => {
    const after = snapshot(
      [
        ...released,
        column('notes'),
        column('state', 'text', { notNull: true, default: "'open'" }),
        column('words', 'tsvector', { notNull: true, generated: { as: 'x', type: 'stored' } }),
        column('owner_id', 'uuid'),
      ],
      {
        indexes: {
          jobs_notes_idx: {
            name: 'jobs_notes_idx',
            columns: [{ expression: 'notes', isExpression: false }],
            isUnique: false,
          },
          jobs_owner_unique: {
            name: 'jobs_owner_unique',
            columns: [{ expression: 'owner_id', isExpression: false }],
            isUnique: true,
          },
        },
        foreignKeys: { jobs_owner_fk: { name: 'jobs_owner_fk', columnsFrom: ['owner_id'] } },
        checkConstraints: { jobs_notes_short: { name: 'jobs_notes_short', value: 'length("jobs"."notes") < 100' } },
      },
      { 'public.status': { name: 'status', values: ['open', 'closed', 'paused'] } },
    );
    expect(findSchemaBreaks(before, after)).toEqual([]);
  });

  it('names what the older release would trip over', () => {
    const after = snapshot(
      [column('id', 'text', { notNull: true, default: 'x' }), column('budget', 'numeric', { notNull: true })],
      {
        indexes: {
          jobs_id_unique: {
            name: 'jobs_id_unique',
            columns: [{ expression: 'id', isExpression: false }],
            isUnique: true,
          },
        },
        checkConstraints: { jobs_id_short: { name: 'jobs_id_short', value: 'length("jobs"."id") < 10' } },
      },
      { 'public.status': { name: 'status', values: ['open'] } },
    );
    expect(findSchemaBreaks(before, after)).toEqual([
      'changes jobs.id from uuid to text',
      'drops column jobs.title',
      'adds jobs.budget NOT NULL without a default',
      'adds unique index jobs_id_unique on jobs',
      'adds or changes check jobs_id_short on jobs',
      'removes closed from type status',
    ]);
  });

  it('sees a column made required, or its default taken away', () => {
    const after = snapshot([column('id', 'uuid', { notNull: true }), column('title', 'text', { notNull: true })]);
    expect(findSchemaBreaks(before, after)).toEqual(['drops the default of jobs.id, which is NOT NULL']);
    const optional = snapshot([released[0] as ReturnType<typeof column>, column('title')]);
    expect(findSchemaBreaks(optional, before)).toEqual(['makes jobs.title NOT NULL']);
  });

  it('sees a table or a type gone', () => {
    expect(findSchemaBreaks(before, { tables: {}, enums: {} })).toEqual(['drops table jobs', 'drops type status']);
  });
});

describe('findHandWrittenBreaks', () => {
  it('reads only what follows the hand-written line, without its comments', () => {
    const generated = 'ALTER TABLE "jobs" DROP COLUMN "title";--> statement-breakpoint\n';
    expect(findHandWrittenBreaks(generated)).toEqual([]);
    const sql = `${generated}-- hand-written: why\n-- we never drop table jobs here\nCREATE INDEX jobs_x ON jobs (x);\nALTER TABLE jobs ALTER COLUMN title SET NOT NULL;\n`;
    expect(findHandWrittenBreaks(sql)).toEqual([
      'makes a column NOT NULL in hand-written SQL: ALTER TABLE jobs ALTER COLUMN title SET NOT NULL',
    ]);
  });
});

describe('the committed migrations', () => {
  it('classify as the runbook would: a NOT NULL column without a default contracts, a nullable one expands', () => {
    const migrations = classifyMigrationsSince('0070_invoice_buyer_as_issued');
    expect(migrations.find((migration) => migration.tag === '0071_one_rounding_rule')).toEqual({
      tag: '0071_one_rounding_rule',
      kind: 'contract',
      breaks: ['adds invoice_items.unit NOT NULL without a default'],
    });
    expect(migrations.find((migration) => migration.tag === '0091_connected_calendars_writable')?.kind).toBe('expand');
  });
});
