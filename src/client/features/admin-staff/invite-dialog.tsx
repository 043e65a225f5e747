import { useCallback, useRef, useState } from 'react';
import { Check, Copy, Link2 } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { keyIn } from '../../app/translation-keys';
import { failureOf } from '../../app/api-failure';
import { FormAlert, RadioGroup, ShopFormProvider, TextInput, useShopForm, type ErrorText } from '../../components/form';
import { showToast } from '../../components/ui/toast';
import { staffRoles } from '../../../shared/domain/permissions';
import { staffInviteInputSchema, type StaffInviteAnswer, type StaffInviteInput } from '../../../shared/schemas/staff';
import { Dialog } from '../admin';
import { useInviteStaffMutation } from './api';

/** Text for a stable error code: the staff page's words, then the admin's, then the shop-wide text of every API code. */
export function useStaffErrorText(): ErrorText {
  const { t } = useTranslation(['admin-staff', 'admin', 'translation']);
  return useCallback(
    (code: string | undefined) =>
      code
        ? t([keyIn('admin-staff:errors', code), keyIn('admin:errors', code), keyIn('translation:apiErrors', code), 'admin-staff:errors.invalid'])
        : undefined,
    [t],
  );
}

/**
 * An invitation's link for the owner to hand over (the shop sends no e-mail): the address in a
 * field to select, and a Copy button.
 */
export function InviteLink({ answer, onDone }: { answer: StaffInviteAnswer & { link: string }; onDone: () => void }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(answer.link);
      setCopied('yes');
    } catch {
      // No clipboard (an old browser, a page not served over HTTPS): the link is selected to copy by hand.
      field.current?.select();
      setCopied('failed');
    }
  };
  return (
    <div className="p-6">
      <span className="mb-4 flex h-11 w-11 items-center justify-center rounded-full bg-sand text-amber-dark">
        <Link2 size={20} aria-hidden="true" />
      </span>
      <h2 id="invite-title" className="font-display text-2xl font-semibold">
        {t('inviteDialog.linkTitle')}
      </h2>
      <p className="mt-2 text-sm text-muted">{t('inviteDialog.linkText', { name: answer.invite.name })}</p>
      <label htmlFor="invite-link" className="mt-5 mb-1.5 block text-sm font-semibold">
        {t('inviteDialog.linkLabel', { email: answer.invite.email })}
      </label>
      <div className="flex gap-2">
        <input
          ref={field}
          id="invite-link"
          readOnly
          value={answer.link}
          dir="ltr"
          onFocus={(e) => e.currentTarget.select()}
          className="field min-w-0 flex-1 font-mono text-xs"
          aria-describedby={copied === 'failed' ? 'invite-link-error' : undefined}
        />
        <button type="button" onClick={() => void copy()} className="btn btn-primary shrink-0 !px-4 !py-2 text-sm">
          {copied === 'yes' ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          {copied === 'yes' ? t('inviteDialog.copied') : t('inviteDialog.copy')}
        </button>
      </div>
      <p role="status" className="mt-1.5 min-h-5 text-sm">
        {copied === 'failed' && (
          <span id="invite-link-error" className="font-medium text-rose">
            {t('inviteDialog.copyFailed')}
          </span>
        )}
      </p>
      <div className="mt-4 flex justify-end">
        <button type="button" onClick={onDone} className="h-10 rounded-full bg-ink px-5 text-sm font-semibold text-ivory hover:bg-olive">
          {t('inviteDialog.done')}
        </button>
      </div>
    </div>
  );
}

/** E-mail, name and role (each role with what it may do); the server's refusals beside their fields. */
function InviteForm({ onSent, onCancel }: { onSent: (answer: StaffInviteAnswer) => void; onCancel: () => void }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const errorText = useStaffErrorText();
  const [banner, setBanner] = useState<string | null>(null);
  const [invite, { isLoading }] = useInviteStaffMutation();
  const shop = useShopForm<StaffInviteInput>({
    schema: staffInviteInputSchema,
    raw: true,
    idPrefix: 'invite',
    errorText,
    defaultValues: { email: '', name: '', role: undefined as unknown as StaffInviteInput['role'] },
  });

  const onValid = async (values: StaffInviteInput) => {
    setBanner(null);
    try {
      onSent(await invite(values).unwrap());
    } catch (e) {
      const failure = failureOf(e);
      if (shop.applyServerErrors(failure.fields).length === 0) setBanner(errorText(failure.code) ?? null);
    }
  };

  const options = staffRoles.map((role) => ({
    value: role,
    label: t(keyIn('admin-staff:roles', role)),
    description: t(keyIn('admin-staff:roleDescriptions', role)),
  }));

  return (
    <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(onValid)} className="p-6" aria-labelledby="invite-title">
      <h2 id="invite-title" className="font-display text-2xl font-semibold">
        {t('inviteDialog.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('inviteDialog.lead')}</p>
      {banner && <FormAlert className="mt-4">{banner}</FormAlert>}
      <div className="mt-5 grid gap-4">
        <TextInput name="email" label={t('inviteDialog.email')} type="email" autoComplete="off" dir="ltr" maxLength={254} autoFocus />
        <TextInput name="name" label={t('inviteDialog.name')} autoComplete="off" dir="auto" maxLength={120} />
        <RadioGroup
          name="role"
          legend={t('inviteDialog.role')}
          legendClassName="mb-1.5 text-sm font-semibold"
          options={options}
          className="[&_label]:!gap-3 [&_label]:!p-3"
        />
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onCancel} className="h-10 rounded-full border border-line px-5 text-sm font-semibold hover:border-ink">
          {t('admin:common.cancel')}
        </button>
        <button
          type="submit"
          disabled={isLoading}
          className="h-10 rounded-full bg-ink px-5 text-sm font-semibold text-ivory hover:bg-olive disabled:opacity-60"
        >
          {isLoading ? t('staff.sending') : t('inviteDialog.submit')}
        </button>
      </div>
    </ShopFormProvider>
  );
}

/**
 * "Invite a person": the form, then either a toast (the invitation went by e-mail) or the link to
 * hand over, when the shop has no e-mail set up. `shown` opens it on a link already made (an
 * invitation sent again without e-mail).
 */
export function InviteDialog({ open, shown, onClose }: { open: boolean; shown?: StaffInviteAnswer | null; onClose: () => void }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const [answer, setAnswer] = useState<StaffInviteAnswer | null>(null);
  const close = () => {
    setAnswer(null);
    onClose();
  };
  const withLink = answer ?? shown ?? null;
  return (
    <Dialog open={open} labelledBy="invite-title" onClose={close} className="max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))]">
      {withLink?.link ? (
        <InviteLink answer={{ ...withLink, link: withLink.link }} onDone={close} />
      ) : (
        <InviteForm
          onCancel={close}
          onSent={(sent) => {
            if (sent.link) setAnswer(sent);
            else {
              showToast('success', t('inviteDialog.sent', { email: sent.invite.email }));
              close();
            }
          }}
        />
      )}
    </Dialog>
  );
}
