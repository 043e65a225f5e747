import { useCallback, useMemo } from 'react';
import { RotateCcw, UserMinus, X } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { keyIn } from '../../app/translation-keys';
import { columnHelper, DataTable } from '../../components/data-table';
import { formatShopTime } from '../../../shared/domain/shop-time';
import { isStaffRole, staffRoles, type StaffRole } from '../../../shared/domain/permissions';
import type { StaffInvite, StaffMember } from '../../../shared/schemas/staff';
import { Badge } from '../admin';

export interface MemberActions {
  /** The signed-in owner's account id: marked "you", their own role and removal left to another owner. */
  me: number | undefined;
  onRole: (member: StaffMember, role: StaffRole) => void;
  onRemove: (member: StaffMember) => void;
}

export interface InviteActions {
  /** The invitation being sent again or withdrawn. */
  busyId: number | undefined;
  onResend: (invite: StaffInvite) => void;
  onWithdraw: (invite: StaffInvite) => void;
}

const memberCol = columnHelper<StaffMember>();
const inviteCol = columnHelper<StaffInvite>();
const memberId = (m: StaffMember) => String(m.id);
const inviteId = (i: StaffInvite) => String(i.id);
const small = 'btn btn-ghost h-8 !px-3 text-xs';

function useDay() {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return useCallback((iso: string) => formatShopTime(iso, lng, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }), [lng]);
}

/** The person's name, and "you" for the signed-in owner. */
function MemberName({ m, me }: { m: StaffMember; me: number | undefined }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <bdi className="font-semibold">{m.name}</bdi>
      {m.id === me && <Badge tone="bg-honey/25 text-amber-dark">{t('staff.you')}</Badge>}
    </span>
  );
}

/** The role as a select: choosing another asks for a confirmation first (it signs the person out), so the select shows the saved role until then. */
function RoleSelect({ m, actions }: { m: StaffMember; actions: MemberActions }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const self = m.id === actions.me;
  return (
    <span className="block">
      <select
        aria-label={t('staff.roleOf', { name: m.name })}
        value={m.role}
        disabled={self}
        aria-describedby={self ? `self-hint-${m.id}` : undefined}
        onChange={(e) => {
          const role = e.target.value;
          if (isStaffRole(role) && role !== m.role) actions.onRole(m, role);
        }}
        className="field !h-9 !w-auto min-w-36 !py-0 text-sm disabled:opacity-70"
      >
        {staffRoles.map((role) => (
          <option key={role} value={role}>
            {t(keyIn('admin-staff:roles', role))}
          </option>
        ))}
      </select>
      {self && (
        <span id={`self-hint-${m.id}`} className="mt-1 block text-xs text-muted">
          {t('staff.selfHint')}
        </span>
      )}
    </span>
  );
}

function RemoveButton({ m, actions }: { m: StaffMember; actions: MemberActions }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  if (m.id === actions.me) return null;
  return (
    <button type="button" className={`${small} text-rose`} aria-label={t('staff.removeOf', { name: m.name })} onClick={() => actions.onRemove(m)}>
      <UserMinus size={14} aria-hidden="true" />
      {t('staff.remove')}
    </button>
  );
}

/** The team: name ("you"), e-mail, role, and removal. Cards on a phone. */
export function MembersTable({ members, actions, failed }: { members: StaffMember[] | undefined; actions: MemberActions; failed?: () => void }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const columns = useMemo(
    () =>
      memberCol.columns([
        memberCol.accessor('name', { header: t('staff.columns.name'), cell: ({ row }) => <MemberName m={row.original} me={actions.me} /> }),
        memberCol.accessor('email', {
          header: t('staff.columns.email'),
          cell: ({ getValue }) => (
            <bdi dir="ltr" className="block max-w-72 truncate">
              {getValue()}
            </bdi>
          ),
        }),
        memberCol.accessor('role', { header: t('staff.columns.role'), cell: ({ row }) => <RoleSelect m={row.original} actions={actions} /> }),
        memberCol.display({
          id: 'actions',
          header: t('staff.columns.actions'),
          meta: { align: 'end', srOnlyHeader: true },
          cell: ({ row }) => <RemoveButton m={row.original} actions={actions} />,
        }),
      ]),
    [t, actions],
  );
  return (
    <DataTable
      label={t('staff.members')}
      columns={columns}
      data={members}
      getRowId={memberId}
      empty={null}
      failed={failed && { message: t('admin:common.loadFailed'), retryLabel: t('admin:common.retry'), onRetry: failed }}
      card={(m) => (
        <div className="grid gap-2 px-4 py-3.5">
          <MemberName m={m} me={actions.me} />
          <bdi dir="ltr" className="block truncate text-sm text-muted">
            {m.email}
          </bdi>
          <span className="flex flex-wrap items-start justify-between gap-2">
            <RoleSelect m={m} actions={actions} />
            <RemoveButton m={m} actions={actions} />
          </span>
        </div>
      )}
      bleed
    />
  );
}

