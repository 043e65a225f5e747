import type { ReactNode } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Dialog } from '../admin';

/**
 * A modal confirmation on the native <dialog>: focus moves into it, Escape cancels, the page
 * behind is inert. `tone="danger"` colours the confirm button for destructive actions.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  tone = 'danger',
  busy = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  busy?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const confirmClass = tone === 'danger' ? 'bg-rose text-white hover:bg-rose/90' : 'bg-ink text-ivory hover:bg-olive';
  return (
    <Dialog open={open} labelledBy="confirm-title" onClose={onCancel}>
      <div className="p-6">
        <h2 id="confirm-title" className="font-display text-2xl font-semibold">
          {title}
        </h2>
        <div className="mt-2 text-sm text-muted">{children}</div>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onCancel} className="h-10 rounded-full border border-line px-5 text-sm font-semibold hover:border-ink">
            {t('common.cancel')}
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={busy || confirmDisabled}
            className={`h-10 rounded-full px-5 text-sm font-semibold disabled:opacity-60 ${confirmClass}`}
          >
            {busy ? t('common.saving') : confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
