import type { Database } from './client';

// Statements built once per database and shape, then run many times with new values. On a hot read
// drizzle's builder costs the server more CPU than PostgreSQL spends answering, and a statement with
// a name is parsed once per connection. The shape is what changes the SQL's text (which filters are
// present, the sort); the values travel as placeholders. Use it for the reads every request makes and
// for the searches that must stay fast (bench:applications); plain builder queries everywhere else.
export function preparedStatements<Shape extends string, Statement>(
  build: (db: Database, shape: Shape) => Statement,
): (db: Database, shape: Shape) => Statement {
  const byDatabase = new WeakMap<Database, Map<Shape, Statement>>();
  return (db, shape) => {
    let statements = byDatabase.get(db);
    if (!statements) {
      statements = new Map();
      byDatabase.set(db, statements);
    }
    let statement = statements.get(shape);
    if (!statement) {
      statement = build(db, shape);
      statements.set(shape, statement);
    }
    return statement;
  };
}

// One statement whose text never changes.
export function preparedStatement<Statement>(build: (db: Database) => Statement): (db: Database) => Statement {
  const statements = preparedStatements((db, _shape: 'only') => build(db));
  return (db) => statements(db, 'only');
}

// A shape names the parts a statement has, "newest.q.skills": written from the parts present, read
// back part by part when the statement is built.
export const shapeFrom = (parts: Array<string | false>) => parts.filter(Boolean).join('.');
export const shapeHas = (shape: string, part: string) => shape.split('.').includes(part);
