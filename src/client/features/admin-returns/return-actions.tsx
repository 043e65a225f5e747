import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { errorKeys, failureOf } from '../../app/api-failure';
import { Field, controlProps, FormAlert } from '../../components/form';
import { showToast } from '../../components/ui/toast';
import { currencySymbol, parseEgp } from '../../../shared/domain/currency';
import { RETURN_NOTE_MAX } from '../../../shared/domain/returns';
import type { AdminReturn } from '../../../shared/schemas/returns';
import { Card, useCan } from '../admin';
import { useApproveReturnMutation, useReceiveReturnMutation, useRefundReturnMutation, useRefuseReturnMutation, useSendExchangeMutation } from './api';
import { useReturnFormat } from './format';

/** Runs a step, toasts its outcome; a refusal shows above the buttons. */
function useStep() {
  const { t } = useTranslation(['admin-returns', 'translation']);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (step: () => Promise<unknown>, done: string) => {
    setFailure(null);
    try {
      await step();
      showToast('success', done);
    } catch (err) {
      setFailure(t(errorKeys(failureOf(err).code, 'admin-returns:errors')));
    }
  };
  return { failure, run };
}

function Note({ id, label, value, onChange, hint }: { id: string; label: string; value: string; onChange: (v: string) => void; hint?: ReactNode }) {
  return (
    <Field id={id} label={label} hint={hint}>
      <textarea
        {...controlProps(id, undefined, hint ? 'below' : false)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={RETURN_NOTE_MAX}
        rows={2}
        dir="auto"
        className="field resize-y text-sm"
      />
    </Field>
  );
}

/** Requested: approve (an optional note) or refuse (a reason the shopper reads). */
function Decide({ r }: { r: AdminReturn }) {
  const { t } = useTranslation('admin-returns');
  const [note, setNote] = useState('');
  const [approve, a] = useApproveReturnMutation();
  const [refuse, b] = useRefuseReturnMutation();
  const { failure, run } = useStep();
  const busy = a.isLoading || b.isLoading;
  return (
    <div className="grid gap-3">
      {failure && <FormAlert>{failure}</FormAlert>}
      <Note id="return-note" label={t('decide.note')} hint={t('decide.noteHint')} value={note} onChange={setNote} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary !py-2 text-sm"
          disabled={busy}
          onClick={() => void run(() => approve({ id: r.id, note }).unwrap(), t('done.approved'))}
        >
          {t('actions.approve')}
        </button>
        <button
          type="button"
          className="btn btn-ghost !py-2 text-sm text-rose"
          disabled={busy}
          onClick={() => void run(() => refuse({ id: r.id, note }).unwrap(), t('done.refused'))}
        >
          {t('actions.refuse')}
        </button>
      </div>
    </div>
  );
}

/** Approved: the parcel came back; how many units of each line go back on the shelf (all by default). */
function Receive({ r }: { r: AdminReturn }) {
  const { t } = useTranslation('admin-returns');
  const [restock, setRestock] = useState<Record<number, string>>(() => Object.fromEntries(r.lines.map((l) => [l.lineId, String(l.quantity)])));
  const [receive, { isLoading }] = useReceiveReturnMutation();
  const { failure, run } = useStep();
  const send = () =>
    run(
      () =>
        receive({
          id: r.id,
          restock: r.lines.map((l) => ({ lineId: l.lineId, quantity: Math.min(l.quantity, Math.max(0, Number(restock[l.lineId]) || 0)) })),
        }).unwrap(),
      t('done.received'),
    );
  return (
    <div className="grid gap-3">
      {failure && <FormAlert>{failure}</FormAlert>}
      <p className="text-sm text-muted">{t('receive.hint')}</p>
      <ul className="grid gap-2">
        {r.lines.map((l) => (
          <li key={l.lineId} className="flex items-center justify-between gap-3 text-sm">
            <label htmlFor={`restock-${l.lineId}`} className="min-w-0 flex-1">
              {l.name} <span className="text-muted">({t('receive.of', { count: l.quantity })})</span>
            </label>
            <input
              id={`restock-${l.lineId}`}
              type="number"
              min={0}
              max={l.quantity}
              inputMode="numeric"
              value={restock[l.lineId] ?? ''}
              onChange={(e) => setRestock((s) => ({ ...s, [l.lineId]: e.target.value }))}
              className="field w-20 tabular-nums"
            />
          </li>
        ))}
      </ul>
      <div>
        <button type="button" className="btn btn-primary !py-2 text-sm" disabled={isLoading} onClick={() => void send()}>
          {t('actions.receive')}
        </button>
      </div>
    </div>
  );
}

/** Received return: the amount (the server's, or less) and how the money goes back. */
function Refund({ r }: { r: AdminReturn }) {
  const { t, i18n } = useTranslation('admin-returns');
  const fmt = useReturnFormat();
  const mayProvider = useCan('payments.refund') && r.providerRefundable;
  const [amount, setAmount] = useState((r.refundDue / 100).toFixed(2));
  const [method, setMethod] = useState<'cash' | 'provider'>(mayProvider ? 'provider' : 'cash');
  const [refund, { isLoading }] = useRefundReturnMutation();
  const { failure, run } = useStep();
  const piastres = parseEgp(amount);
  const invalid = piastres === null || piastres <= 0 || piastres > r.refundDue;
  return (
    <div className="grid gap-3">
      {failure && <FormAlert>{failure}</FormAlert>}
      <Field
        id="refund-amount"
        label={t('refund.amount')}
        hint={t('refund.amountHint', { amount: fmt.money(r.refundDue) })}
        error={invalid ? t('refund.tooMuch') : undefined}
      >
        <div className="relative" dir="ltr">
          <span className="pointer-events-none absolute inset-y-0 start-0 flex items-center ps-3 text-xs font-semibold text-muted">
            {currencySymbol('EGP', i18n.language)}
          </span>
          <input
            {...controlProps('refund-amount', invalid ? 'x' : undefined, 'below')}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            className="field !ps-12 tabular-nums sm:max-w-64"
          />
        </div>
      </Field>
      <fieldset className="grid gap-2 text-sm">
        <legend className="mb-1 font-semibold">{t('refund.method')}</legend>
        {(['cash', 'provider'] as const)
          .filter((m) => m === 'cash' || mayProvider)
          .map((m) => (
            <label key={m} className="flex items-center gap-2">
              <input type="radio" name="refund-method" value={m} checked={method === m} onChange={() => setMethod(m)} className="accent-ink" />
              {t(`refund.methods.${m}`)}
            </label>
          ))}
      </fieldset>
      <div>
        <button
          type="button"
          className="btn btn-primary !py-2 text-sm"
          disabled={isLoading || invalid}
          onClick={() =>
            void run(() => refund({ id: r.id, method, amount: piastres ?? undefined }).unwrap(), t('done.refunded', { amount: fmt.money(piastres ?? 0) }))
          }
        >
          {t('actions.refund', { amount: fmt.money(piastres ?? 0) })}
        </button>
      </div>
    </div>
  );
}

/** Received exchange: the replacement goes out as a new order. */
function Exchange({ r }: { r: AdminReturn }) {
  const { t } = useTranslation('admin-returns');
  const [send, { isLoading }] = useSendExchangeMutation();
  const { failure, run } = useStep();
  return (
    <div className="grid gap-3">
      {failure && <FormAlert>{failure}</FormAlert>}
      <p className="text-sm text-muted">{t('exchange.hint')}</p>
      <div>
        <button
          type="button"
          className="btn btn-primary !py-2 text-sm"
          disabled={isLoading}
          onClick={() => void run(() => send(r.id).unwrap(), t('done.exchanged'))}
        >
          {t('actions.exchange')}
        </button>
      </div>
    </div>
  );
}

/** The next step of a return, for a role that may take it; nothing once it is closed. */
export function ReturnActions({ r }: { r: AdminReturn }) {
  const { t } = useTranslation('admin-returns');
  const writable = useCan('returns.update');
  if (!writable) return null;
  const step =
    r.state === 'requested' ? (
      <Decide r={r} />
    ) : r.state === 'approved' ? (
      <Receive r={r} />
    ) : r.state === 'received' && r.kind === 'return' ? (
      <Refund r={r} />
    ) : r.state === 'received' && r.kind === 'exchange' ? (
      <Exchange r={r} />
    ) : null;
  if (!step || (r.state !== 'requested' && r.state !== 'approved' && r.state !== 'received')) return null;
  return <Card title={t(`next.${r.state}`)}>{step}</Card>;
}
