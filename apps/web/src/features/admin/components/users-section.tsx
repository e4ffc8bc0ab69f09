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
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { rememberUser, useAdminUser } from '../api/get-user';
import { useAdminUsers } from '../api/list-users';
import { overridePlan } from '../api/override-plan';
import { useSetUserDisabled } from '../api/set-user-disabled';
import { adminMessages } from '../messages';
import { DataTable, useFormatTime } from './table';

const planLabel = (plan: string) => (planTitles as Record<string, string>)[plan] ?? plan;
const searchForm = adminUserListQuery.pick({ search: true });

/** Users: search, open one, override the plan or card allowance, disable the account. */
export function UsersSection() {
  const t = useMessages(adminMessages);
  const formatTime = useFormatTime();
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const users = useAdminUsers(search);
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(searchForm), defaultValues: { search: '' } });
  return (
    <>
      <form role="search" onSubmit={handleSubmit((values) => setSearch(values.search))} noValidate className="flex items-end gap-2">
        <InputField label={t('searchLabel')} type="search" className="flex-1" error={formState.errors.search?.message} {...register('search')} />
        <Button type="submit" variant="secondary">
          {t('search')}
        </Button>
      </form>
      {users.data ? (
        <>
          <p className="text-sm text-zinc-600">{t('accountCount', { count: users.data.total })}</p>
          <DataTable
            caption={t('accountsCaption')}
            headers={[t('colEmail'), t('colName'), t('colPlan'), t('colCreated'), t('colState'), '']}
            rows={users.data.users.map((user) => [
              user.email,
              user.name,
              planLabel(user.plan),
              formatTime(user.createdAt),
              t(user.isAdmin ? (user.isDisabled ? 'stateOperatorDisabled' : 'stateOperatorActive') : user.isDisabled ? 'stateDisabled' : 'stateActive'),
              <Button variant="secondary" aria-label={t('openUser', { email: user.email })} onClick={() => setOpenId(user.id)}>
                {t('open')}
              </Button>,
            ])}
          />
        </>
      ) : (
        <Spinner label={t('loading')} />
      )}
      {openId ? <UserDetail key={openId} userId={openId} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}

function UserDetail({ userId, onClose }: { userId: string; onClose: () => void }) {
  const t = useMessages(adminMessages);
  const user = useAdminUser(userId);
  const [error, setError] = useState<string>();
  const disable = useSetUserDisabled(userId, { onSuccess: () => notify.success(t('saved')), onError: (caught) => setError(caught.message) });
  if (!user.data) return <Spinner label={t('loading')} />;
  const detail = user.data.user;

  return (
    <section aria-label={t('accountRegion', { email: detail.email })} className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h3 className="text-lg font-semibold">{detail.name || detail.email}</h3>
          <p className="text-sm text-zinc-700">
            {[
              detail.email,
              t(detail.emailVerified ? 'addressConfirmed' : 'addressNotConfirmed'),
              t('cardCount', { count: detail.cardCount }),
              t('planOf', { plan: planLabel(detail.plan) }),
              ...(detail.isDisabled ? [t('disabledNote')] : []),
            ].join(' · ')}
          </p>
        </div>
        <Button variant="ghost" onClick={onClose}>
          {t('close')}
        </Button>
      </div>
      <FormAlert message={error} />
      <PlanForm detail={detail} />
      <div>
        <Button variant={detail.isDisabled ? 'secondary' : 'danger'} isLoading={disable.isPending} onClick={() => disable.mutate(!detail.isDisabled)}>
          {detail.isDisabled ? t('enableAccount') : t('disableAccount')}
        </Button>
      </div>
    </section>
  );
}

/** The operator's grant: a plan, a Teams size, a card allowance. */
function PlanForm({ detail }: { detail: AdminUserDetail }) {
  const t = useMessages(adminMessages);
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
      notify.success(t('saved'));
    } catch (caught) {
      showServerError(caught, setError, ['plan', 'teamTier', 'cardLimitation']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-4 sm:items-end">
        <FormAlert message={formErrorOf(formState.errors)} />
        <FieldFrame label={t('grantedPlan')} error={formState.errors.plan?.message}>
          {(control) => (
            <select {...control} {...register('plan')}>
              {adminUserPlans.map((value) => (
                <option key={value} value={value}>
                  {value === 'basic' ? t('noGrant') : planLabel(value)}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <FieldFrame label={t('teamsSize')} error={formState.errors.teamTier?.message}>
          {(control) => (
            <select {...control} {...register('teamTier')}>
              <option value="">—</option>
              {teamTiers.map((tier) => (
                <option key={tier} value={tier}>
                  {t('upToCards', { tier })}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <InputField
          label="card_limitation"
          type="number"
          min={0}
          hint={t('cardLimitationHint')}
          error={formState.errors.cardLimitation?.message}
          {...register('cardLimitation')}
        />
        <Button type="submit" isLoading={formState.isSubmitting}>
          {t('savePlan')}
        </Button>
    </form>
  );
}
