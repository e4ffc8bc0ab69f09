import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminUserPlans, type AdminUserDetail } from '@cardstack/shared/admin/schemas';
import { planTitles } from '@cardstack/shared/plans/plans';
import { teamTiers } from '@cardstack/shared/plans/prices';
import { Button } from '../../../components/ui/button';
import { FieldFrame } from '../../../components/ui/field-frame';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField } from '../../../components/ui/input-field';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { adminApi, adminQueryKey } from '../admin-api';
import { DataTable, formatTime } from './table';

const planLabel = (plan: string) => (planTitles as Record<string, string>)[plan] ?? plan;

/** Users: search, open one, override the plan or card allowance, disable the account. */
export function UsersSection() {
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const users = useQuery({ queryKey: [...adminQueryKey, 'users', search], queryFn: () => adminApi.users(search, 1) });
  return (
    <>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(String(new FormData(event.currentTarget).get('search') ?? '').trim());
        }}
        className="flex items-end gap-2"
      >
        <InputField label="Search by name or email" name="search" type="search" className="flex-1" />
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
  const queryClient = useQueryClient();
  const user = useQuery({ queryKey: [...adminQueryKey, 'user', userId], queryFn: () => adminApi.user(userId), select: (data) => data.user });
  const [error, setError] = useState<string>();
  const refresh = (updated: { user: AdminUserDetail }) => {
    queryClient.setQueryData([...adminQueryKey, 'user', userId], updated);
    notify.success('Saved.');
    return queryClient.invalidateQueries({ queryKey: [...adminQueryKey, 'users'] });
  };
  const plan = useMutation({
    mutationFn: (input: Parameters<typeof adminApi.overridePlan>[1]) => adminApi.overridePlan(userId, input),
    onSuccess: refresh,
    onError: (caught) => setError(caught.message),
  });
  const disable = useMutation({
    mutationFn: (isDisabled: boolean) => adminApi.setDisabled(userId, isDisabled),
    onSuccess: refresh,
    onError: (caught) => setError(caught.message),
  });
  if (!user.data) return <Spinner />;
  const detail = user.data;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    const form = new FormData(event.currentTarget);
    const number = (name: string) => {
      const value = String(form.get(name) ?? '').trim();
      return value === '' ? null : Number(value);
    };
    plan.mutate({ plan: form.get('plan') as (typeof adminUserPlans)[number], teamTier: number('teamTier'), cardLimitation: number('cardLimitation') });
  }

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
      <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-4 sm:items-end">
        <FieldFrame label="Granted plan">
          {(control) => (
            <select {...control} name="plan" defaultValue={detail.operatorGrant?.plan ?? 'basic'}>
              {adminUserPlans.map((value) => (
                <option key={value} value={value}>
                  {value === 'basic' ? 'None (what they pay for)' : planLabel(value)}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <FieldFrame label="Teams size">
          {(control) => (
            <select {...control} name="teamTier" defaultValue={String(detail.operatorGrant?.teamTier ?? '')}>
              <option value="">—</option>
              {teamTiers.map((tier) => (
                <option key={tier} value={tier}>
                  Up to {tier} cards
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <InputField label="card_limitation" name="cardLimitation" type="number" min={0} defaultValue={detail.cardLimitation ?? ''} hint="Card allowance; empty: the plan's." />
        <Button type="submit" isLoading={plan.isPending}>
          Save plan
        </Button>
      </form>
      <div>
        <Button variant={detail.isDisabled ? 'secondary' : 'danger'} isLoading={disable.isPending} onClick={() => disable.mutate(!detail.isDisabled)}>
          {detail.isDisabled ? 'Enable account' : 'Disable account'}
        </Button>
      </div>
    </section>
  );
}
