import type { Kysely } from 'kysely';

/**
 * The options a category's products may use (issue 35, point 7): `option_colors` and
 * `option_sizes`, each a JSON array of vocabulary keys (`["10ml","30ml"]`, `[]` for none), or NULL
 * for any (categories made before this migration keep offering every option). The product form
 * offers the options of the product's categories, and the ones the product already has.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('categories').addColumn('option_colors', 'text').execute();
  await db.schema.alterTable('categories').addColumn('option_sizes', 'text').execute();
}
