import { useState } from 'react';
import { roleTitles, teamRoles, type TeamRole } from '@cardstack/shared/teams/roles';
import type { TeamMember } from '@cardstack/shared/teams/schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { SelectList } from '../../../components/ui/select-list';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useChangeRole } from '../api/change-role';
import { useRemoveMember } from '../api/remove-member';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { removalConsequence } from '../team-texts';

const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '—');

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');

export function MembersTable({ members, ownerName, emptyText }: { members: TeamMember[]; ownerName: string; emptyText: string }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [toRemove, setToRemove] = useState<TeamMember | null>(null);
  const [toRevoke, setToRevoke] = useState<TeamMember | null>(null);

  async function run(action: () => Promise<unknown>, success: string): Promise<boolean> {
    try {
      await action();
      notify.success(success);
      return true;
    } catch (error) {
      notify.alert(messageOf(error));
      return false;
    }
  }

  if (members.length === 0) {
    return <p className="rounded-2xl border border-dashed border-zinc-300 bg-white p-6 text-center text-zinc-700">{emptyText}</p>;
  }

  return (
    <>
      <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-zinc-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Team members</caption>
          <thead className="border-b border-zinc-200 text-xs tracking-wide text-zinc-700 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">Member</th>
              <th scope="col" className="px-4 py-3">Role</th>
              <th scope="col" className="px-4 py-3">Status</th>
              <th scope="col" className="px-4 py-3">Last login</th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.id} className="border-b border-zinc-100 last:border-0">
                <th scope="row" className="px-4 py-3 font-normal">
                  <span className="block font-semibold">{member.name}</span>
                  <span className="block text-zinc-700">{member.email}</span>
                </th>
                <td className="px-4 py-3">
                  {member.isYou ? (
                    roleTitles[member.role]
                  ) : (
                    <div className="w-40">
                      <SelectList
                        label={`Role of ${member.name}`}
                        value={member.role}
                        options={teamRoles.map((role) => ({ value: role, label: roleTitles[role] }))}
                        disabled={changeRole.isPending}
                        onValueChange={(role) =>
                          void run(() => changeRole.mutateAsync({ memberId: member.id, role: role as TeamRole }), `${member.name} is now ${roleTitles[role as TeamRole].toLowerCase()}.`)
                        }
                      />
                    </div>
                  )}
                </td>
                <td className="px-4 py-3">
                  {member.status === 'accepted' ? (
                    <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200">Accepted</span>
                  ) : (
                    <>
                      <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">Pending</span>
                      <span className="mt-1 block text-xs text-zinc-700">
                        {member.invitationExpiresAt && Date.parse(member.invitationExpiresAt) < Date.now()
                          ? 'Link expired'
                          : `Link works until ${formatDate(member.invitationExpiresAt)}`}
                      </span>
                    </>
                  )}
                </td>
                <td className="px-4 py-3">{formatDate(member.lastLoginAt)}</td>
                <td className="px-4 py-3">
                  {member.isYou ? null : (
                    <div className="flex flex-wrap justify-end gap-2">
                      {member.status === 'pending' ? (
                        <>
                          <Button
                            variant="secondary"
                            aria-label={`Resend invitation to ${member.email}`}
                            isLoading={resend.isPending && resend.variables === member.id}
                            onClick={() => void run(() => resend.mutateAsync(member.id), `Invitation sent again to ${member.email}.`)}
                          >
                            Resend
                          </Button>
                          <Button variant="ghost" className="text-red-700" aria-label={`Revoke invitation of ${member.email}`} onClick={() => setToRevoke(member)}>
                            Revoke
                          </Button>
                        </>
                      ) : (
                        <Button variant="ghost" className="text-red-700" aria-label={`Remove ${member.name}`} onClick={() => setToRemove(member)}>
                          Remove
                        </Button>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setToRemove(null);
        }}
        title={`Remove ${toRemove?.name ?? 'this member'} from the team?`}
        confirmLabel="Remove member"
        isDanger
        isBusy={remove.isPending}
        onConfirm={() => {
          const member = toRemove;
          if (!member) return;
          void run(() => remove.mutateAsync(member.id), `${member.name} was removed from the team.`).then(() => setToRemove(null));
        }}
      >
        {toRemove ? <p>{removalConsequence(toRemove, ownerName)}</p> : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => {
          if (!open && !revoke.isPending) setToRevoke(null);
        }}
        title="Revoke this invitation?"
        confirmLabel="Revoke invitation"
        isDanger
        isBusy={revoke.isPending}
        onConfirm={() => {
          const member = toRevoke;
          if (!member) return;
          void run(() => revoke.mutateAsync(member.id), `The invitation of ${member.email} was revoked.`).then(() => setToRevoke(null));
        }}
      >
        {toRevoke ? <p>{removalConsequence(toRevoke, ownerName)}</p> : null}
      </ConfirmDialog>
    </>
  );
}
