import { can } from '@cardstack/shared/teams/roles';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { useMessages } from '../../lib/i18n/messages';
import { useSessionUser } from '../../lib/session';
import { useTeamMembers } from './api/list-team-members';
import { BulkImport } from './components/bulk-import';
import { InviteForm } from './components/invite-form';
import { MembersTable } from './components/members-table';
import { SeatUsage } from './components/seat-usage';
import { TeamSettingsSection } from './components/team-settings-section';
import { teamMessages } from './messages';

/** settings → user-management: members (accepted / pending), invite, resend, revoke, role, remove, import. */
export default function UserManagementPage() {
  const user = useSessionUser();
  const t = useMessages(teamMessages);
  return (
    <TeamSettingsSection
      titleId="user-management-title"
      title={t('userManagementTitle')}
      description={t('userManagementDescription')}
      feature="userManagement"
      preview={<UserManagementPreview />}
    >
      <UserManagement canImport={can(user, 'manageDigitalCards')} />
    </TeamSettingsSection>
  );
}

function UserManagement({ canImport }: { canImport: boolean }) {
  const members = useTeamMembers();
  const t = useMessages(teamMessages);
  if (members.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('loadingTeam')} />
      </div>
    );
  }
  if (members.isError) {
    return <LoadError message={members.error.message} onRetry={() => void members.refetch()} />;
  }
  const { usage, owner } = members.data;
  const accepted = members.data.members.filter((member) => member.status === 'accepted');
  const pending = members.data.members.filter((member) => member.status === 'pending');
  return (
    <div className="flex flex-col gap-8">
      <SeatUsage usage={usage} />
      <InviteForm />
      <section aria-labelledby="members-title">
        <h3 id="members-title" className="mb-3 text-lg font-semibold">
          {t('membersHeading', { count: accepted.length })}
        </h3>
        <MembersTable members={accepted} ownerName={owner.name} emptyText={t('membersEmpty')} />
      </section>
      <section aria-labelledby="pending-title">
        <h3 id="pending-title" className="mb-3 text-lg font-semibold">
          {t('pendingHeading', { count: pending.length })}
        </h3>
        <MembersTable members={pending} ownerName={owner.name} emptyText={t('pendingEmpty')} />
      </section>
      {canImport ? <BulkImport /> : null}
    </div>
  );
}

function UserManagementPreview() {
  return (
    <div className="flex flex-col gap-4 p-6">
      <div className="h-16 rounded-xl bg-zinc-100" />
      <div className="h-24 rounded-xl bg-zinc-100" />
      <div className="h-40 rounded-xl bg-zinc-100" />
    </div>
  );
}
