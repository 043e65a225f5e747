import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from './database.js';

export interface MigrationContext {
  dialect: Dialect;
}

/** Adds an auto-generated integer primary key `id` in the form each dialect wants. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, ctx: MigrationContext): CreateTableBuilder<T, 'id'> {
  return ctx.dialect === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
