import { queryOptions, useQuery } from '@tanstack/react-query';
import { registrationPolicyResponse, type RegistrationPolicy } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { adminQueryKey, adminUrl } from './admin-keys';

/* GET and PUT /api/admin/registration-policy: who may create an account. */

export const registrationPolicyQueryKey = [...adminQueryKey, 'policy'] as const;

export async function getRegistrationPolicy() {
  return (await api.get(adminUrl('registration-policy'), registrationPolicyResponse)).policy;
}

export async function saveRegistrationPolicy(policy: RegistrationPolicy) {
  return (await api.put(adminUrl('registration-policy'), registrationPolicyResponse, policy)).policy;
}

export const registrationPolicyQuery = () => queryOptions({ queryKey: registrationPolicyQueryKey, queryFn: getRegistrationPolicy });

export const useRegistrationPolicy = () => useQuery(registrationPolicyQuery());
