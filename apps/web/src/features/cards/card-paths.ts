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

/**
 * The editor paths and the list of the area the person is in: their own cards, or the team's. `isTeam` picks
 * the list's name where it is shown ("My cards", "Team cards").
 */
export function cardsAreaOf(pathname: string): { editorPath: (cardId: string, tab?: string) => string; listPath: string; isTeam: boolean } {
  return pathname.startsWith('/customize/teams-cards/')
    ? { editorPath: teamCardEditorPath, listPath: '/customize/teams-cards', isTeam: true }
    : { editorPath: cardEditorPath, listPath: '/customize', isTeam: false };
}

/** Where a delete lands: /customize, or /customize/teams-cards for a team card. */
export function cardsListPathAfterDelete(isTeamCard: boolean): string {
  return isTeamCard ? '/customize/teams-cards' : '/customize';
}

/** How a card is named in the list and in its toasts: its own title, else the person's name, else `untitled`. */
export function cardDisplayTitle(card: Pick<CardSummary, 'title' | 'name'>, untitled: string): string {
  return card.title.trim() || card.name.trim() || untitled;
}
