import { errorKeys } from '../../app/api-failure';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft, Inbox, Mail, MailOpen, Reply, Trash2 } from 'lucide-react';
import { AdminPage, EmptyState, LoadFailed, Pager } from '../admin';
import { apiRequest } from '../../app/api-request';
import { isApiFailure } from '../../app/api-failure';
import { showToast } from '../../components/ui/toast';
import { languageLabels, normalizeLanguage } from '../../../shared/domain/languages';
import { formatShopTime } from '../../../shared/domain/shop-time';
import type { ContactMessage, MessageFilter } from '../../../shared/schemas/admin-dashboard';
import { messagesChanged, useGetAdminMessagesQuery } from './api';
import { useAppDispatch } from '../../app/hooks';

const PAGE_SIZE = 20;

const when = (iso: string, lng: string, long = false) =>
  formatShopTime(iso, lng, {
    day: 'numeric',
    month: 'short',
    ...(long ? { year: 'numeric', weekday: 'short' } : {}),
    hour: '2-digit',
    minute: '2-digit',
  });

/** `/admin/messages`: the contact-form inbox with a reading pane. */
export default function MessagesPage() {
  const { t, i18n } = useTranslation(['admin-dash', 'admin', 'translation']);
  const lng = i18n.language;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const filter: MessageFilter = params.get('filter') === 'unread' ? 'unread' : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isLoading, isError, refetch } = useGetAdminMessagesQuery(
    { page, pageSize: PAGE_SIZE, filter },
    { refetchOnMountOrArgChange: true, refetchOnFocus: true },
  );
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const href = (next: { filter?: MessageFilter; page?: number }) => {
    const f = next.filter ?? filter;
    const p = next.page ?? 1;
    const q = new URLSearchParams();
    if (f === 'unread') q.set('filter', 'unread');
    if (p > 1) q.set('page', String(p));
    const s = q.toString();
    return `/admin/messages${s ? `?${s}` : ''}`;
  };

  // A page emptied by a delete falls back to the one before it.
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) void navigate(href({ page: page - 1 }), { replace: true });
  });

  const fail = (err: unknown) => showToast('error', t(errorKeys(isApiFailure(err) ? err.code : 'network', 'admin-dash:errors')));

  const setHandled = async (message: ContactMessage, handled: boolean, quiet = false) => {
    setBusy(true);
    try {
      const updated = await apiRequest<ContactMessage>('PATCH', `/api/admin/messages/${message.id}`, { handled });
      setOpen((current) => (current?.id === updated.id ? updated : current));
      if (!quiet) showToast('success', t(handled ? 'messages.markedRead' : 'messages.markedUnread'));
      dispatch(messagesChanged());
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const select = (message: ContactMessage) => {
    setConfirming(false);
    setOpen(message);
    if (!message.handled) void setHandled(message, true, true);
  };

  const remove = async (message: ContactMessage) => {
    setBusy(true);
    try {
      await apiRequest('DELETE', `/api/admin/messages/${message.id}`);
      showToast('success', t('messages.deleted'));
      setOpen(null);
      setConfirming(false);
      dispatch(messagesChanged());
    } catch (err) {
      fail(err);
      if (isApiFailure(err) && err.status === 404) {
        setOpen(null);
        void refetch();
      }
    } finally {
      setBusy(false);
    }
  };

  const tab = (value: MessageFilter, label: string, badge?: number) => (
    <Link
      to={href({ filter: value })}
      aria-current={filter === value ? 'page' : undefined}
      className={`inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors ${filter === value ? 'bg-ink text-ivory' : 'text-ink hover:bg-sand'}`}
    >
      {label}
      {badge !== undefined && badge > 0 && (
        <span className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${filter === value ? 'bg-honey text-ink' : 'bg-honey/25 text-amber-dark'}`}>
          {badge}
        </span>
      )}
    </Link>
  );

  return (
    <AdminPage
      title={t('admin:menu.messages')}
      subtitle={t('messages.subtitle')}
      actions={
        <nav aria-label={t('messages.filter')} className="flex items-center gap-1 rounded-full border border-line/70 bg-white p-1 shadow-soft">
          {tab('all', t('messages.all'))}
          {tab('unread', t('messages.unread'), data?.unread)}
        </nav>
      }
    >
      {isLoading ? (
        <div className="h-96 animate-pulse rounded-2xl border border-line/70 bg-white" role="status">
          <span className="sr-only">{t('admin:common.loading')}</span>
        </div>
      ) : isError || !data ? (
        <LoadFailed onRetry={() => void refetch()} />
      ) : (
        <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <section aria-label={t('admin:menu.messages')} className={`min-w-0 ${open ? 'hidden lg:block' : ''}`}>
            <div className="overflow-hidden rounded-2xl border border-line/70 bg-white shadow-soft">
              {data.items.length === 0 ? (
                <div className="p-5">
                  <EmptyState>{filter === 'unread' ? t('messages.emptyUnread') : t('messages.empty')}</EmptyState>
                </div>
              ) : (
                <ul className="divide-y divide-line/70">
                  {data.items.map((m) => {
                    const selected = open?.id === m.id;
                    const unread = !m.handled && !selected;
                    return (
                      <li key={m.id}>
                        <button
                          type="button"
                          onClick={() => select(m)}
                          aria-current={selected ? 'true' : undefined}
                          className={`relative block w-full px-5 py-3.5 text-start transition-colors focus-visible:z-10 ${selected ? 'bg-sand/70' : 'hover:bg-ivory'}`}
                        >
                          {selected && <span className="absolute inset-y-0 start-0 w-1 bg-honey" aria-hidden="true" />}
                          <span className="flex items-center gap-2">
                            <span className={`h-2 w-2 shrink-0 rounded-full ${unread ? 'bg-amber' : 'bg-transparent'}`} aria-hidden="true" />
                            {unread && <span className="sr-only">{t('messages.unread')}:</span>}
                            <span className={`min-w-0 flex-1 truncate ${unread ? 'font-bold text-ink' : 'font-medium text-ink/80'}`}>{m.name}</span>
                            <time dateTime={m.createdAt} className={`shrink-0 text-xs ${unread ? 'font-semibold text-ink' : 'text-muted'}`}>
                              {when(m.createdAt, lng)}
                            </time>
                          </span>
                          <span className="block truncate ps-4 text-xs text-muted">
                            <bdi dir="ltr">{m.email}</bdi>
                          </span>
                          <span className={`mt-1 block truncate ps-4 text-sm ${unread ? 'font-semibold text-ink' : 'text-ink/90'}`}>{m.subject}</span>
                          <span className="block truncate ps-4 text-sm text-muted">{m.message}</span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
            <Pager page={page} pageSize={PAGE_SIZE} total={data.total} href={(p) => href({ page: p })} />
          </section>

          <section aria-live="polite" className={`min-w-0 ${open ? '' : 'hidden lg:block'}`}>
            {open ? (
              <article className="rounded-2xl border border-line/70 bg-white p-5 shadow-soft sm:p-7">
                <button
                  type="button"
                  onClick={() => setOpen(null)}
                  className="mb-4 inline-flex items-center gap-1.5 text-sm font-semibold text-amber-dark lg:hidden"
                >
                  <ArrowLeft size={16} aria-hidden="true" className="rtl:rotate-180" />
                  {t('messages.back')}
                </button>
                <header className="border-b border-line/70 pb-4">
                  <h2 className="font-display text-2xl font-semibold leading-snug">{open.subject}</h2>
                  <dl className="mt-3 grid gap-1 text-sm">
                    <div className="flex flex-wrap gap-x-2">
                      <dt className="text-muted">{t('messages.from')}</dt>
                      <dd>
                        <span className="font-semibold">{open.name}</span>{' '}
                        <a href={`mailto:${open.email}`} className="text-amber-dark hover:underline" dir="ltr">
                          &lt;{open.email}&gt;
                        </a>
                      </dd>
                    </div>
                    <div className="flex flex-wrap gap-x-2">
                      <dt className="text-muted">{t('messages.received')}</dt>
                      <dd>
                        <time dateTime={open.createdAt}>{when(open.createdAt, lng, true)}</time>
                      </dd>
                    </div>
                    <div className="flex flex-wrap gap-x-2">
                      <dt className="text-muted">{t('messages.language')}</dt>
                      <dd>{languageLabels[normalizeLanguage(open.language)]}</dd>
                    </div>
                  </dl>
                </header>
                <p
                  className="py-5 text-[0.95rem] leading-relaxed whitespace-pre-wrap"
                  dir="auto"
                  lang={normalizeLanguage(open.language)}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {open.message}
                </p>
                <footer className="flex flex-wrap items-center gap-2 border-t border-line/70 pt-4">
                  <a href={`mailto:${open.email}?subject=${encodeURIComponent(`Re: ${open.subject}`)}`} className="btn btn-primary h-10 px-4">
                    <Reply size={16} aria-hidden="true" className="rtl:-scale-x-100" />
                    {t('messages.reply')}
                  </a>
                  <button type="button" className="btn btn-ghost h-10 px-4" disabled={busy} onClick={() => void setHandled(open, !open.handled)}>
                    {open.handled ? <Mail size={16} aria-hidden="true" /> : <MailOpen size={16} aria-hidden="true" />}
                    {open.handled ? t('messages.markUnread') : t('messages.markRead')}
                  </button>
                  {!confirming ? (
                    <button type="button" className="btn h-10 px-4 text-rose hover:bg-rose/10 sm:ms-auto" disabled={busy} onClick={() => setConfirming(true)}>
                      <Trash2 size={16} aria-hidden="true" />
                      {t('messages.delete')}
                    </button>
                  ) : (
                    <div
                      role="alertdialog"
                      aria-labelledby="confirm-delete"
                      className="flex w-full flex-wrap items-center gap-2 rounded-xl bg-[#fdf3f0] p-3 sm:ms-auto sm:w-auto"
                    >
                      <span id="confirm-delete" className="text-sm font-semibold text-rose">
                        {t('messages.confirmDelete')}
                      </span>
                      <button
                        type="button"
                        className="btn h-9 bg-rose px-4 text-white hover:bg-rose/90"
                        disabled={busy}
                        onClick={() => void remove(open)}
                        autoFocus
                      >
                        {t('messages.confirm')}
                      </button>
                      <button type="button" className="btn btn-ghost h-9 px-4" onClick={() => setConfirming(false)}>
                        {t('messages.cancel')}
                      </button>
                    </div>
                  )}
                </footer>
              </article>
            ) : (
              <div className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-line bg-white/60 p-8 text-center text-muted">
                <Inbox size={32} aria-hidden="true" />
                <p className="text-sm">{t('messages.pick')}</p>
              </div>
            )}
          </section>
        </div>
      )}
    </AdminPage>
  );
}
