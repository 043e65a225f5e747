import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Search, Trash2 } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { failureOf } from '../../app/api-failure';
import { FormAlert, Select, ShopFormProvider, TextInput, useShopForm } from '../../components/form';
import { columnHelper, DataTable, useTableParams } from '../../components/data-table';
import { showToast } from '../../components/ui/toast';
import { formatEgyptianMobile } from '../../../shared/domain/phone';
import { formatShopTime } from '../../../shared/domain/shop-time';
import { blockedKinds } from '../../../shared/domain/order-risk';
import { blockContactSchema, type BlockContactInput, type BlockedContact } from '../../../shared/schemas/risk';
import { Card, IconButton, useCan } from '../admin';
import { useBlockContactMutation, useGetBlockedQuery, useUnblockContactMutation } from './api';
import { useRiskErrorText } from './rules-card';

const col = columnHelper<BlockedContact>();

/** A blocked contact as people write it: a phone in international form, read left to right. */
function ContactValue({ c }: { c: BlockedContact }) {
  return (
    <bdi dir="ltr" className="font-medium tabular-nums">
      {c.kind === 'phone' ? formatEgyptianMobile(c.value) : c.value}
    </bdi>
  );
}

/** Adds a phone number or e-mail address to the blocklist, with a note. */
function BlockForm() {
  const { t } = useTranslation('admin-orders');
  const errorText = useRiskErrorText();
  const [banner, setBanner] = useState<string | null>(null);
  const [block, { isLoading }] = useBlockContactMutation();
  const shop = useShopForm<BlockContactInput>({
    schema: blockContactSchema,
    raw: true,
    idPrefix: 'block',
    errorText,
    defaultValues: { kind: 'phone', value: '', note: '' },
  });
  const onValid = async (values: BlockContactInput) => {
    setBanner(null);
    try {
      const { created } = await block(values).unwrap();
      showToast('success', t(created ? 'risk.added' : 'risk.already', { value: values.value.trim() }));
      shop.form.reset({ kind: values.kind, value: '', note: '' });
    } catch (e) {
      const failure = failureOf(e);
      if (shop.applyServerErrors(failure.fields).length === 0) setBanner(errorText(failure.code) ?? null);
    }
  };
  return (
    <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(onValid)} aria-label={t('risk.blockTitle')} className="mb-5">
      {banner && <FormAlert className="mb-3">{banner}</FormAlert>}
      <div className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)] lg:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-start">
        <Select name="kind" label={t('risk.kind')}>
          {blockedKinds.map((k) => (
            <option key={k} value={k}>
              {t(`risk.kinds.${k}`)}
            </option>
          ))}
        </Select>
        <TextInput name="value" label={t('risk.value')} autoComplete="off" dir="ltr" maxLength={254} />
        <TextInput
          name="note"
          label={t('risk.note')}
          placeholder={t('risk.notePlaceholder')}
          autoComplete="off"
          dir="auto"
          maxLength={300}
          className="sm:col-span-2 lg:col-span-1"
        />
        <button type="submit" disabled={isLoading} className="btn btn-primary !py-[0.7rem] text-sm disabled:opacity-60 lg:mt-[1.85rem]">
          {t('risk.add')}
        </button>
      </div>
    </ShopFormProvider>
  );
}

/** The blocklist: add (for `risk.manage`), search, page, unblock. */
export function BlocklistCard() {
  const { t } = useTranslation('admin-orders');
  const canManage = useCan('risk.manage');
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const params = useTableParams();
  const { data, isFetching, isError, refetch } = useGetBlockedQuery({ q, page: params.page });
  const [unblock] = useUnblockContactMutation();
  const errorText = useRiskErrorText();
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const remove = useCallback(
    async (c: BlockedContact) => {
      try {
        await unblock(c.id).unwrap();
        showToast('success', t('risk.removed', { value: c.value }));
      } catch (e) {
        showToast('error', errorText(failureOf(e).code) ?? t('risk.errors.generic'));
      }
    },
    [unblock, t, errorText],
  );
  const removeButton = (c: BlockedContact) =>
    canManage ? (
      <IconButton
        label={t('risk.removeLabel', { value: c.value })}
        icon={<Trash2 size={16} aria-hidden="true" />}
        onClick={() => void remove(c)}
        className="inline-flex h-9 w-9 items-center justify-center rounded-full text-muted hover:bg-rose/10 hover:text-rose"
      />
    ) : null;

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('value', { header: t('risk.columns.value'), cell: ({ row: { original: c } }) => <ContactValue c={c} /> }),
        col.accessor('kind', { header: t('risk.kind'), cell: ({ getValue }) => t(`risk.kinds.${getValue()}`) }),
        col.accessor('note', { header: t('risk.columns.note'), meta: { className: 'text-muted' }, cell: ({ getValue }) => getValue() ?? '—' }),
        col.accessor('createdAt', {
          header: t('risk.columns.when'),
          meta: { className: 'whitespace-nowrap text-muted' },
          cell: ({ row: { original: c } }) => `${formatShopTime(c.createdAt, lng, { dateStyle: 'medium' })}${c.createdBy ? ` · ${c.createdBy}` : ''}`,
        }),
        col.display({
          id: 'remove',
          header: () => <span className="sr-only">{t('risk.remove')}</span>,
          meta: { align: 'end' },
          cell: ({ row: { original: c } }) => removeButton(c),
        }),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- removeButton follows canManage and remove
    [t, lng, canManage, remove],
  );

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const term = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    const next = new URLSearchParams();
    if (term) next.set('q', term);
    setSearch(next);
  };

  return (
    <Card title={t('risk.blockTitle')} actions={data ? <span className="text-sm text-muted">{t('risk.count', { count: data.total })}</span> : undefined}>
      <p className="mb-4 text-sm text-muted">{t('risk.blockLead')}</p>
      {canManage && <BlockForm />}
      <form role="search" aria-label={t('risk.search')} onSubmit={submit} className="relative mb-3" key={q}>
        <Search size={16} aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
        <input
          name="q"
          type="search"
          defaultValue={q}
          aria-label={t('risk.search')}
          placeholder={t('risk.searchPlaceholder')}
          className="field !ps-9"
          maxLength={254}
        />
      </form>
      <DataTable
        label={t('risk.blockTitle')}
        columns={columns}
        data={data?.items}
        getRowId={(c) => String(c.id)}
        empty={q ? t('risk.emptyFiltered') : t('risk.empty')}
        failed={isError && { onRetry: () => void refetch() }}
        fetching={isFetching}
        params={params}
        paging={data ? { total: data.total, pageSize: data.pageSize } : undefined}
        card={(c) => (
          <div className="flex items-start justify-between gap-3 px-4 py-3">
            <span className="min-w-0">
              <ContactValue c={c} />
              <span className="block text-xs text-muted">
                {t(`risk.kinds.${c.kind}`)}
                {c.note ? ` · ${c.note}` : ''}
              </span>
            </span>
            {removeButton(c)}
          </div>
        )}
      />
    </Card>
  );
}
