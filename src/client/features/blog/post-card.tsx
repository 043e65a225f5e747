import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { ArrowRight, CalendarDays } from 'lucide-react';
import type { BlogPostSummary } from '../../../shared/schemas/blog';
import { Cover } from './blog-cover';
import { formatDate, useLabels, useLng } from './blog-format';

/** A post in the listing: picture with its category, date, title, excerpt and a read-more link. */
export function PostCard({ post, priority, sizes }: { post: BlogPostSummary; priority: boolean; sizes: string }) {
  const { t } = useTranslation();
  const lng = useLng();
  const labels = useLabels();
  const href = `/blog/${post.slug}`;
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-soft transition hover:shadow-lift" data-testid="blog-card">
      <Link to={href} className="relative block aspect-[3/2] overflow-hidden bg-sand" tabIndex={-1} aria-hidden="true">
        <Cover image={post.image} sizes={sizes} priority={priority} className="h-full w-full object-cover transition duration-700 group-hover:scale-105" />
        <span className="absolute start-4 top-4 rounded-full bg-ivory/90 px-3 py-1 text-xs font-semibold tracking-wide text-ink backdrop-blur">
          {labels.category(post.category)}
        </span>
      </Link>
      <div className="flex flex-1 flex-col p-6 sm:p-7">
        <p className="flex items-center gap-2 text-sm text-muted">
          <CalendarDays size={15} aria-hidden="true" />
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, lng)}</time>
        </p>
        <h2 className="mt-3 font-display text-2xl font-semibold leading-snug">
          <Link to={href} className="transition hover:text-amber-dark">
            {post.title}
          </Link>
        </h2>
        <p className="mt-3 line-clamp-3 leading-relaxed text-muted">{post.excerpt}</p>
        <div className="mt-auto pt-6">
          <Link
            to={href}
            aria-label={t('blog.readMoreAbout', { title: post.title })}
            className="inline-flex items-center gap-2 text-sm font-semibold text-amber-dark underline-offset-4 hover:underline"
          >
            {t('blog.readMore')}
            <ArrowRight size={16} className="transition group-hover:translate-x-0.5 rtl:rotate-180 rtl:group-hover:-translate-x-0.5" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </article>
  );
}
