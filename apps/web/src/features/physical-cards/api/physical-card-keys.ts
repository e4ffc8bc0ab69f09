export const physicalCardsQueryKey = ['physical-cards'] as const;

export const preorderUrl = (preorderId: string, rest = '') => `/api/physical-cards/preorders/${encodeURIComponent(preorderId)}${rest}`;
export const physicalCardUrl = (preorderId: string, rest: string) => `/api/physical-cards/${encodeURIComponent(preorderId)}${rest}`;
