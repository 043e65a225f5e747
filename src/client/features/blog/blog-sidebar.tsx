import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import type { BlogPostList } from '../../../shared/schemas/blog';
import { Cover } from './blog-cover';
import { formatDate, useLabels, useLng } from './blog-format';
import { SearchBox } from './search-box';

function SideSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl bg-white p-6 shadow-soft">
      <h2 className="font-display text-2xl font-semibold">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The listing's filters, as read from the URL. */
export interface Filters {
  q?: string;
  category?: string;
  tag?: string;
}

/** What the sidebar and the category bar need: the posts' facets, the filters and how to change them. */
export interface FilterControls {
  data: BlogPostList | undefined;
  filters: Filters;
  hrefWith: (patch: Filters) => string;
  onSearch: (q: string) => void;
}

/** Search, categories with counts, recent posts and tags beside the listing. */
export function Sidebar({ data, filters, hrefWith, onSearch }: FilterControls) {
  const { t } = useTranslation();
  const lng = useLng();
  const labels = useLabels();
  const all = data?.categories.reduce((n, c) => n + c.count, 0);
  const row = (active: boolean) =>
    `flex items-center justify-between rounded-xl px-3 py-2 text-sm transition ${active ? 'bg-sand font-semibold text-ink' : 'text-olive hover:bg-sand/60 hover:text-ink'}`;
  return (
    <div className="space-y-6">
      <SideSection title={t('blog.search')}>
        <SearchBox id="blog-search-side" q={filters.q ?? ''} onSearch={onSearch} />
      </SideSection>

      <SideSection title={t('blog.categoriesTitle')}>
        <ul className="-mx-3 space-y-0.5">
          <li>
            <Link to={hrefWith({ category: undefined })} className={row(!filters.category)} aria-current={!filters.category ? 'true' : undefined}>
              <span>{t('blog.allPosts')}</span>
              {all !== undefined && <span className="text-xs text-muted">{all}</span>}
            </Link>
          </li>
          {data?.categories.map((c) => (
            <li key={c.value}>
              <Link
                to={hrefWith({ category: c.value })}
                className={row(filters.category === c.value)}
                aria-current={filters.category === c.value ? 'true' : undefined}
              >
                <span>{labels.category(c.value)}</span>
                <span className="text-xs text-muted">{c.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </SideSection>

      {data && data.recent.length > 0 && (
        <SideSection title={t('blog.recentTitle')}>
          <ul className="space-y-4">
            {data.recent.map((p) => (
              <li key={p.slug}>
                <Link to={`/blog/${p.slug}`} className="group grid grid-cols-[72px_1fr] items-center gap-4">
                  <span className="block aspect-square overflow-hidden rounded-2xl bg-sand">
                    <Cover image={p.image} sizes="72px" className="h-full w-full object-cover transition duration-500 group-hover:scale-110" />
                  </span>
                  <span>
                    <span className="line-clamp-2 font-display text-lg font-semibold leading-snug transition group-hover:text-amber-dark">{p.title}</span>
                    <time dateTime={p.publishedAt} className="mt-1 block text-xs text-muted">
                      {formatDate(p.publishedAt, lng)}
                    </time>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </SideSection>
      )}

      {data && data.tags.length > 0 && (
        <SideSection title={t('blog.tagsTitle')}>
          <ul className="flex flex-wrap gap-2">
            {data.tags.map((tag) => (
              <li key={tag.value}>
                <Link
                  to={hrefWith({ tag: filters.tag === tag.value ? undefined : tag.value })}
                  aria-current={filters.tag === tag.value ? 'true' : undefined}
                  className={`inline-flex rounded-full border px-3 py-1 text-sm transition ${filters.tag === tag.value ? 'border-ink bg-ink text-ivory' : 'border-line text-olive hover:border-ink hover:text-ink'}`}
                >
                  {labels.tag(tag.value)}
                </Link>
              </li>
            ))}
          </ul>
        </SideSection>
      )}
    </div>
  );
}
