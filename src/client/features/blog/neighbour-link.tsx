import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { BlogPostLink } from '../../../shared/schemas/blog';

/** The previous or next post, under a post; an empty cell keeps the grid when there is none. */
export function NeighbourLink({ link, direction }: { link: BlogPostLink | null; direction: 'previous' | 'next' }) {
  const { t } = useTranslation();
  if (!link) return <div className="hidden sm:block" />;
  const next = direction === 'next';
  return (
    <Link
      to={`/blog/${link.slug}`}
      rel={next ? 'next' : 'prev'}
      className={`group flex items-center gap-4 rounded-3xl bg-white p-5 shadow-soft transition hover:shadow-lift ${next ? 'sm:flex-row-reverse sm:text-end' : ''}`}
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-sand text-ink transition group-hover:bg-ink group-hover:text-ivory">
        {next ? <ArrowRight size={18} className="rtl:rotate-180" aria-hidden="true" /> : <ArrowLeft size={18} className="rtl:rotate-180" aria-hidden="true" />}
      </span>
      <span className="min-w-0">
        <span className="block text-xs font-semibold uppercase tracking-wider text-muted">{t(next ? 'blog.nextPost' : 'blog.previousPost')}</span>
        <span className="mt-1 block font-display text-xl font-semibold leading-snug">{link.title}</span>
      </span>
    </Link>
  );
}
