import fs from 'node:fs';
import pg from 'pg';

/** Drops the run's PostgreSQL schema and its temporary folder (nginx files, each process's data). */
export default async function teardown(): Promise<void> {
  const run = process.env.NASMA_CLUSTER_RUN;
  if (run && process.env.TEST_DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS cluster_${run} CASCADE`);
    await client.end();
  }
  if (process.env.NASMA_CLUSTER_DIR) fs.rmSync(process.env.NASMA_CLUSTER_DIR, { recursive: true, force: true });
}
