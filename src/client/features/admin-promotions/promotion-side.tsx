import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useFormContext, useWatch } from 'react-hook-form';
import { Pause, Play, Trash2 } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { showToast } from '../../components/ui/toast';
import type { AdminPromotionDetail } from '../../../shared/schemas/promotion';
import { Card } from '../admin';
import { ExportCsvButton } from '../admin-orders';
import { ConfirmDialog } from '../admin-products';
import { failureOf, useDeleteAdminPromotionMutation, usePauseAdminPromotionMutation } from './api';
import { SwitchField } from './conditions-section';
import { promotionName, usePromotionFormat } from './format';
import type { PromotionFormValues } from './form-values';
import { CodeOrAutomatic, OfferSummary, PromotionStatusBadge } from './promotion-parts';
import { useErrorText } from './use-error-text';

/** The offer as the form now describes it: code or automatic, what it gives, on what, and when. */
function Summary() {
  const { t } = useTranslation('admin-promotions');
  const fmt = usePromotionFormat();
  const v = useWatch<PromotionFormValues>();
  const kind = v.kind ?? 'percent';
  const typed = typeof v.value === 'number' && Number.isFinite(v.value) && v.value > 0;
  const offer = {
    kind,
    value: typed ? (v.value as number) : 0,
    productIds: v.scope === 'products' ? (v.productIds ?? []) : [],
    categoryIds: v.scope === 'categories' ? (v.categoryIds ?? []) : [],
    minSubtotal: typeof v.minSubtotal === 'number' && Number.isFinite(v.minSubtotal) ? v.minSubtotal : 0,
  };
  const code = v.trigger === 'automatic' ? null : v.code?.trim().toUpperCase();
  // Until a value is typed, the kind's name rather than "0 % off".
  const kindName = { percent: t('form.kindPercent'), amount: t('form.kindAmount'), free_delivery: t('form.kindFree') }[kind];
  return (
    <div className="grid gap-1.5 rounded-xl bg-ivory p-3 text-sm">
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t('form.summary')}</p>
      {code !== '' && (
        <span>
          <CodeOrAutomatic code={code ?? null} />
        </span>
      )}
      <span>
        {typed || kind === 'free_delivery' ? (
          <OfferSummary p={offer} fmt={fmt} />
        ) : (
          <>
            <span className="block font-semibold text-ink">{kindName}</span>
            <span className="block text-xs text-muted">{fmt.scope(offer)}</span>
          </>
        )}
      </span>
      <span className="text-xs text-muted">{fmt.when({ startsAt: v.startsAt ?? null, endsAt: v.endsAt ?? null })}</span>
    </div>
  );
}

/** Pauses or resumes a saved offer at once; the form's own switch follows. */
function PauseButton({ p }: { p: AdminPromotionDetail }) {
  const { t, i18n } = useTranslation('admin-promotions');
  const errorText = useErrorText();
  const { setValue } = useFormContext<PromotionFormValues>();
  const [pause, { isLoading }] = usePauseAdminPromotionMutation();
  const next = !p.paused;
  const run = async () => {
    try {
      await pause({ id: p.id, paused: next }).unwrap();
      setValue('paused', next);
      showToast('success', t(next ? 'side.pausedNow' : 'side.resumedNow', { name: promotionName(p.names, i18n.language) }));
    } catch (e) {
      showToast('error', errorText(failureOf(e).code) ?? '');
    }
  };
  return (
    <button type="button" disabled={isLoading} onClick={() => void run()} className="btn btn-ghost h-10 w-full px-4 py-0 text-sm">
      {next ? <Pause size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" className="rtl:rotate-180" />}
      {next ? t('side.pause') : t('side.resume')}
    </button>
  );
}

/** The offer's state: what it is, and for a saved one its status now, uses, and pause or resume. */
export function StatusCard({ p }: { p?: AdminPromotionDetail }) {
  const { t } = useTranslation('admin-promotions');
  const fmt = usePromotionFormat();
  return (
    <Card title={t('form.statusSection')} actions={p && <PromotionStatusBadge status={p.status} />}>
      <div className="grid gap-4">
        <Summary />
        {p ? (
          <>
            <dl className="flex items-baseline justify-between gap-3 text-sm">
              <dt className="text-muted">{t('side.uses')}</dt>
              <dd className="font-semibold text-ink tabular-nums">
                {p.maxUses === null ? t('side.usesNoLimit', { uses: p.uses }) : t('side.usesOf', { uses: p.uses, max: p.maxUses })}
              </dd>
            </dl>
            <div>
              <PauseButton p={p} />
              <p className="mt-1.5 text-xs text-muted">{t('side.pauseHint')}</p>
            </div>
            <p className="text-xs text-muted">{t('side.createdOn', { date: fmt.date(p.createdAt) })}</p>
          </>
        ) : (
          <SwitchField name="paused" label={t('form.paused')} hint={t('form.pausedHint')} />
        )}
      </div>
    </Card>
  );
}

/** Orders that kept the offer, what it gave and their revenue, and every such order as CSV. */
export function UsageCard({ p }: { p: AdminPromotionDetail }) {
  const { t } = useTranslation('admin-promotions');
  const fmt = usePromotionFormat();
  const figures = [
    { label: t('side.orders'), value: String(p.usage.orders) },
    { label: t('side.discount'), value: fmt.money(p.usage.discount) },
    { label: t('side.revenue'), value: fmt.money(p.usage.revenue) },
  ];
  return (
    <Card title={t('side.usage')}>
      <dl className="grid gap-2">
        {figures.map((f) => (
          <div key={f.label} className="flex items-baseline justify-between gap-3 rounded-xl bg-ivory px-3 py-2.5">
            <dt className="text-sm text-muted">{f.label}</dt>
            <dd className="font-display text-xl font-semibold text-ink lining-nums tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-muted">{t('side.usageHint')}</p>
      <div className="mt-3">
        <ExportCsvButton href={`/api/admin/promotions/${p.id}/orders.csv`} />
      </div>
    </Card>
  );
}

/** Deletes an offer no order used; the server refuses a used one, and the card says why. */
export function DeleteCard({ p }: { p: AdminPromotionDetail }) {
  const { t, i18n } = useTranslation('admin-promotions');
  const { t: ta } = useTranslation('admin');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [remove, { isLoading }] = useDeleteAdminPromotionMutation();
  const name = promotionName(p.names, i18n.language);
  const confirm = async () => {
    try {
      await remove(p.id).unwrap();
      showToast('success', t('side.deleted', { name }));
      void navigate('/admin/promotions');
    } catch (e) {
      setOpen(false);
      setRefusal(errorText(failureOf(e).code) ?? null);
    }
  };
  return (
    <Card>
      <button
        type="button"
        onClick={() => {
          setRefusal(null);
          setOpen(true);
        }}
        className="inline-flex h-10 w-full items-center justify-center gap-2 rounded-full border border-rose/40 px-4 text-sm font-semibold text-rose hover:bg-rose/5"
      >
        <Trash2 size={16} aria-hidden="true" />
        {t('side.delete')}
      </button>
      {refusal ? (
        <p role="alert" className="mt-3 rounded-xl bg-[#fdf3f0] p-3 text-sm font-semibold text-rose">
          {refusal}
        </p>
      ) : (
        <p className="mt-2 text-xs text-muted">{t('side.deleteHint')}</p>
      )}
      <ConfirmDialog
        open={open}
        title={t('side.deleteTitle')}
        confirmLabel={ta('common.delete')}
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        {t('side.deleteBody', { name })}
      </ConfirmDialog>
    </Card>
  );
}
