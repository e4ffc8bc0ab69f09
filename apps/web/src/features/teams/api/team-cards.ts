import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cardResponse } from '@cardstack/shared/cards/schemas';
import { teamCardsResponse, type CreateTeamCardInput } from '@cardstack/shared/teams/schemas';
import { api } from '../../../lib/api-client';
import { teamCardsQueryKey } from './team-keys';

/* GET and POST /api/teams/cards: the team's cards, and a card made for a member. */

export function listTeamCards() {
  return api.get('/api/teams/cards', teamCardsResponse);
}

export async function createTeamCard(input: CreateTeamCardInput) {
  return (await api.post('/api/teams/cards', cardResponse, input)).card;
}

export const teamCardsQuery = () => queryOptions({ queryKey: teamCardsQueryKey, queryFn: listTeamCards });

export const useTeamCards = () => useQuery(teamCardsQuery());

export function useCreateTeamCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeamCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamCardsQueryKey }),
  });
}
