import { can } from '@cardstack/shared/teams/roles';
import { PaidFeatureGate } from '../../components/paid-feature-gate';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useSessionUser } from '../../lib/session';
import { useTeamMembers } from './api/teams-api';
import { BulkImport } from './components/bulk-import';
import { InviteForm } from './components/invite-form';
import { MembersTable } from './components/members-table';
import { SeatUsage } from './components/seat-usage';

/** settings → user-management: members (accepted / pending), invite, resend, revoke, role, remove, import. */
export default function UserManagementPage() {
  const user = useSessionUser();
  const content = <UserManagement canImport={can(user, 'manageDigitalCards')} />;
  return (
    <section aria-labelledby="user-management-title">
      <h2 id="user-management-title" className="text-xl font-bold">
        User management
      </h2>
      <p className="mt-1 text-sm text-zinc-700">Invite colleagues as admins or employees and manage who is in your team.</p>
      <div className="mt-6">
        {/* The team owner pays for the team; a member's screen depends on the owner's plan, which the server checks. */}
        {user.role === 'owner' ? (
          <PaidFeatureGate feature="userManagement" preview={<UserManagementPreview />}>
            {content}
          </PaidFeatureGate>
        ) : (
          content
        )}
      </div>
    </section>
  );
}

function UserManagement({ canImport }: { canImport: boolean }) {
  const members = useTeamMembers();
  if (members.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading the team" />
      </div>
    );
  }
  if (members.isError) {
    return (
      <div role="alert" className="rounded-2xl bg-white p-8 text-center ring-1 ring-zinc-200">
        <p className="font-semibold">{members.error.message}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void members.refetch()}>
          Try again
        </Button>
      </div>
    );
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
          Members ({accepted.length})
        </h3>
        <MembersTable members={accepted} ownerName={owner.name} emptyText="Nobody has joined yet. Invite someone above." />
      </section>
      <section aria-labelledby="pending-title">
        <h3 id="pending-title" className="mb-3 text-lg font-semibold">
          Pending invitations ({pending.length})
        </h3>
        <MembersTable members={pending} ownerName={owner.name} emptyText="No invitations are waiting." />
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
