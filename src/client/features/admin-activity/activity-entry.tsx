import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { keyIn } from '../../app/translation-keys';
import { useAppSelector } from '../../app/hooks';
import { defaultCurrency, formatMoney } from '../../../shared/domain/currency';
import { findGovernorate } from '../../../shared/domain/governorates';
import { can, type Permission } from '../../../shared/domain/permissions';
import { formatShopTime } from '../../../shared/domain/shop-time';
import type { ActivityEntry } from '../../../shared/schemas/audit';
import { Badge } from '../admin';
import { changesOf, shorten, valueText, type ValueWords } from './activity-format';

/** Changes shown before "Show all", and the characters of a value shown before it. */
const FIRST_CHANGES = 4;
const VALUE_CHARS = 80;

/** The reader's language, for numbers, money and dates. */
function useLanguage() {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language;
}

/** When an entry was made: Cairo time, in the reader's words with Latin digits. */
export function useActivityTime() {
  const lng = useLanguage();
  return useCallback((iso: string) => formatShopTime(iso, lng, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }), [lng]);
}

/** The words of the log's values: money in EGP, Cairo time, yes and no, and the codes a person reads as words. */
export function useValueWords(): ValueWords {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const lng = useLanguage();
  const time = useActivityTime();
  return useMemo(() => {
    const known = (key: string) => {
      const text = t(key, { defaultValue: '' });
      return text || undefined;
    };
    const word = (field: string, value: string): string | undefined => {
      const [head, key] = field.split('.');
      if (head === 'shippingFees' && key === value) {
        const g = findGovernorate(value);
        return g && (lng.startsWith('ar') ? g.ar : g.en);
      }
      if (key !== undefined) return undefined;
      if (field === 'role') return known(`admin-staff:roles.${value}`);
      if (field === 'confirmation') return known(`admin-staff:activity.values.confirmation.${value}`);
      if (field === 'paymentState') return known(`admin-staff:activity.values.paymentState.${value}`);
      if (field === 'kind') return known(`admin-staff:activity.values.promotionKind.${value}`);
      // An order's status and a review's share the field's name: the words of either.
      if (field === 'status') return known(`admin:status.${value}`) ?? known(`admin-staff:activity.values.reviewStatus.${value}`);
      return undefined;
    };
    return { money: (p: number) => formatMoney(p, defaultCurrency, lng), time, yes: t('admin:common.yes'), no: t('admin:common.no'), word };
  }, [t, lng, time]);
}

/** A changed field's name: `name.en` is "Name (en)", a delivery fee names its governorate. */
function useFieldLabel() {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const words = useValueWords();
  return useCallback(
    (field: string) => {
      const [head, ...rest] = field.split('.');
      const name = t(keyIn('admin-staff:activity.fields', head!), { defaultValue: head });
      if (rest.length === 0) return name;
      const key = rest.join('.');
      return `${name} (${words.word(field, key) ?? key})`;
    },
    [t, words],
  );
}

/** What was done, in words: the kind of thing as a small pill and the action. */
export function ActivityWhat({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const kind = t(keyIn('admin-staff:activity.kinds', entry.kind));
  const action = t([keyIn('admin-staff:activity.actions', `${entry.kind}.${entry.action}`), 'activity.actions.other'], { kind, action: entry.action });
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone="bg-sand text-ink">{kind}</Badge>
      <span className="text-sm font-medium">{action}</span>
    </span>
  );
}

