import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { registrationModes, registrationPolicyForm, type RegistrationPolicy } from '@cardstack/shared/admin/schemas';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { TextareaField } from '../../../components/ui/textarea-field';
import { firstMessage, formErrorOf, showServerError } from '../../../lib/form-errors';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { adminMessages } from '../messages';
import { registrationModeMessageIds } from '../message-ids';
import { registrationPolicyQueryKey, saveRegistrationPolicy, useRegistrationPolicy } from '../api/registration-policy';

/** Who may create an account: anyone, invited people only, or addresses of listed email domains. */
export function PolicySection() {
  const t = useMessages(adminMessages);
  const policy = useRegistrationPolicy();
  return policy.data ? <PolicyForm saved={policy.data} /> : <Spinner label={t('loading')} />;
}

function PolicyForm({ saved }: { saved: RegistrationPolicy }) {
  const t = useMessages(adminMessages);
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(registrationPolicyForm),
    defaultValues: { mode: saved.mode, domains: saved.domains.join('\n') },
  });
  const onSubmit = handleSubmit(async (policy) => {
    try {
      queryClient.setQueryData(registrationPolicyQueryKey, await saveRegistrationPolicy(policy));
      notify.success(t('saved'));
    } catch (error) {
      showServerError(error, setError, ['mode', 'domains']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm">
      <FormAlert message={formErrorOf(formState.errors) ?? formState.errors.mode?.message} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-zinc-800">{t('whoMaySignUp')}</legend>
        {registrationModes.map((mode) => (
          <label key={mode} className="flex items-center gap-2 text-sm">
            <input type="radio" value={mode} {...register('mode')} />
            {t(registrationModeMessageIds[mode])}
          </label>
        ))}
      </fieldset>
      <TextareaField
        label={t('emailDomains')}
        rows={3}
        error={firstMessage(formState.errors.domains)}
        hint={t('domainsHint')}
        {...register('domains')}
      />
      <Button type="submit" isLoading={formState.isSubmitting} className="self-start">
        {t('save')}
      </Button>
    </form>
  );
}
