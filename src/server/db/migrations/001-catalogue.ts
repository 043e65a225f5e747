import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/** Catalogue, settings, users and sessions. */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('categories'), ctx)
    .addColumn('slug', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('name_en', 'varchar(120)', (c) => c.notNull())
    .addColumn('name_ar', 'varchar(120)', (c) => c.notNull())
    .addColumn('name_fr', 'varchar(120)')
    .addColumn('name_de', 'varchar(120)')
    .addColumn('image', 'varchar(300)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  let products = idColumn(db.schema.createTable('products'), ctx)
    .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('sku', 'varchar(40)', (c) => c.notNull().unique());
  for (const field of ['name', 'short_description', 'full_description'] as const) {
    const type = field === 'name' ? 'varchar(200)' : 'text';
    products = products
      .addColumn(`${field}_en`, type, (c) => c.notNull())
      .addColumn(`${field}_ar`, type, (c) => c.notNull())
      .addColumn(`${field}_fr`, type)
      .addColumn(`${field}_de`, type);
  }
  await products
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('discount', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`discount >= 0 AND discount <= 90`),
    )
    .addColumn('offer_end', 'timestamptz')
    .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('sale_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stock', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('product_categories_pk', ['product_id', 'category_id'])
    .execute();
  await db.schema.createIndex('product_categories_category').on('product_categories').column('category_id').execute();

  await db.schema
    .createTable('product_tags')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(60)', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_tags_pk', ['product_id', 'tag'])
    .execute();

  await idColumn(db.schema.createTable('product_images'), ctx)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('base', 'varchar(300)', (c) => c.notNull())
    .addColumn('widths', 'varchar(60)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_images_product').on('product_images').columns(['product_id', 'position']).execute();

  await idColumn(db.schema.createTable('product_variants'), ctx)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('color', 'varchar(40)')
    .addColumn('size', 'varchar(40)')
    .addColumn('stock', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .addColumn('price', 'integer')
    .execute();
  await db.schema.createIndex('product_variants_product').on('product_variants').column('product_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('users'), ctx)
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)')
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('customer'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
}
