import { useTranslation } from '../../app/i18n-view';
import { Link } from 'react-router';
import { SearchCheck, SearchX } from 'lucide-react';
import { EmptyState, LoadFailed } from '../admin';
import type { SearchStatsAnswer } from '../../../shared/schemas/search-stats';
import { useGetSearchStatsQuery } from './api';
import { count } from './format';
import { ListCard } from './stock-lists';

/**
 * What shoppers look for (issue 15): the top searches of the last 30 days, and those that found
 * nothing, so the merchant sees what to stock or how to name it. Counted without personal data.
 */
export function SearchLists({ lng }: { lng: string }) {
  const { t } = useTranslation('admin-dash');
  const { data, isError, refetch } = useGetSearchStatsQuery(undefined, { refetchOnMountOrArgChange: 60 });
  if (isError) return <LoadFailed onRetry={() => void refetch()} />;
  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
      <ListCard icon={<SearchCheck size={18} aria-hidden="true" />} title={t('dashboard.topSearches')} hint={t('dashboard.searchesHint')}>
        <Queries rows={data?.top} lng={lng} empty={t('dashboard.topSearchesEmpty')} testId="top-searches" />
      </ListCard>
      <ListCard icon={<SearchX size={18} aria-hidden="true" />} title={t('dashboard.noResultSearches')} hint={t('dashboard.searchesHint')}>
        <Queries rows={data?.noResults} lng={lng} empty={t('dashboard.noResultSearchesEmpty')} testId="no-result-searches" />
      </ListCard>
    </div>
  );
}

function Queries({ rows, lng, empty, testId }: { rows: SearchStatsAnswer['top'] | undefined; lng: string; empty: string; testId: string }) {
  const { t } = useTranslation('admin-dash');
  if (!rows) return <div className="h-32 animate-pulse rounded-xl bg-ivory" />;
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ol className="divide-y divide-line/70" data-testid={testId}>
      {rows.map((row, i) => (
        <li key={row.query} className="flex items-center gap-3 py-2.5">
          <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-sand text-xs font-bold">{i + 1}</span>
          {/* The storefront's own results for it, as a shopper saw them. */}
          <Link to={`/shop-grid-standard?q=${encodeURIComponent(row.query)}`} className="min-w-0 flex-1 truncate font-semibold hover:underline">
            <bdi>{row.query}</bdi>
          </Link>
          <span className="text-sm font-semibold tabular-nums">{t('dashboard.searchCount', { count: row.searches, formatted: count(row.searches, lng) })}</span>
        </li>
      ))}
    </ol>
  );
}
