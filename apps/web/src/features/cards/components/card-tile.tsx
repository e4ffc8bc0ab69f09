import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import type { ImagePosition } from '@cardstack/shared/cards/images';
import type { CardSummary } from '@cardstack/shared/cards/schemas';
import { buttonClass } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { useMessages } from '../../../lib/i18n/messages';
import { cardDisplayTitle, cardEditorPath, publicCardPath } from '../card-paths';
import { cardsMessages } from '../messages';

interface CardTileActions {
  onDuplicate: (card: CardSummary) => void;
  onSetDefault: (card: CardSummary) => void;
  onDelete: (card: CardSummary) => void;
  onCopyLink: (card: CardSummary) => void;
  onEmailSignature: (card: CardSummary) => void;
  isBusy: boolean;
}

/**
 * 'object-left-top' → 'left top'. Derived rather than read from the shared table, whose module also holds the
 * zod schemas: the list would otherwise download zod only for this.
 */
function objectPosition(position: ImagePosition): string {
  return position.replace(/^object-/, '').replace('-', ' ');
}

/** One of the card's images on its tile: decoration (the title names the card), shown where the card frames it, loaded when near. */
function TileImage({ url, position, className }: { url: string; position: ImagePosition; className: string }) {
  return <img src={url} alt="" className={className} style={{ objectPosition: objectPosition(position) }} loading="lazy" />;
}

const menuItemClass =
  'flex cursor-pointer items-center rounded px-3 py-2 text-sm text-zinc-900 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-brand-50';

/** One card of the list: its images, names, default and inactive badges, and actions. */
export function CardTile({
  card,
  actions,
  editorPath = cardEditorPath,
  isBlocked = false,
}: {
  card: CardSummary;
  actions: CardTileActions;
  /** Team cards open their editor under /customize/teams-cards. */
  editorPath?: (cardId: string) => string;
  /** Beyond the plan's card allowance: its public page shows the inactive page. */
  isBlocked?: boolean;
}) {
  const t = useMessages(cardsMessages);
  const title = cardDisplayTitle(card, t('untitledCard'));
  const titleId = `card-${card.id}-title`;
  // A card without its own title is named after the person: the name is not repeated under it.
  const person = card.title.trim() ? card.name : '';
  const subtitle = [person, card.jobTitle, card.companyName].map((part) => part.trim()).filter(Boolean).join(' · ');
  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-zinc-200">
      <div className="relative h-24 bg-gradient-to-br from-brand-100 to-brand-500">
        {card.coverImage.url ? <TileImage url={card.coverImage.url} position={card.coverImage.position} className="h-full w-full object-cover" /> : null}
        {card.profilePicture.url ? (
          <TileImage
            url={card.profilePicture.url}
            position={card.profilePicture.position}
            className="absolute -bottom-7 start-4 h-14 w-14 rounded-full border-4 border-white bg-white object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="absolute -bottom-7 start-4 flex h-14 w-14 items-center justify-center rounded-full border-4 border-white bg-brand-600 text-lg font-bold text-white"
          >
            {title.charAt(0).toUpperCase()}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 px-4 pt-9 pb-4">
        <div className="flex items-start justify-between gap-2">
          <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words">
            {title}
          </h2>
          {card.isDefault ? (
            <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">{t('defaultBadge')}</span>
          ) : null}
        </div>
        {subtitle ? <p className="text-sm break-words text-zinc-700">{subtitle}</p> : null}
        {/* The address can be longer than the tile: the tooltip shows it whole (the text itself is all there for screen readers). */}
        <Tooltip content={publicCardPath(card.username)}>
          <p tabIndex={0} className="truncate rounded text-xs text-zinc-600 outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
            <bdi>{publicCardPath(card.username)}</bdi>
          </p>
        </Tooltip>
        {isBlocked ? (
          <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            <span className="font-semibold">{t('blockedBadge')}</span>
            <Link to="/subscription" className="font-semibold text-brand-700 underline">
              {t('upgrade')}
            </Link>
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
          <Link to={editorPath(card.id)} className={buttonClass('primary', 'px-3')}>
            {t('edit')}
          </Link>
          <button type="button" className={buttonClass('secondary', 'px-3')} onClick={() => actions.onCopyLink(card)}>
            {t('copyLink')}
          </button>
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger className={buttonClass('ghost', 'px-3')} disabled={actions.isBusy}>
              {t('moreActions')}
              <span aria-hidden="true">▾</span>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content align="end" sideOffset={4} className="z-30 min-w-48 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg">
                <DropdownMenu.Item asChild className={menuItemClass}>
                  <a href={publicCardPath(card.username)} target="_blank" rel="noopener noreferrer">
                    {t('openPublicPage')}
                  </a>
                </DropdownMenu.Item>
                <DropdownMenu.Item className={menuItemClass} onSelect={() => actions.onDuplicate(card)}>
                  {t('duplicate')}
                </DropdownMenu.Item>
                <DropdownMenu.Item className={menuItemClass} onSelect={() => actions.onEmailSignature(card)}>
                  {t('emailSignature')}
                </DropdownMenu.Item>
                {card.isDefault ? null : (
                  <DropdownMenu.Item className={menuItemClass} onSelect={() => actions.onSetDefault(card)}>
                    {t('setAsDefault')}
                  </DropdownMenu.Item>
                )}
                <DropdownMenu.Separator className="my-1 h-px bg-zinc-200" />
                <DropdownMenu.Item className={`${menuItemClass} text-red-700`} onSelect={() => actions.onDelete(card)}>
                  {t('delete')}
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </div>
    </article>
  );
}
