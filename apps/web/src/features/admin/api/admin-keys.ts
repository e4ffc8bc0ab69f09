/** Every query of the operator console sits under one key: the console's data is read again together. */
export const adminQueryKey = ['admin'] as const;

export const adminUrl = (path: string, id?: string) => `/api/admin/${path}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;
