import type { z } from 'zod';
import type {
  adminAuditListResponse,
  adminErrorListResponse,
  adminHealthResponse,
  adminJobListResponse,
  adminMailListResponse,
  adminRequestListResponse,
  AdminPlanOverrideInput,
  AdminUserDetail,
  AdminUserSummary,
  PreorderBatchInput,
  PreorderBatchSummary,
  preorderBatchDetailResponse,
  RegistrationPolicy,
} from '@cardstack/shared/admin/schemas';
import type { DesignRequestStatus } from '@cardstack/shared/design-requests/schemas';
import { api } from '../../lib/api-client';

export const adminQueryKey = ['admin'] as const;

export const adminApi = {
  me: () => api.get<{ isAdmin: boolean }>('/api/admin/me'),
  users: (search: string, page: number) =>
    api.get<{ users: AdminUserSummary[]; total: number }>(`/api/admin/users?${new URLSearchParams({ search, page: String(page) })}`),
  user: (id: string) => api.get<{ user: AdminUserDetail }>(`/api/admin/users/${encodeURIComponent(id)}`),
  overridePlan: (id: string, input: AdminPlanOverrideInput) => api.put<{ user: AdminUserDetail }>(`/api/admin/users/${encodeURIComponent(id)}/plan`, input),
  setDisabled: (id: string, isDisabled: boolean) => api.put<{ user: AdminUserDetail }>(`/api/admin/users/${encodeURIComponent(id)}/disabled`, { isDisabled }),
  batches: () => api.get<{ batches: PreorderBatchSummary[] }>('/api/admin/preorder-batches'),
  createBatch: (input: PreorderBatchInput) => api.post<z.infer<typeof preorderBatchDetailResponse>>('/api/admin/preorder-batches', input),
  batch: (id: string) => api.get<z.infer<typeof preorderBatchDetailResponse>>(`/api/admin/preorder-batches/${encodeURIComponent(id)}`),
  batchCsvUrl: (id: string) => `/api/admin/preorder-batches/${encodeURIComponent(id)}/csv`,
  policy: () => api.get<{ policy: RegistrationPolicy }>('/api/admin/registration-policy'),
  setPolicy: (policy: RegistrationPolicy) => api.put<{ policy: RegistrationPolicy }>('/api/admin/registration-policy', policy),
  requests: (status?: DesignRequestStatus) =>
    api.get<z.infer<typeof adminRequestListResponse>>(`/api/admin/requests${status ? `?status=${status}` : ''}`),
  setRequestStatus: (id: string, status: DesignRequestStatus) => api.put(`/api/admin/requests/${encodeURIComponent(id)}/status`, { status }),
  mail: () => api.get<z.infer<typeof adminMailListResponse>>('/api/admin/mail'),
  jobs: () => api.get<z.infer<typeof adminJobListResponse>>('/api/admin/jobs'),
  retryJob: (id: string) => api.post(`/api/admin/jobs/${encodeURIComponent(id)}/retry`),
  errors: () => api.get<z.infer<typeof adminErrorListResponse>>('/api/admin/errors'),
  health: () => api.get<z.infer<typeof adminHealthResponse>>('/api/admin/health'),
  audit: () => api.get<z.infer<typeof adminAuditListResponse>>('/api/admin/audit'),
};
