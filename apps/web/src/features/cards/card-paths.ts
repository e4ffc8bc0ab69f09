import type { CardSummary } from '@cardstack/shared/cards/schemas';

/** Where a card's public page lives: /id/{cardId}/, reached by the card's username. */
export function publicCardPath(username: string): string {
  return `/id/${encodeURIComponent(username)}/`;
}

export function publicCardUrl(username: string): string {
  return `${window.location.origin}${publicCardPath(username)}`;
}

/** A card's editor; creating or activating a card lands here. */
export function cardEditorPath(cardId: string, tab = ''): string {
  return `/customize/edit/${encodeURIComponent(cardId)}${tab ? `/${tab}` : ''}`;
}

/** A team card's editor: the same edit/{cardId} routes under teams-cards (team mode, with the permission). */
export function teamCardEditorPath(cardId: string, tab = ''): string {
  return `/customize/teams-cards/edit/${encodeURIComponent(cardId)}${tab ? `/${tab}` : ''}`;
}

/** The editor paths and the list of the area the person is in: their own cards, or the team's. */
export function cardsAreaOf(pathname: string): { editorPath: (cardId: string, tab?: string) => string; listPath: string; listLabel: string } {
  return pathname.startsWith('/customize/teams-cards/')
    ? { editorPath: teamCardEditorPath, listPath: '/customize/teams-cards', listLabel: 'Team cards' }
    : { editorPath: cardEditorPath, listPath: '/customize', listLabel: 'My cards' };
}

/** Where a delete lands: /customize, or /customize/teams-cards for a team card. */
export function cardsListPathAfterDelete(isTeamCard: boolean): string {
  return isTeamCard ? '/customize/teams-cards' : '/customize';
}

/** How a card is named in the list and in its toasts: its own title, else the person's name. */
export function cardDisplayTitle(card: Pick<CardSummary, 'title' | 'name'>): string {
  return card.title.trim() || card.name.trim() || 'Untitled card';
}
