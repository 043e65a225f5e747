import { useTranslation } from '../../app/i18n-view';
import { KeyRound, RotateCcw, X } from 'lucide-react';
import { languageLabels, normalizeLanguage } from '../../../shared/domain/languages';
import type { OutboxEntry } from '../../../shared/schemas/outbox';
import { Dialog, IconButton } from '../admin';
import { useGetOutboxPreviewQuery } from './api';
import { OutboxStatusBadge } from './outbox-columns';

/**
 * One message as the customer gets it: subject, the HTML part in a sandboxed frame (no script, no
 * same origin, no forms: `sandbox=""`), and the plain-text part. Rendered by the server on each
 * opening, with the order link's token as in the e-mail.
 */
export function PreviewDialog({
  entry,
  onClose,
  onResend,
  resending,
}: {
  entry: OutboxEntry | null;
  onClose: () => void;
  onResend: (m: OutboxEntry) => void;
  resending: boolean;
}) {
  const { t } = useTranslation(['admin-dash', 'admin']);
  const { data, isFetching, isError, refetch } = useGetOutboxPreviewQuery(entry?.id ?? 0, { skip: !entry, refetchOnMountOrArgChange: true });
  const preview = data && data.id === entry?.id ? data : undefined;
  return (
    <Dialog
      open={entry !== null}
      labelledBy="outbox-preview-title"
      onClose={onClose}
      className="h-[min(52rem,calc(100dvh-2rem))] w-[min(48rem,calc(100vw-1rem))]"
    >
      {entry && (
        <div className="flex h-full flex-col">
          <header className="flex items-start gap-3 border-b border-line/70 px-5 py-4">
            <div className="min-w-0 flex-1">
              <h2 id="outbox-preview-title" className="font-display text-xl leading-snug font-semibold sm:text-2xl" dir="auto">
                {preview?.subject ?? t('outbox.previewTitle', { recipient: entry.recipient })}
              </h2>
              <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-0.5 text-sm">
                <div className="flex w-full flex-wrap items-center gap-x-2">
                  <dt className="text-muted">{t('outbox.to')}</dt>
                  <dd className="min-w-0 truncate">
                    <bdi dir="ltr">{entry.recipient}</bdi>
                  </dd>
                  <dd>
                    <OutboxStatusBadge status={entry.status} />
                  </dd>
                </div>
                <div className="flex gap-x-2">
                  <dt className="text-muted">{t('outbox.columns.kind')}</dt>
                  <dd>{t(`outbox.kind.${entry.kind}`)}</dd>
                </div>
                <div className="flex gap-x-2">
                  <dt className="text-muted">{t('outbox.language')}</dt>
                  <dd>{languageLabels[normalizeLanguage(entry.language)]}</dd>
                </div>
              </dl>
            </div>
            <IconButton
              label={t('outbox.close')}
              icon={<X size={20} aria-hidden="true" />}
              onClick={onClose}
              className="-me-2 rounded-full p-2 hover:bg-sand"
              autoFocus
            />
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4" aria-busy={isFetching}>
            {preview ? (
              <>
                {preview.linkRemoved && (
                  <p role="note" className="mb-4 flex gap-2 rounded-xl bg-honey/15 p-3 text-sm text-ink">
                    <KeyRound size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-amber-dark" />
                    {t('outbox.linkRemoved')}
                  </p>
                )}
                <h3 className="mb-2 text-sm font-semibold">{t('outbox.htmlPart')}</h3>
                <iframe
                  title={t('outbox.frameTitle')}
                  sandbox=""
                  srcDoc={preview.html}
                  className="h-[28rem] w-full rounded-xl border border-line/70 bg-white"
                />
                <h3 className="mt-5 mb-2 text-sm font-semibold">{t('outbox.textPart')}</h3>
                <pre
                  dir="auto"
                  lang={normalizeLanguage(preview.language)}
                  className="max-h-72 overflow-auto rounded-xl bg-ivory p-3 font-sans text-sm whitespace-pre-wrap"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {preview.text}
                </pre>
              </>
            ) : isError ? (
              <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
                <p className="font-semibold">{t('outbox.previewFailed')}</p>
                <button type="button" className="btn btn-primary" onClick={() => void refetch()}>
                  {t('admin:common.retry')}
                </button>
              </div>
            ) : (
              <div role="status" className="h-96 animate-pulse rounded-xl bg-sand/60">
                <span className="sr-only">{t('outbox.previewLoading')}</span>
              </div>
            )}
          </div>
          <footer className="flex flex-wrap items-center justify-end gap-2 border-t border-line/70 px-5 py-3">
            {entry.resendable && (
              <button type="button" className="btn btn-ghost h-10 px-4" disabled={resending} onClick={() => onResend(entry)}>
                <RotateCcw size={16} aria-hidden="true" />
                {resending ? t('outbox.sendAgainBusy') : t('outbox.sendAgain')}
              </button>
            )}
            <button type="button" className="btn btn-primary h-10 px-5" onClick={onClose}>
              {t('outbox.close')}
            </button>
          </footer>
        </div>
      )}
    </Dialog>
  );
}
