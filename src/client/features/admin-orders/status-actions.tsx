import { useState } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { isUndelivered, type OrderStatusValue } from '../../../shared/domain/order-status';
import { courierReasons, type CourierReason } from '../../../shared/domain/order-risk';
import type { AdminOrder } from '../../../shared/schemas/admin-order';
import { showToast } from '../../components/ui/toast';
import { Card } from '../admin';
import { useSetAdminOrderStatusMutation } from './orders-api';

const tone: Partial<Record<OrderStatusValue, string>> = {
  cancelled: 'btn border border-rose/40 bg-white text-rose hover:bg-rose/5',
  refused: 'btn border border-orange-300 bg-white text-orange-800 hover:bg-orange-50',
  returned: 'btn btn-ghost',
};

/**
 * The next statuses the order may take; cancelling asks first (it puts the stock back), and a
 * parcel that came back (refused, returned to shop) asks for the courier's reason.
 */
export function StatusActions({ order, onConflict }: { order: AdminOrder; onConflict: () => void }) {
  const { t } = useTranslation('admin-orders');
  const { t: ta } = useTranslation('admin');
  const [setStatus, { isLoading }] = useSetAdminOrderStatusMutation();
  const [note, setNote] = useState('');
  const [trackingNote, setTrackingNote] = useState('');
  const canShip = order.nextStatuses.includes('shipped');
  const [confirming, setConfirming] = useState(false);
  // The parcel's outcome being recorded, and the courier's reason chosen for it.
  const [cameBack, setCameBack] = useState<OrderStatusValue | null>(null);
  const [reason, setReason] = useState<CourierReason | ''>('');
  const [reasonMissing, setReasonMissing] = useState(false);

  const change = async (to: OrderStatusValue) => {
    if (isUndelivered(to) && !reason) {
      setReasonMissing(true);
      return;
    }
    try {
      const tracking = to === 'shipped' ? trackingNote.trim() || undefined : undefined;
      const courierReason = isUndelivered(to) && reason ? reason : undefined;
      await setStatus({ id: order.id, status: to, note: note.trim() || undefined, trackingNote: tracking, courierReason }).unwrap();
      showToast('success', t('actions.done', { number: order.number, status: ta(`status.${to}`) }));
      setNote('');
      setTrackingNote('');
      setConfirming(false);
      setCameBack(null);
      setReason('');
    } catch (e) {
      const err = e as { status?: number | string; data?: { error?: { code?: string } } };
      const code = err.data?.error?.code;
      setConfirming(false);
      setCameBack(null);
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
      {cameBack ? (
        <CourierReasonPanel
          number={order.number}
          to={cameBack}
          reason={reason}
          onReason={(r) => {
            setReason(r);
            setReasonMissing(false);
          }}
          reasonMissing={reasonMissing}
          note={note}
          onNote={setNote}
          busy={isLoading}
          onConfirm={() => void change(cameBack)}
          onBack={() => setCameBack(null)}
        />
      ) : confirming ? (
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
                onClick={() => (to === 'cancelled' ? setConfirming(true) : isUndelivered(to) ? setCameBack(to) : void change(to))}
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
                aria-describedby="status-tracking-hint"
                className="field text-sm"
              />
              <p id="status-tracking-hint" className="mt-1 text-xs text-muted">
                {t('actions.trackingNoteHint')}
              </p>
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

/** The courier's reason (required) and a note, before a parcel that came back is recorded. */
function CourierReasonPanel(p: {
  number: string;
  to: OrderStatusValue;
  reason: CourierReason | '';
  onReason: (reason: CourierReason | '') => void;
  reasonMissing: boolean;
  note: string;
  onNote: (note: string) => void;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('admin-orders');
  const { t: ta } = useTranslation('admin');
  return (
    <div
      role="alertdialog"
      aria-labelledby="came-back-title"
      aria-describedby="came-back-text"
      className="rounded-xl border border-orange-300 bg-orange-50 p-4"
    >
      <p id="came-back-title" className="font-semibold text-orange-900">
        {t('courier.title', { number: p.number })}
      </p>
      <p id="came-back-text" className="mt-1 text-sm">
        {t('courier.text')}
      </p>
      <label htmlFor="courier-reason" className="mt-3 mb-1.5 block text-sm font-semibold">
        {t('courier.reason')}
      </label>
      <select
        id="courier-reason"
        value={p.reason}
        autoFocus
        aria-invalid={p.reasonMissing || undefined}
        aria-describedby={p.reasonMissing ? 'courier-reason-error' : undefined}
        onChange={(e) => p.onReason(e.target.value as CourierReason | '')}
        className="field text-sm"
      >
        <option value="">{t('courier.choose')}</option>
        {courierReasons.map((r) => (
          <option key={r} value={r}>
            {t(`courier.reasons.${r}`)}
          </option>
        ))}
      </select>
      {p.reasonMissing && (
        <p id="courier-reason-error" className="mt-1 text-sm text-rose">
          {t('errors.reason_required')}
        </p>
      )}
      <label htmlFor="courier-note" className="mt-3 mb-1.5 block text-sm font-semibold">
        {t('actions.note')}
      </label>
      <textarea id="courier-note" value={p.note} onChange={(e) => p.onNote(e.target.value)} maxLength={500} rows={2} className="field resize-y text-sm" />
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" disabled={p.busy} onClick={p.onConfirm} className="btn bg-orange-700 !py-2 text-sm text-white hover:bg-orange-800">
          {p.busy ? t('actions.saving') : t('courier.confirm', { status: ta(`status.${p.to}`) })}
        </button>
        <button type="button" disabled={p.busy} onClick={p.onBack} className="btn btn-ghost !py-2 text-sm">
          {t('courier.back')}
        </button>
      </div>
    </div>
  );
}
