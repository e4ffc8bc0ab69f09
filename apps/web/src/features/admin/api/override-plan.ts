import { adminUserResponse, type AdminPlanOverrideInput } from '@cardstack/shared/admin/schemas';
import { api } from '../../../lib/api-client';
import { adminUrl } from './admin-keys';

/** PUT /api/admin/users/{id}/plan: the operator's grant of a plan, team size or card allowance. */
export async function overridePlan(userId: string, input: AdminPlanOverrideInput) {
  return api.put(`${adminUrl('users', userId)}/plan`, adminUserResponse, input);
}
