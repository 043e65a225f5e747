import type { ReactNode } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Link } from 'react-router';
import { PackageOpen, Trophy } from 'lucide-react';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard';
import { Card, EmptyState } from '../admin';
import { count } from './format';

/** Stock to reorder and the best sellers, side by side on wide screens. */
export function StockLists({ data, lng, money }: { data: Dashboard; lng: string; money: (p: number) => string }) {
  const { t } = useTranslation('admin-dash');
  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
      <ListCard icon={<PackageOpen size={18} aria-hidden="true" />} title={t('dashboard.lowStock')} hint={t('dashboard.lowStockHint')}>
        {data.lowStock.length === 0 ? (
          <EmptyState>{t('dashboard.lowStockEmpty')}</EmptyState>
        ) : (
          <ul className="divide-y divide-line/70">
            {data.lowStock.map((p) => (
              <li key={p.id}>
                <Link to={`/admin/products/edit/${p.id}`} className="flex items-center gap-3 py-2.5 hover:bg-ivory">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold">{p.name}</span>
                    <span className="block text-xs text-muted">
                      <bdi dir="ltr">{p.sku}</bdi>
                    </span>
                  </span>
                  <span
                    className={`inline-flex min-w-16 items-center justify-center rounded-full px-2.5 py-1 text-xs font-bold tabular-nums ${p.stock === 0 ? 'bg-rose/10 text-rose' : 'bg-honey/20 text-amber-dark'}`}
                  >
                    {p.stock === 0 ? t('dashboard.outOfStock') : `${t('dashboard.stock')} ${count(p.stock, lng)}`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </ListCard>

      <ListCard icon={<Trophy size={18} aria-hidden="true" />} title={t('dashboard.bestSellers')} hint={t('dashboard.bestSellersHint')}>
        {data.bestSellers.length === 0 ? (
          <EmptyState>{t('dashboard.bestSellersEmpty')}</EmptyState>
        ) : (
          <ol className="divide-y divide-line/70">
            {data.bestSellers.map((p, i) => (
              <li key={p.productId} className="flex items-center gap-3 py-2.5">
                <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-sand text-xs font-bold">{i + 1}</span>
                <Link to={`/admin/products/edit/${p.productId}`} className="min-w-0 flex-1 truncate font-semibold hover:underline">
                  {p.name}
                </Link>
                <span className="text-end text-sm">
                  <span className="block font-semibold tabular-nums">
                    {t('dashboard.sold')} {count(p.quantity, lng)}
                  </span>
                  <bdi className="block text-xs text-muted tabular-nums">{money(p.revenue)}</bdi>
                </span>
              </li>
            ))}
          </ol>
        )}
      </ListCard>
    </div>
  );
}

export function ListCard({ icon, title, hint, children }: { icon: ReactNode; title: string; hint: string; children: ReactNode }) {
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-sand text-amber-dark">{icon}</span>
          {title}
        </span>
      }
      actions={<span className="text-xs text-muted">{hint}</span>}
    >
      {children}
    </Card>
  );
}
