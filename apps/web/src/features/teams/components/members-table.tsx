import { useState } from 'react';
import { teamRoles, type TeamRole } from '@cardstack/shared/teams/roles';
import type { TeamMember } from '@cardstack/shared/teams/schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { SelectList } from '../../../components/ui/select-list';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { useChangeRole } from '../api/change-role';
import { useRemoveMember } from '../api/remove-member';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { teamMessages } from '../messages';
import { removalConsequence, roleTitle } from '../team-texts';

export function MembersTable({ members, ownerName, emptyText }: { members: TeamMember[]; ownerName: string; emptyText: string }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [toRemove, setToRemove] = useState<TeamMember | null>(null);
  const [toRevoke, setToRevoke] = useState<TeamMember | null>(null);
  const t = useMessages(teamMessages);
  const format = useFormat();
  const formatDate = (iso: string | null) => (iso ? format.date(iso) : '—');
  const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : t('somethingWentWrong'));

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
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t('membersCaption')}</caption>
          <thead className="border-b border-zinc-200 text-xs tracking-wide text-zinc-700 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                {t('memberColumn')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('roleLabel')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('statusColumn')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('lastLoginColumn')}
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">{t('actionsColumn')}</span>
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
                    roleTitle(t, member.role)
                  ) : (
                    <div className="w-40">
                      <SelectList
                        label={t('roleOf', { name: member.name })}
                        value={member.role}
                        options={teamRoles.map((role) => ({ value: role, label: roleTitle(t, role) }))}
                        disabled={changeRole.isPending}
                        onValueChange={(role) =>
                          void run(() => changeRole.mutateAsync({ memberId: member.id, role: role as TeamRole }), t('roleChanged', { name: member.name, role }))
                        }
                      />
                    </div>
                  )}
                </td>
                <td className="px-4 py-3">
                  {member.status === 'accepted' ? (
                    <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200">{t('statusAccepted')}</span>
                  ) : (
                    <>
                      <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">{t('statusPending')}</span>
                      <span className="mt-1 block text-xs text-zinc-700">
                        {member.invitationExpiresAt && Date.parse(member.invitationExpiresAt) < Date.now()
                          ? t('linkExpired')
                          : t('linkWorksUntil', { date: formatDate(member.invitationExpiresAt) })}
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
                            aria-label={t('resendInvitationTo', { email: member.email })}
                            isLoading={resend.isPending && resend.variables === member.id}
                            onClick={() => void run(() => resend.mutateAsync(member.id), t('invitationSentAgain', { email: member.email }))}
                          >
                            {t('resend')}
                          </Button>
                          <Button variant="ghost" className="text-red-700" aria-label={t('revokeInvitationOf', { email: member.email })} onClick={() => setToRevoke(member)}>
                            {t('revoke')}
                          </Button>
                        </>
                      ) : (
                        <Button variant="ghost" className="text-red-700" aria-label={t('removeMemberNamed', { name: member.name })} onClick={() => setToRemove(member)}>
                          {t('remove')}
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
        title={toRemove ? t('removeTitle', { name: toRemove.name }) : t('removeThisMemberTitle')}
        confirmLabel={t('removeMember')}
        isDanger
        isBusy={remove.isPending}
        onConfirm={() => {
          const member = toRemove;
          if (!member) return;
          void run(() => remove.mutateAsync(member.id), t('memberRemoved', { name: member.name })).then(() => setToRemove(null));
        }}
      >
        {toRemove ? <p>{removalConsequence(t, toRemove, ownerName)}</p> : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => {
          if (!open && !revoke.isPending) setToRevoke(null);
        }}
        title={t('revokeTitle')}
        confirmLabel={t('revokeInvitation')}
        isDanger
        isBusy={revoke.isPending}
        onConfirm={() => {
          const member = toRevoke;
          if (!member) return;
          void run(() => revoke.mutateAsync(member.id), t('invitationRevoked', { email: member.email })).then(() => setToRevoke(null));
        }}
      >
        {toRevoke ? <p>{removalConsequence(t, toRevoke, ownerName)}</p> : null}
      </ConfirmDialog>
    </>
  );
}
