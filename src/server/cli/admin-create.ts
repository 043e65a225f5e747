/**
 * `npm run admin:create -- --email owner@example.com [--password '...'] [--name 'Shop owner']`
 * Creates the admin account, or makes an existing account an admin with the new password. Without
 * --password a strong one is generated and printed once. Uses DATABASE_URL like the server.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import argon2 from 'argon2';
import { loadConfigOrExit } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { upsertAdmin } from '../repositories/user-repository.js';
import { passwordProblem } from '../../shared/domain/passwords.js';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
const email = values.email?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error('Usage: npm run admin:create -- --email owner@example.com [--password "..."] [--name "Shop owner"]');
  process.exit(2);
}
const generated = !values.password;
const password = values.password ?? crypto.randomBytes(12).toString('base64url');
const problem = passwordProblem(password, email);
if (problem) {
  console.error(`That password is not accepted (${problem.replace('_', ' ')}): use at least 8 characters that are not a common password.`);
  process.exit(2);
}

const config = loadConfigOrExit();
const db = await openDatabase(config.databaseUrl, { pgSchema: config.pgSchema });
try {
  await migrateToLatest(db);
  const hash = await argon2.hash(password);
  const outcome = await upsertAdmin(db.db, { email, name: values.name ?? 'Shop admin', passwordHash: hash, now: new Date(), endSessions: true });
  console.log(`${outcome === 'updated' ? 'Updated' : 'Created'} the admin ${email}${generated ? ` with the password: ${password}` : ''}`);
  console.log(`Sign in at http://localhost:${config.port}/admin`);
} finally {
  await db.close();
}