/** Who did it: the e-mail they had then and their role; the shop itself for its own jobs. */
export function ActivityPerson({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const role = t(keyIn('admin-staff:roles', entry.actor.role), { defaultValue: entry.actor.role });
  if (!entry.actor.email) return <span className="text-sm text-muted">{t('activity.byShop')}</span>;
  return (
    <span className="block min-w-0">
      <bdi dir="ltr" className="block truncate text-sm font-medium" title={entry.actor.email}>
        {entry.actor.email}
      </bdi>
      <span className="block text-xs text-muted">{role}</span>
    </span>
  );
}

/** The admin page of the thing an entry is about, and the permission that page needs; none when it has none (or is gone). */
export function subjectPage(entry: ActivityEntry): { to: string; permission: Permission } | null {
  const id = entry.subjectId;
  const gone = entry.action === 'deleted';
  switch (entry.kind) {
    case 'product':
      return id && !gone ? { to: `/admin/products/edit/${id}`, permission: 'catalogue.write' } : null;
    case 'category':
      return id && !gone ? { to: `/admin/categories/edit/${id}`, permission: 'catalogue.write' } : null;
    case 'promotion':
      return id && !gone ? { to: `/admin/promotions/${id}`, permission: 'promotions.write' } : null;
    // The order page is addressed by the order's id, the log by its number: the list finds the number.
    case 'order':
    case 'payment':
      return id ? { to: `/admin/orders?q=${encodeURIComponent(id)}`, permission: 'orders.read' } : null;
    case 'review': {
      const status = entry.after?.status;
      return { to: typeof status === 'string' ? `/admin/reviews?status=${status}` : '/admin/reviews', permission: 'reviews.read' };
    }
    case 'return':
      return { to: '/admin/returns', permission: 'returns.read' };
    case 'settings':
      if (entry.action === 'returns') return { to: '/admin/returns', permission: 'returns.read' };
      if (entry.action === 'reviews') return { to: '/admin/reviews', permission: 'reviews.read' };
      // The risk rules and the blocklist have their own page (decision 042).
      if (['risk', 'blocked', 'unblocked'].includes(entry.action)) return { to: '/admin/risk', permission: 'risk.read' };
      return { to: '/admin/settings', permission: 'settings.write' };
    case 'staff':
      return { to: '/admin/staff', permission: 'staff.manage' };
    default:
      return null;
  }
}

/** The thing an entry is about, by the name it had then; a link to its admin page where one exists and the reader may open it. */
export function ActivitySubject({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const role = useAppSelector((s) => s.user.user?.role);
  const target = subjectPage(entry);
  const label =
    entry.kind === 'settings' ? t(keyIn('admin-staff:activity.labels', entry.label), { defaultValue: entry.label }) : entry.label || entry.subjectId || '—';
  const text = (
    <bdi dir="auto" className="break-words">
      {label}
    </bdi>
  );
  if (!target || !can(role, target.permission)) return <span className="text-sm font-medium">{text}</span>;
  return (
    <Link to={target.to} className="text-sm font-semibold text-ink underline underline-offset-4 hover:no-underline" onClick={(e) => e.stopPropagation()}>
      {text}
    </Link>
  );
}

/**
 * The changes as "field: before → after" (a thing created or deleted shows its one side), values in
 * words, money in EGP. The first few and the start of long values show; "Show all" opens the rest.
 */
export function ActivityChanges({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const words = useValueWords();
  const label = useFieldLabel();
  const [open, setOpen] = useState(false);
  const changes = useMemo(() => changesOf(entry), [entry]);
  if (changes.length === 0) return <span className="text-muted">{t('activity.nothingChanged')}</span>;

  let cut = changes.length > FIRST_CHANGES;
  const value = (field: string, v: unknown) => {
    const full = valueText(entry, field, v, words);
    if (open) return full;
    const short = shorten(full, VALUE_CHARS);
    cut ||= short.cut;
    return short.text;
  };
  const shown = open ? changes : changes.slice(0, FIRST_CHANGES);
  const items = shown.map((c) => ({ c, before: c.hasBefore ? value(c.field, c.before) : null, after: c.hasAfter ? value(c.field, c.after) : null }));
  return (
    <div className="min-w-0 text-sm">
      <ul className="grid gap-1" data-testid="activity-changes">
        {items.map(({ c, before, after }) => (
          <li key={c.field} className="break-words">
            <span className="font-semibold">{label(c.field)}:</span>{' '}
            {before !== null && (
              <bdi dir="auto" className={after !== null ? 'text-muted line-through decoration-muted/60' : ''}>
                {before}
              </bdi>
            )}
            {/* The arrow points the way the line reads: mirrored in Arabic. */}
            {before !== null && after !== null && (
              <>
                {' '}
                <span className="inline-block text-muted rtl:-scale-x-100">→</span>{' '}
              </>
            )}
            {after !== null && <bdi dir="auto">{after}</bdi>}
          </li>
        ))}
      </ul>
      {(cut || open) && (
        <button
          type="button"
          aria-expanded={open}
          onClick={(e) => {
            e.stopPropagation();
            setOpen((v) => !v);
          }}
          className="mt-1 text-xs font-semibold text-amber-dark underline underline-offset-4 hover:no-underline"
        >
          {open ? t('activity.showLess') : changes.length > FIRST_CHANGES ? t('activity.showAllCount', { count: changes.length }) : t('activity.showAll')}
        </button>
      )}
    </div>
  );
}

/**
 * One entry as a card: the activity page's rows on a phone, and each entry of a product's or an
 * order's History. `withAddress` shows where it came from (the log's readers only).
 */
export function ActivityCard({ entry, withAddress = true, withSubject = true }: { entry: ActivityEntry; withAddress?: boolean; withSubject?: boolean }) {
  const time = useActivityTime();
  return (
    <article className="grid gap-2 px-4 py-3.5" data-testid="activity-entry">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <ActivityWhat entry={entry} />
        <time dateTime={entry.at} className="text-xs whitespace-nowrap text-muted">
          {time(entry.at)}
        </time>
      </div>
      {withSubject && <ActivitySubject entry={entry} />}
      <ActivityChanges entry={entry} />
      <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-1">
        <ActivityPerson entry={entry} />
        {withAddress && entry.address && (
          <bdi dir="ltr" className="font-mono text-xs text-muted">
            {entry.address}
          </bdi>
        )}
      </div>
    </article>
  );
}
