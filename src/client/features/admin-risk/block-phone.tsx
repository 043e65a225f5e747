import { useState } from 'react';
import { Ban, ShieldCheck } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { failureOf } from '../../app/api-failure';
import { showToast } from '../../components/ui/toast';
import { formatEgyptianMobile } from '../../../shared/domain/phone';
import { Dialog, useCan } from '../admin';
import { useBlockContactMutation } from './api';
import { useRiskErrorText } from './rules-card';

/**
 * "Block this phone" on an order's page: asks first (with an optional note), then adds the number
 * to the blocklist; says so once it is blocked. Hidden from a role without `risk.manage`.
 */
export function BlockPhoneButton({ phone, blocked, number }: { phone: string; blocked: boolean; number: string }) {
  const { t } = useTranslation('admin-orders');
  const canManage = useCan('risk.manage');
  const errorText = useRiskErrorText();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [block, { isLoading }] = useBlockContactMutation();
  if (blocked)
    return (
      <p className="mt-3 flex items-start gap-2 rounded-xl bg-rose/5 px-3 py-2 text-sm font-medium text-rose" data-testid="phone-blocked">
        <ShieldCheck size={16} aria-hidden="true" className="mt-0.5 shrink-0" />
        {t('block.blocked')}
      </p>
    );
  if (!canManage) return null;
  const shown = formatEgyptianMobile(phone);
  const confirm = async () => {
    try {
      await block({ kind: 'phone', value: phone, note: note.trim() || number }).unwrap();
      showToast('success', t('block.done', { value: shown }));
      setOpen(false);
    } catch (e) {
      showToast('error', errorText(failureOf(e).code) ?? t('risk.errors.generic'));
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-rose hover:underline print:hidden"
      >
        <Ban size={15} aria-hidden="true" />
        {t('block.button')}
      </button>
      <Dialog open={open} labelledBy="block-title" onClose={() => setOpen(false)}>
        <div className="p-6">
          <h2 id="block-title" className="font-display text-2xl font-semibold">
            {t('block.confirmTitle', { phone: shown })}
          </h2>
          <p className="mt-2 text-sm text-muted">{t('block.confirmText')}</p>
          <label htmlFor="block-note" className="mt-4 mb-1.5 block text-sm font-semibold">
            {t('block.note')}
          </label>
          <input
            id="block-note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={300}
            dir="auto"
            placeholder={t('risk.notePlaceholder')}
            className="field text-sm"
          />
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <button type="button" onClick={() => setOpen(false)} className="h-10 rounded-full border border-line px-5 text-sm font-semibold hover:border-ink">
              {t('courier.back')}
            </button>
            <button
              type="button"
              disabled={isLoading}
              onClick={() => void confirm()}
              className="h-10 rounded-full bg-rose px-5 text-sm font-semibold text-white hover:bg-rose/90 disabled:opacity-60"
            >
              {t('block.confirm')}
            </button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
