import pg from 'pg';

// Runs one statement that needs no transaction (CREATE/DROP DATABASE, VACUUM) on the server of a PostgreSQL URL.
export async function runOnServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// The URL of another database on the same server.
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