/** Until when the link works, or "Expired" (send it again for 7 more days). */
function Expiry({ invite }: { invite: StaffInvite }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const day = useDay();
  if (invite.expired) return <Badge tone="bg-rose/10 text-rose">{t('staff.expired')}</Badge>;
  return (
    <time dateTime={invite.expiresAt} className="whitespace-nowrap text-muted">
      {day(invite.expiresAt)}
    </time>
  );
}

function InviteButtons({ invite, actions, inCard = false }: { invite: StaffInvite; actions: InviteActions; inCard?: boolean }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const busy = actions.busyId === invite.id;
  return (
    <span className={`flex flex-wrap items-center gap-1.5 ${inCard ? 'justify-start' : 'justify-end'}`}>
      <button
        type="button"
        className={small}
        disabled={busy}
        aria-label={t('staff.sendAgainOf', { email: invite.email })}
        onClick={() => actions.onResend(invite)}
      >
        <RotateCcw size={14} aria-hidden="true" className={busy ? 'animate-spin' : ''} />
        {t('staff.sendAgain')}
      </button>
      <button
        type="button"
        className={`${small} text-rose`}
        disabled={busy}
        aria-label={t('staff.withdrawOf', { email: invite.email })}
        onClick={() => actions.onWithdraw(invite)}
      >
        <X size={14} aria-hidden="true" />
        {t('staff.withdraw')}
      </button>
    </span>
  );
}

/** The invitations not yet used or withdrawn: who, with which role, invited by whom, until when; send again or withdraw. */
export function InvitesTable({ invites, actions, failed }: { invites: StaffInvite[] | undefined; actions: InviteActions; failed?: () => void }) {
  const { t } = useTranslation(['admin-staff', 'admin']);
  const role = useCallback((r: StaffRole) => t(keyIn('admin-staff:roles', r)), [t]);
  const columns = useMemo(
    () =>
      inviteCol.columns([
        inviteCol.accessor('email', {
          header: t('staff.columns.email'),
          cell: ({ getValue }) => (
            <bdi dir="ltr" className="block max-w-64 truncate font-medium">
              {getValue()}
            </bdi>
          ),
        }),
        inviteCol.accessor('name', { header: t('staff.columns.name'), cell: ({ getValue }) => <bdi>{getValue()}</bdi> }),
        inviteCol.accessor('role', { header: t('staff.columns.role'), cell: ({ getValue }) => role(getValue()) }),
        inviteCol.accessor('invitedBy', {
          header: t('staff.columns.invitedBy'),
          cell: ({ getValue }) => (
            <bdi dir="ltr" className="block max-w-52 truncate text-sm text-muted">
              {getValue() ?? t('staff.nobodyInvited')}
            </bdi>
          ),
        }),
        inviteCol.accessor('expiresAt', { header: t('staff.columns.expires'), cell: ({ row }) => <Expiry invite={row.original} /> }),
        inviteCol.display({
          id: 'actions',
          header: t('staff.columns.actions'),
          meta: { align: 'end', srOnlyHeader: true },
          cell: ({ row }) => <InviteButtons invite={row.original} actions={actions} />,
        }),
      ]),
    [t, role, actions],
  );
  return (
    <DataTable
      label={t('staff.invites')}
      columns={columns}
      data={invites}
      getRowId={inviteId}
      empty={t('staff.noInvites')}
      failed={failed && { message: t('admin:common.loadFailed'), retryLabel: t('admin:common.retry'), onRetry: failed }}
      card={(i) => (
        <div className="grid min-w-0 gap-1.5 px-4 py-3.5">
          <bdi dir="ltr" className="block truncate font-medium">
            {i.email}
          </bdi>
          <span className="text-sm">
            <bdi>{i.name}</bdi> · {role(i.role)}
          </span>
          <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
            {t('staff.columns.expires')}: <Expiry invite={i} />
          </span>
          {i.invitedBy && (
            <span className="truncate text-xs text-muted">
              {t('staff.columns.invitedBy')}: <bdi dir="ltr">{i.invitedBy}</bdi>
            </span>
          )}
          <span className="mt-1">
            <InviteButtons invite={i} actions={actions} inCard />
          </span>
        </div>
      )}
      bleed
    />
  );
}
