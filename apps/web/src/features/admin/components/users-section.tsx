import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { adminPlanOverrideForm, adminUserListQuery, adminUserPlans, type AdminUserDetail } from '@cardstack/shared/admin/schemas';
import { planTitles } from '@cardstack/shared/plans/plans';
import { teamTiers } from '@cardstack/shared/plans/prices';
import { Button } from '../../../components/ui/button';
import { FieldFrame } from '../../../components/ui/field-frame';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField } from '../../../components/ui/input-field';
import { Spinner } from '../../../components/ui/spinner';
import { formErrorOf, showServerError } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { rememberUser, useAdminUser } from '../api/get-user';
import { useAdminUsers } from '../api/list-users';
import { overridePlan } from '../api/override-plan';
import { useSetUserDisabled } from '../api/set-user-disabled';
import { DataTable, formatTime } from './table';

const planLabel = (plan: string) => (planTitles as Record<string, string>)[plan] ?? plan;
const searchForm = adminUserListQuery.pick({ search: true });

/** Users: search, open one, override the plan or card allowance, disable the account. */
export function UsersSection() {
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const users = useAdminUsers(search);
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(searchForm), defaultValues: { search: '' } });
  return (
    <>
      <form role="search" onSubmit={handleSubmit((values) => setSearch(values.search))} noValidate className="flex items-end gap-2">
        <InputField label="Search by name or email" type="search" className="flex-1" error={formState.errors.search?.message} {...register('search')} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {users.data ? (
        <>
          <p className="text-sm text-zinc-600">{users.data.total} account(s)</p>
          <DataTable
            caption="Accounts"
            headers={['Email', 'Name', 'Plan', 'Created', 'State', '']}
            rows={users.data.users.map((user) => [
              user.email,
              user.name,
              planLabel(user.plan),
              formatTime(user.createdAt),
              [user.isAdmin ? 'Operator' : '', user.isDisabled ? 'Disabled' : 'Active'].filter(Boolean).join(', '),
              <Button variant="secondary" aria-label={`Open ${user.email}`} onClick={() => setOpenId(user.id)}>
                Open
              </Button>,
            ])}
          />
        </>
      ) : (
        <Spinner />
      )}
      {openId ? <UserDetail key={openId} userId={openId} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}

function UserDetail({ userId, onClose }: { userId: string; onClose: () => void }) {
  const user = useAdminUser(userId);
  const [error, setError] = useState<string>();
  const disable = useSetUserDisabled(userId, { onSuccess: () => notify.success('Saved.'), onError: (caught) => setError(caught.message) });
  if (!user.data) return <Spinner />;
  const detail = user.data.user;

  return (
    <section aria-label={`Account ${detail.email}`} className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h3 className="text-lg font-semibold">{detail.name || detail.email}</h3>
          <p className="text-sm text-zinc-700">
            {detail.email} · {detail.emailVerified ? 'address confirmed' : 'address not confirmed'} · {detail.cardCount} card(s) · plan{' '}
            {planLabel(detail.plan)}
            {detail.isDisabled ? ' · disabled' : ''}
          </p>
        </div>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <FormAlert message={error} />
      <PlanForm detail={detail} />
      <div>
        <Button variant={detail.isDisabled ? 'secondary' : 'danger'} isLoading={disable.isPending} onClick={() => disable.mutate(!detail.isDisabled)}>
          {detail.isDisabled ? 'Enable account' : 'Disable account'}
        </Button>
      </div>
    </section>
  );
}

/** The operator's grant: a plan, a Teams size, a card allowance. */
function PlanForm({ detail }: { detail: AdminUserDetail }) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(adminPlanOverrideForm),
    defaultValues: {
      plan: (detail.operatorGrant?.plan ?? 'basic') as (typeof adminUserPlans)[number],
      teamTier: String(detail.operatorGrant?.teamTier ?? ''),
      cardLimitation: String(detail.cardLimitation ?? ''),
    },
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      await rememberUser(queryClient, detail.id, await overridePlan(detail.id, input));
      notify.success('Saved.');
    } catch (caught) {
      showServerError(caught, setError, ['plan', 'teamTier', 'cardLimitation']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-4 sm:items-end">
        <FormAlert message={formErrorOf(formState.errors)} />
        <FieldFrame label="Granted plan" error={formState.errors.plan?.message}>
          {(control) => (
            <select {...control} {...register('plan')}>
              {adminUserPlans.map((value) => (
                <option key={value} value={value}>
                  {value === 'basic' ? 'None (what they pay for)' : planLabel(value)}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <FieldFrame label="Teams size" error={formState.errors.teamTier?.message}>
          {(control) => (
            <select {...control} {...register('teamTier')}>
              <option value="">—</option>
              {teamTiers.map((tier) => (
                <option key={tier} value={tier}>
                  Up to {tier} cards
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <InputField
          label="card_limitation"
          type="number"
          min={0}
          hint="Card allowance; empty: the plan's."
          error={formState.errors.cardLimitation?.message}
          {...register('cardLimitation')}
        />
        <Button type="submit" isLoading={formState.isSubmitting}>
          Save plan
        </Button>
    </form>
  );
}
