import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/** Blog posts (English and Arabic) and the contact form's messages. */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  let posts = idColumn(db.schema.createTable('blog_posts'), ctx)
    .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('category', 'varchar(60)', (c) => c.notNull())
    .addColumn('tags', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'varchar(300)')
    .addColumn('author', 'varchar(120)', (c) => c.notNull());
  for (const field of ['title', 'excerpt', 'body'] as const) {
    const type = field === 'title' ? 'varchar(200)' : 'text';
    posts = posts.addColumn(`${field}_en`, type, (c) => c.notNull()).addColumn(`${field}_ar`, type, (c) => c.notNull());
  }
  await posts
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blog_posts_published').on('blog_posts').column('published_at').execute();

  await idColumn(db.schema.createTable('contact_messages'), ctx)
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('handled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
