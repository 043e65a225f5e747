import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { keyIn } from '../../app/translation-keys';
import { useAppSelector } from '../../app/hooks';
import { failureOf } from '../../app/api-failure';
import { showToast } from '../../components/ui/toast';
import type { StaffRole } from '../../../shared/domain/permissions';
import type { StaffInvite, StaffInviteAnswer, StaffMember } from '../../../shared/schemas/staff';
import { AdminPage, Card } from '../admin';
import { ConfirmDialog } from '../admin-products';
import { useGetStaffQuery, useRemoveStaffMutation, useResendInviteMutation, useSetStaffRoleMutation, useWithdrawInviteMutation } from './api';
import { InviteDialog, useStaffErrorText } from './invite-dialog';
import { InvitesTable, MembersTable, type InviteActions, type MemberActions } from './staff-tables';

/** A change of a person's role or their removal, waiting for the owner's confirmation. */
type Pending = { kind: 'role'; member: StaffMember; role: StaffRole } | { kind: 'remove'; member: StaffMember };

/**
 * The role change and the removal, each behind a confirmation that says what happens: the person
 * is signed out everywhere (and, removed, keeps a customer's account).
 */
export function StaffConfirm({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const errorText = useStaffErrorText();
  const [setRole, role] = useSetStaffRoleMutation();
  const [remove, removal] = useRemoveStaffMutation();
  const confirm = async () => {
    if (!pending) return;
    const { member } = pending;
    try {
      if (pending.kind === 'role') {
        await setRole({ id: member.id, role: pending.role }).unwrap();
        showToast('success', t('staff.roleChanged', { email: member.email, role: t(keyIn('admin-staff:roles', pending.role)) }));
      } else {
        await remove(member.id).unwrap();
        showToast('success', t('staff.removed', { email: member.email }));
      }
    } catch (e) {
      showToast('error', errorText(failureOf(e).code) ?? '');
    }
    onClose();
  };
  const name = pending?.member.name ?? '';
  const email = pending?.member.email ?? '';
  return (
    <ConfirmDialog
      open={pending !== null}
      tone={pending?.kind === 'role' ? 'primary' : 'danger'}
      busy={role.isLoading || removal.isLoading}
      title={pending?.kind === 'role' ? t('staff.roleTitle', { name, role: t(keyIn('admin-staff:roles', pending.role)) }) : t('staff.removeTitle', { name })}
      confirmLabel={pending?.kind === 'role' ? t('staff.roleConfirm') : t('staff.removeConfirm')}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {pending?.kind === 'role' && (
        <p data-testid="role-confirm-text">{t('staff.roleText', { email, description: t(keyIn('admin-staff:roleDescriptions', pending.role)) })}</p>
      )}
      {pending?.kind === 'remove' && <p data-testid="remove-confirm-text">{t('staff.removeText', { email })}</p>}
    </ConfirmDialog>
  );
}

/** `/admin/staff`: the team with their roles, the open invitations, and "Invite a person" (the owner's page). */
export default function StaffPage() {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const me = useAppSelector((s) => s.user.user?.id);
  const errorText = useStaffErrorText();
  const { data, isError, refetch } = useGetStaffQuery(undefined, { refetchOnMountOrArgChange: true });
  const [resend] = useResendInviteMutation();
  const [withdraw] = useWithdrawInviteMutation();
  const [inviting, setInviting] = useState(false);
  const [shownLink, setShownLink] = useState<StaffInviteAnswer | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busyInvite, setBusyInvite] = useState<number>();

  const failed = (e: unknown) => {
    showToast('error', errorText(failureOf(e).code) ?? '');
    void refetch();
  };
  const memberActions: MemberActions = {
    me,
    onRole: (member, role) => setPending({ kind: 'role', member, role }),
    onRemove: (member) => setPending({ kind: 'remove', member }),
  };
  const inviteActions: InviteActions = {
    busyId: busyInvite,
    onResend: (invite: StaffInvite) => {
      setBusyInvite(invite.id);
      resend(invite.id)
        .unwrap()
        .then((answer) => {
          if (answer.link) setShownLink(answer);
          else showToast('success', t('staff.resent', { email: invite.email }));
        })
        .catch(failed)
        .finally(() => setBusyInvite(undefined));
    },
    onWithdraw: (invite: StaffInvite) => {
      setBusyInvite(invite.id);
      withdraw(invite.id)
        .unwrap()
        .then(() => showToast('success', t('staff.withdrawn', { email: invite.email })))
        .catch(failed)
        .finally(() => setBusyInvite(undefined));
    },
  };

  return (
    <AdminPage
      title={t('staff.title')}
      subtitle={t('staff.subtitle')}
      actions={
        <button type="button" className="btn btn-primary !py-2.5 text-sm" onClick={() => setInviting(true)}>
          <UserPlus size={16} aria-hidden="true" />
          {t('staff.invite')}
        </button>
      }
    >
      <div className="grid gap-6">
        <Card
          title={t('staff.members')}
          actions={data && <span className="text-sm text-muted">{t('staff.membersCount', { count: data.members.length })}</span>}
          className="!p-0 overflow-hidden [&>div:first-child]:mb-0 [&>div:first-child]:px-5 [&>div:first-child]:py-4"
        >
          <div className="border-t border-line/70">
            <MembersTable members={data?.members} actions={memberActions} failed={isError && !data ? () => void refetch() : undefined} />
          </div>
        </Card>
        <Card title={t('staff.invites')} className="!p-0 overflow-hidden [&>div:first-child]:mb-0 [&>div:first-child]:px-5 [&>div:first-child]:py-4">
          <div className="border-t border-line/70">
            <InvitesTable invites={data?.invites} actions={inviteActions} failed={isError && !data ? () => void refetch() : undefined} />
          </div>
        </Card>
      </div>
      <InviteDialog
        open={inviting || shownLink !== null}
        shown={shownLink}
        onClose={() => {
          setInviting(false);
          setShownLink(null);
        }}
      />
      <StaffConfirm pending={pending} onClose={() => setPending(null)} />
    </AdminPage>
  );
}
