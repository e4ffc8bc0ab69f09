import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { normaliseRolesMatrix, permissions, teamRoles } from '@cardstack/shared/teams/roles';
import { rolesMatrixSchema, type RolesMatrixInput, type RolesResponse } from '@cardstack/shared/teams/schemas';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useMessages } from '../../lib/i18n/messages';
import { notify } from '../../lib/notify';
import { useSaveRoles, useTeamRoles } from './api/team-roles';
import { TeamSettingsSection } from './components/team-settings-section';
import { teamMessages } from './messages';
import { permissionTextIds, roleTitle } from './team-texts';

/** settings → roles: the team's permission matrix, which permissions admins and employees have. */
export default function RolesPage() {
  const t = useMessages(teamMessages);
  return (
    <TeamSettingsSection
      titleId="roles-title"
      title={t('rolesTitle')}
      description={t('rolesDescription')}
      feature="roles"
      preview={<div className="h-64 rounded-xl bg-zinc-100" />}
    >
      <RolesEditor />
    </TeamSettingsSection>
  );
}

function RolesEditor() {
  const roles = useTeamRoles();
  const t = useMessages(teamMessages);
  if (roles.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('loadingRoles')} />
      </div>
    );
  }
  if (roles.isError) {
    return <LoadError message={roles.error.message} onRetry={() => void roles.refetch()} />;
  }
  // A new editor whenever the stored matrix changes: the checkboxes start from what is saved.
  return <RolesMatrixForm key={JSON.stringify(roles.data)} saved={roles.data} />;
}

function RolesMatrixForm({ saved }: { saved: RolesResponse }) {
  const save = useSaveRoles();
  const t = useMessages(teamMessages);
  // Each role's list in canonical order: the title row first, then one row per permission, so row i + 1 is permissions[i].
  const { register, handleSubmit, reset, formState } = useForm<RolesMatrixInput>({
    resolver: zodResolver(rolesMatrixSchema),
    defaultValues: normaliseRolesMatrix(saved),
  });

  const onSubmit = handleSubmit(async (matrix) => {
    try {
      reset(normaliseRolesMatrix(await save.mutateAsync(matrix)));
      notify.success(t('rolesSaved'));
    } catch (error) {
      notify.alert(error instanceof ApiError ? error.message : t('rolesNotSaved'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={formState.isSubmitting}>
        <legend className="sr-only">{t('permissionsOfEachRole')}</legend>
        <div className="overflow-x-auto rounded-2xl bg-white ring-1 ring-zinc-200">
          <table className="w-full text-start text-sm">
            <thead className="border-b border-zinc-200">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t('permissionColumn')}
                </th>
                {/* The title row of each list: it names the role and is never checked. */}
                {teamRoles.map((role) => (
                  <th key={role} scope="col" className="px-4 py-3 text-center">
                    {roleTitle(t, role)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {permissions.map((permission, index) => (
                <tr key={permission} className="border-b border-zinc-100 last:border-0">
                  <th scope="row" className="px-4 py-3 font-normal">
                    <span className="block font-semibold">{t(permissionTextIds[permission].label)}</span>
                    <span className="block text-zinc-700">{t(permissionTextIds[permission].description)}</span>
                  </th>
                  {teamRoles.map((role) => (
                    <td key={role} className="px-4 py-3 text-center">
                      <input
                        type="checkbox"
                        className="h-5 w-5 accent-brand-600"
                        aria-label={t('rolePermission', { role: roleTitle(t, role), permission: t(permissionTextIds[permission].label) })}
                        {...register(`${role}.${index + 1}.checked`)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>
      <div className="mt-4 flex items-center justify-end gap-3">
        <p className="me-auto text-sm text-zinc-700" role="status">
          {formState.isDirty ? t('unsavedChanges') : null}
        </p>
        <Button type="submit" isLoading={formState.isSubmitting} disabled={!formState.isDirty}>
          {t('saveRoles')}
        </Button>
      </div>
    </form>
  );
}
