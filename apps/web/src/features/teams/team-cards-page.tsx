import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TeamCard } from '@cardstack/shared/teams/schemas';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SelectList } from '../../components/ui/select-list';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useMessages } from '../../lib/i18n/messages';
import { notify } from '../../lib/notify';
import { CardGrid, teamCardEditorPath } from '../cards/public';
import { PhysicalCardsPanel } from '../physical-cards/public';
import { useCreateTeamCard, useTeamCards } from './api/team-cards';
import { teamCardsQueryKey } from './api/team-keys';
import { SeatUsage } from './components/seat-usage';
import { teamMessages } from './messages';

/**
 * /customize/teams-cards: the team's cards whose owner is not the signed-in user, newest first,
 * each with the member it is for. The card actions are the cards feature's own; the server decides access.
 */
export default function TeamCardsPage() {
  const navigate = useNavigate();
  const t = useMessages(teamMessages);
  const queryClient = useQueryClient();
  const teamCards = useTeamCards();
  const createCard = useCreateTeamCard();
  const [memberId, setMemberId] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamCardsQueryKey });

  async function create() {
    const member = teamCards.data?.members.find((candidate) => candidate.id === memberId);
    if (!member) return;
    try {
      const card = await createCard.mutateAsync({ memberId: member.id, name: member.name, email: member.email });
      notify.success(t('cardCreated'));
      navigate(teamCardEditorPath(card.id));
    } catch (error) {
      notify.alert(error instanceof ApiError ? error.message : t('cardNotCreated'));
    }
  }

  let content;
  if (teamCards.isPending) {
    content = (
      <div className="mt-10 flex justify-center">
        <Spinner label={t('loadingTeamCards')} />
      </div>
    );
  } else if (teamCards.isError) {
    content = <LoadError message={t('teamCardsNotLoaded')} onRetry={() => void teamCards.refetch()} className="mt-6" />;
  } else {
    const { cards, members, usage } = teamCards.data;
    content = (
      <>
        <div className="mt-6">
          <SeatUsage usage={usage} />
        </div>
        <div className="mt-6 flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
          <div className="w-72">
            <SelectList
              label={t('memberLabel')}
              placeholder={members.length === 0 ? t('nobodyJoinedYet') : t('chooseMember')}
              value={memberId}
              disabled={members.length === 0}
              options={members.map((member) => ({ value: member.id, label: `${member.name} (${member.email})` }))}
              onValueChange={setMemberId}
            />
          </div>
          <Button onClick={() => void create()} isLoading={createCard.isPending} disabled={!memberId}>
            {t('createCardForMember')}
          </Button>
        </div>
        {cards.length === 0 ? (
          <p className="mt-6 rounded-2xl border border-dashed border-zinc-300 bg-white p-10 text-center text-zinc-700">
            {t('noTeamCards')}
          </p>
        ) : (
          <CardGrid
            cards={cards}
            label={t('teamCardsTitle')}
            pagesLabel={t('teamCardsPages')}
            editorPath={teamCardEditorPath}
            caption={(card) => <TeamCardCaption card={card} />}
            onChanged={() => void refresh()}
          />
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="team-cards-title">
      <PageHeader
        titleId="team-cards-title"
        title={t('teamCardsTitle')}
        subtitle={<p className="mt-1 text-sm text-zinc-700">{t('teamCardsSubtitle')}</p>}
      />
      {content}
      <PhysicalCardsPanel
        scope="team"
        cards={(teamCards.data?.cards ?? []).map((card) => ({ id: card.id, label: `${card.title || card.name || t('untitledCard')}${card.member ? ` (${card.member.name})` : ''}` }))}
      />
    </section>
  );
}

function TeamCardCaption({ card }: { card: TeamCard }) {
  const t = useMessages(teamMessages);
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-700">
      <span>{card.member ? t('cardFor', { name: card.member.name, email: card.member.email }) : t('cardForFormerMember')}</span>
      {card.isActive ? null : (
        <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-semibold text-zinc-800 ring-1 ring-zinc-300">{t('inactiveOverAllowance')}</span>
      )}
    </p>
  );
}
