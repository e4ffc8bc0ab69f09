import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { registrationModeLabels, registrationModes, registrationPolicy, type RegistrationMode } from '@cardstack/shared/admin/schemas';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { TextareaField } from '../../../components/ui/textarea-field';
import { notify } from '../../../lib/notify';
import { adminApi, adminQueryKey } from '../admin-api';

/** Who may create an account: anyone, invited people only, or addresses of listed email domains. */
export function PolicySection() {
  const queryClient = useQueryClient();
  const policy = useQuery({ queryKey: [...adminQueryKey, 'policy'], queryFn: adminApi.policy, select: (data) => data.policy });
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: adminApi.setPolicy,
    onSuccess: (saved) => {
      queryClient.setQueryData([...adminQueryKey, 'policy'], saved);
      notify.success('Saved.');
    },
    onError: (caught) => setError(caught.message),
  });
  if (!policy.data) return <Spinner />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = registrationPolicy.safeParse({
      mode: form.get('mode') as RegistrationMode,
      domains: String(form.get('domains') ?? '')
        .split(/[\s,]+/)
        .filter(Boolean),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data);
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm">
      <FormAlert message={error} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-zinc-800">Who may sign up</legend>
        {registrationModes.map((mode) => (
          <label key={mode} className="flex items-center gap-2 text-sm">
            <input type="radio" name="mode" value={mode} defaultChecked={policy.data.mode === mode} />
            {registrationModeLabels[mode]}
          </label>
        ))}
      </fieldset>
      <TextareaField
        label="Email domains"
        name="domains"
        rows={3}
        defaultValue={policy.data.domains.join('\n')}
        hint="One per line, such as example.com. Used when sign-up is limited to listed domains. Invited people and operators may always sign up."
      />
      <Button type="submit" isLoading={save.isPending} className="self-start">
        Save
      </Button>
    </form>
  );
}
