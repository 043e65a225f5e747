import { Sparkles } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import type { PromotionStatus } from '../../../shared/domain/promotion-codes';
import type { AdminPromotionDetail } from '../../../shared/schemas/promotion';
import { Badge } from '../admin';
import type { PromotionFormat } from './format';

const statusTone: Record<PromotionStatus, string> = {
  active: 'bg-emerald-100 text-emerald-800',
  scheduled: 'bg-sky-100 text-sky-800',
  ended: 'bg-stone-200 text-stone-600',
  paused: 'bg-honey/25 text-amber-dark',
};

/** An offer's status now, as a coloured pill (active, scheduled, ended, paused). */
export function PromotionStatusBadge({ status }: { status: PromotionStatus }) {
  const { t } = useTranslation('admin-promotions');
  return (
    <Badge tone={statusTone[status]}>
      <span className="me-1.5 inline-block h-1.5 w-1.5 rounded-full bg-current" aria-hidden="true" />
      {t(`status.${status}`)}
    </Badge>
  );
}

/** The code the shopper types (kept left to right in Arabic), or the "Automatic" pill. */
export function CodeOrAutomatic({ code }: { code: string | null }) {
  const { t } = useTranslation('admin-promotions');
  if (code === null)
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-amber/10 px-2 py-0.5 text-[0.7rem] font-semibold text-amber-dark">
        <Sparkles size={11} aria-hidden="true" />
        {t('automatic')}
      </span>
    );
  return (
    <span
      dir="ltr"
      className="inline-block rounded-md border border-dashed border-line bg-ivory px-1.5 py-px font-mono text-xs font-semibold tracking-wide text-ink"
    >
      {code}
    </span>
  );
}

/** What the offer gives, on what, and from which subtotal: "20 % off", "Whole order · Orders from EGP 300". */
export function OfferSummary({
  p,
  fmt,
}: {
  p: Pick<AdminPromotionDetail, 'kind' | 'value' | 'productIds' | 'categoryIds' | 'minSubtotal'>;
  fmt: PromotionFormat;
}) {
  const minimum = fmt.minimum(p);
  return (
    <>
      <span className="block font-semibold whitespace-nowrap text-ink">{fmt.value(p.kind, p.value)}</span>
      <span className="block text-xs text-muted">
        {fmt.scope(p)}
        {minimum && ` · ${minimum}`}
      </span>
    </>
  );
}

/** Uses so far against the limit, kept left to right in Arabic (`12 / 100`, `12 / ∞`). */
export function Uses({ p, fmt }: { p: Pick<AdminPromotionDetail, 'uses' | 'maxUses'>; fmt: PromotionFormat }) {
  return (
    <span dir="ltr" className="tabular-nums">
      {fmt.uses(p)}
    </span>
  );
}
