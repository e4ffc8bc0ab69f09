import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ImageSlot } from '@cardstack/shared/cards/images';
import type {
  Card,
  CardListResponse,
  CardResponse,
  CreateCardInput,
  UpdateCardInput,
  UsernameAvailability,
} from '@cardstack/shared/cards/schemas';
import { api, uploadWithProgress } from '../../../lib/api-client';
import { cardAccessQueryKey } from '../../billing/public';

/*
 * Every /api/cards call the SPA makes, with its query keys. Request and response types come from the shared
 * schemas the server validates with.
 */

const cardsQueryKey = ['cards'] as const;
const cardQueryKey = (cardId: string) => ['cards', 'one', cardId] as const;

export function useCards() {
  return useQuery({
    queryKey: cardsQueryKey,
    queryFn: async () => (await api.get<CardListResponse>('/api/cards')).cards,
  });
}

export function useCard(cardId: string) {
  return useQuery({
    queryKey: cardQueryKey(cardId),
    queryFn: async () => (await api.get<CardResponse>(`/api/cards/${encodeURIComponent(cardId)}`)).card,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 1,
  });
}

/** After any change to a card: the list shows it, the editor gets the server's version. */
export function rememberCard(queryClient: QueryClient, card: Card): Promise<void> {
  queryClient.setQueryData(cardQueryKey(card.id), card);
  return queryClient.invalidateQueries({ queryKey: cardsQueryKey, exact: true });
}

const cardUrl = (cardId: string, rest = '') => `/api/cards/${encodeURIComponent(cardId)}${rest}`;

/**
 * The plan's card limit counts the cards and keeps the default: whatever adds, removes or re-ranks
 * a card, or was refused by the limit, reads it again.
 */
const refreshCardAccess = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: cardAccessQueryKey });

export function useCreateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateCardInput) => (await api.post<CardResponse>('/api/cards', input)).card,
    onSuccess: (card) => rememberCard(queryClient, card),
    // Not awaited: the editor opens at once; the list reads the limit again when it is shown.
    onSettled: () => void refreshCardAccess(queryClient),
  });
}

export function useUpdateCard(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateCardInput) => (await api.patch<CardResponse>(cardUrl(cardId), input)).card,
    onSuccess: (card) => rememberCard(queryClient, card),
  });
}

export function useDuplicateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cardId: string) => (await api.post<CardResponse>(cardUrl(cardId, '/duplicate'))).card,
    onSuccess: (card) => rememberCard(queryClient, card),
    onSettled: () => refreshCardAccess(queryClient),
  });
}

export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cardId: string) => (await api.post<CardResponse>(cardUrl(cardId, '/default'))).card,
    // The previous default changed too: every cached card is stale, and the default is the card kept active.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: cardsQueryKey }), refreshCardAccess(queryClient)]),
  });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) => api.delete<{ ok: true }>(cardUrl(cardId)),
    // Only the list: refetching the deleted card while its editor is still on screen would flash "not found".
    // Deleting the default makes another card the default, which the list shows.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: cardsQueryKey, exact: true }), refreshCardAccess(queryClient)]),
  });
}

export async function uploadCardImage(cardId: string, slot: ImageSlot, file: File, onProgress: (fraction: number) => void): Promise<Card> {
  const form = new FormData();
  form.append('file', file);
  return (await uploadWithProgress<CardResponse>(cardUrl(cardId, `/images/${slot}`), form, onProgress)).card;
}

export async function removeCardImage(cardId: string, slot: ImageSlot): Promise<Card> {
  return (await api.delete<CardResponse>(cardUrl(cardId, `/images/${slot}`))).card;
}

export async function uploadCardFile(cardId: string, file: File, onProgress: (fraction: number) => void): Promise<Card> {
  const form = new FormData();
  form.append('file', file);
  return (await uploadWithProgress<CardResponse>(cardUrl(cardId, '/files'), form, onProgress)).card;
}

export async function removeCardFile(cardId: string, fileId: string): Promise<Card> {
  return (await api.delete<CardResponse>(cardUrl(cardId, `/files/${encodeURIComponent(fileId)}`))).card;
}

export async function fetchUsernameAvailability(username: string, cardId: string): Promise<UsernameAvailability> {
  const query = new URLSearchParams({ username, cardId });
  return api.get<UsernameAvailability>(`/api/cards/username-availability?${query}`);
}
