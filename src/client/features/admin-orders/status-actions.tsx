import { useState } from 'react';
import { useTranslation } from '../../app/i18n-view';
import type { OrderStatusValue } from '../../../shared/domain/order-status';
import type { AdminOrder } from '../../../shared/schemas/admin-order';
import { showToast } from '../../components/ui/toast';
import { Card } from '../admin';
import { useSetAdminOrderStatusMutation } from './orders-api';

const tone: Partial<Record<OrderStatusValue, string>> = {
  cancelled: 'btn border border-rose/40 bg-white text-rose hover:bg-rose/5',
  returned: 'btn btn-ghost',
};

/** The next statuses the order may take; cancelling asks first (it puts the stock back). */
export function StatusActions({ order, onConflict }: { order: AdminOrder; onConflict: () => void }) {
  const { t } = useTranslation('admin-orders');
  const { t: ta } = useTranslation('admin');
  const [setStatus, { isLoading }] = useSetAdminOrderStatusMutation();
  const [note, setNote] = useState('');
  const [trackingNote, setTrackingNote] = useState('');
  const canShip = order.nextStatuses.includes('shipped');
  const [confirming, setConfirming] = useState(false);

  const change = async (to: OrderStatusValue) => {
    try {
      const tracking = to === 'shipped' ? trackingNote.trim() || undefined : undefined;
      await setStatus({ id: order.id, status: to, note: note.trim() || undefined, trackingNote: tracking }).unwrap();
      showToast('success', t('actions.done', { number: order.number, status: ta(`status.${to}`) }));
      setNote('');
      setTrackingNote('');
      setConfirming(false);
    } catch (e) {
      const err = e as { status?: number | string; data?: { error?: { code?: string } } };
      const code = err.data?.error?.code;
      setConfirming(false);
      if (err.status === 409 || err.status === 404) {
        showToast('error', t(`errors.${code === 'order_not_found' ? 'order_not_found' : 'status_conflict'}`));
        onConflict();
      } else showToast('error', t(err.status === 'FETCH_ERROR' ? 'errors.network' : 'errors.generic'));
    }
  };

  if (order.nextStatuses.length === 0)
    return (
      <Card title={t('actions.title')}>
        <p className="text-sm text-muted">{t('actions.none')}</p>
      </Card>
    );

  return (
    <Card title={t('actions.title')} className="print:hidden">
      {confirming ? (
        <div role="alertdialog" aria-labelledby="cancel-title" aria-describedby="cancel-text" className="rounded-xl border border-rose/30 bg-rose/5 p-4">
          <p id="cancel-title" className="font-semibold text-rose">
            {t('actions.confirmCancelTitle', { number: order.number })}
          </p>
          <p id="cancel-text" className="mt-1 text-sm">
            {t('actions.confirmCancelText')}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              disabled={isLoading}
              onClick={() => void change('cancelled')}
              className="btn bg-rose !py-2 text-sm text-white hover:bg-rose/90"
              autoFocus
            >
              {isLoading ? t('actions.saving') : t('actions.confirmCancel')}
            </button>
            <button type="button" disabled={isLoading} onClick={() => setConfirming(false)} className="btn btn-ghost !py-2 text-sm">
              {t('actions.keep')}
            </button>
          </div>
        </div>
      ) : (
        <>
          <div className="grid gap-2">
            {order.nextStatuses.map((to) => (
              <button
                key={to}
                type="button"
                disabled={isLoading}
                onClick={() => (to === 'cancelled' ? setConfirming(true) : void change(to))}
                className={`${tone[to] ?? 'btn btn-primary'} w-full !py-2.5 text-sm disabled:opacity-60`}
              >
                {t(`actions.to.${to}`)}
              </button>
            ))}
          </div>
          {canShip && (
            <>
              <label htmlFor="status-tracking" className="mt-4 mb-1.5 block text-sm font-semibold">
                {t('actions.trackingNote')}
              </label>
              <input
                id="status-tracking"
                value={trackingNote}
                onChange={(e) => setTrackingNote(e.target.value)}
                maxLength={300}
                dir="auto"
                placeholder={t('actions.trackingNotePlaceholder')}
                className="field text-sm"
              />
            </>
          )}
          <label htmlFor="status-note" className="mt-4 mb-1.5 block text-sm font-semibold">
            {t('actions.note')}
          </label>
          <textarea
            id="status-note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={500}
            rows={2}
            placeholder={t('actions.notePlaceholder')}
            className="field resize-y text-sm"
          />
        </>
      )}
    </Card>
  );
}
