export const sessionsQueryKey = ['account', 'sessions'] as const;
export const passkeysQueryKey = ['account', 'passkeys'] as const;
export const accessQueryKey = ['account', 'access'] as const;

export const passkeyUrl = (passkeyId: string) => `/api/account/passkeys/${encodeURIComponent(passkeyId)}`;
export const preferencesQueryKey = ['account', 'preferences'] as const;
export const accountExportsQueryKey = ['account', 'exports'] as const;
export const accountImportsQueryKey = ['account', 'imports'] as const;
export const accountMoveQueryKey = ['account', 'move'] as const;
