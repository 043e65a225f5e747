import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MailWarning, MessageCircleQuestion, PackageOpen, Truck } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard';
import { count } from './format';

/**
 * What needs doing now, first on the dashboard (on a phone, the whole first screen after the
 * title): orders to confirm, orders to ship, products to reorder and messages that failed, each a
 * link to the list filtered to exactly those. A figure above zero stands out.
 */
export function TodoCard({ todo, lng }: { todo: Dashboard['todo']; lng: string }) {
  const { t } = useTranslation('admin-dash');
  const items: { key: keyof Dashboard['todo']; to: string; icon: ReactNode }[] = [
    { key: 'awaitingConfirmation', to: '/admin/orders?status=pending', icon: <MessageCircleQuestion size={18} aria-hidden="true" /> },
    { key: 'toShip', to: '/admin/orders?status=confirmed', icon: <Truck size={18} aria-hidden="true" /> },
    { key: 'toReorder', to: '/admin/products?stock=reorder', icon: <PackageOpen size={18} aria-hidden="true" /> },
    { key: 'failedMessages', to: '/admin/outbox?status=failed', icon: <MailWarning size={18} aria-hidden="true" /> },
  ];
  return (
    <section aria-labelledby="dashboard-todo" data-testid="dashboard-todo">
      <h2 id="dashboard-todo" className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted">
        {t('dashboard.todo.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {items.map(({ key, to, icon }) => {
          const n = todo[key];
          const urgent = n > 0;
          return (
            <li key={key}>
              <Link
                to={to}
                className={`flex h-full flex-col gap-1 rounded-2xl border p-4 shadow-soft transition-colors ${
                  urgent ? 'border-honey bg-honey/15 hover:bg-honey/25' : 'border-line/70 bg-white text-muted hover:border-ink'
                }`}
              >
                <span className={`flex items-center gap-2 text-sm font-semibold ${urgent ? 'text-ink' : ''}`}>
                  <span className={urgent ? 'text-amber-dark' : ''}>{icon}</span>
                  {t(`dashboard.todo.${key}`)}
                </span>
                <span className={`font-display text-3xl font-semibold lining-nums tabular-nums ${urgent ? 'text-ink' : ''}`}>{count(n, lng)}</span>
                <span className="text-xs">{t(`dashboard.todo.${key}Hint`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
