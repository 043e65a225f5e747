import { useTranslation } from '../../app/i18n-view';
import { ArrowLeft, Inbox, Mail, MailOpen, Reply, Trash2 } from 'lucide-react';
import { languageLabels, normalizeLanguage } from '../../../shared/domain/languages';
import type { ContactMessage } from '../../../shared/schemas/admin-dashboard';
import { when } from './when';
import { useCan } from '../admin';

/** Nothing open yet: the reading pane invites a pick. */
export function NoMessageOpen() {
  const { t } = useTranslation('admin-dash');
  return (
    <div className="flex min-h-72 flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-line bg-white/60 p-8 text-center text-muted">
      <Inbox size={32} aria-hidden="true" />
      <p className="text-sm">{t('messages.pick')}</p>
    </div>
  );
}

/**
 * The reading pane: the message, reply by e-mail, mark read or unread and delete after a confirm
 * (for a role that may change messages).
 */
export function MessageReader({
  open,
  busy,
  confirming,
  setConfirming,
  onBack,
  onSetHandled,
  onDelete,
}: {
  open: ContactMessage;
  busy: boolean;
  /** The delete question is showing (the page clears it when another message opens). */
  confirming: boolean;
  setConfirming: (confirming: boolean) => void;
  onBack: () => void;
  onSetHandled: (handled: boolean) => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('admin-dash');
  const lng = i18n.language;
  const mayUpdate = useCan('messages.update');
  return (
    <article className="rounded-2xl border border-line/70 bg-white p-5 shadow-soft sm:p-7">
      <button type="button" onClick={onBack} className="mb-4 inline-flex items-center gap-1.5 text-sm font-semibold text-amber-dark lg:hidden">
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
        {mayUpdate && (
          <button type="button" className="btn btn-ghost h-10 px-4" disabled={busy} onClick={() => onSetHandled(!open.handled)}>
            {open.handled ? <Mail size={16} aria-hidden="true" /> : <MailOpen size={16} aria-hidden="true" />}
            {open.handled ? t('messages.markUnread') : t('messages.markRead')}
          </button>
        )}
        {mayUpdate &&
          (!confirming ? (
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
              <button type="button" className="btn h-9 bg-rose px-4 text-white hover:bg-rose/90" disabled={busy} onClick={onDelete} autoFocus>
                {t('messages.confirm')}
              </button>
              <button type="button" className="btn btn-ghost h-9 px-4" onClick={() => setConfirming(false)}>
                {t('messages.cancel')}
              </button>
            </div>
          ))}
      </footer>
    </article>
  );
}
