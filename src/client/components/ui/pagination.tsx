import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageSearch } from '../../../shared/domain/page-params';

/** Page numbers to show: first, last, and two either side of the current page, with gaps. */
export function pageWindow(page: number, pages: number): Array<number | 'gap'> {
  const out: Array<number | 'gap'> = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 1) out.push(n);
    else if (out[out.length - 1] !== 'gap') out.push('gap');
  }
  return out;
}

/** Real links (so pages are crawlable and open in new tabs) that keep the page's other parameters. */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (pages <= 1) return null;
  const href = (n: number) => {
    const params = pageSearch(location.search);
    if (n === 1) params.delete('page');
    else params.set('page', String(n));
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ''}`;
  };
  const cell = 'flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-semibold transition';
  return (
    <nav aria-label={t('listing.pagination')} className="mt-12 flex justify-center">
      <ul className="flex items-center gap-1.5">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} className={`${cell} hover:bg-sand`} aria-label={t('listing.previousPage')}>
              <ChevronLeft size={18} className="rtl:rotate-180" aria-hidden="true" />
            </Link>
          ) : (
            <span className={`${cell} text-line`} aria-hidden="true">
              <ChevronLeft size={18} className="rtl:rotate-180" />
            </span>
          )}
        </li>
        {pageWindow(page, pages).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} className="px-1 text-muted" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t('listing.page', { n })}
                className={`${cell} ${n === page ? 'bg-ink text-ivory' : 'bg-white text-ink shadow-soft hover:bg-sand'}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link to={href(page + 1)} className={`${cell} hover:bg-sand`} aria-label={t('listing.nextPage')}>
              <ChevronRight size={18} className="rtl:rotate-180" aria-hidden="true" />
            </Link>
          ) : (
            <span className={`${cell} text-line`} aria-hidden="true">
              <ChevronRight size={18} className="rtl:rotate-180" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
