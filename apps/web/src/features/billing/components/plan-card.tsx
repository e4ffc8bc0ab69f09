import { useId, useState } from 'react';
import { Link } from 'react-router';
import { type TeamSize } from '@cardstack/shared/plans/prices';
import { SelectList } from '../../../components/ui/select-list';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages } from '../../../lib/i18n/messages';
import { richText } from '../../../lib/i18n/rich-text';
import { longDay } from '../long-day';
import { billingMessages } from '../messages';
import { collapsedFeatureCount, customDesignFormPath, type PlanCardContent } from '../plan-catalog';
import { teamSizeLabel } from '../plan-texts';

interface PlanCardProps {
  card: PlanCardContent;
  inputName: string;
  isSelected: boolean;
  isCurrent: boolean;
  endsOn: string | null;
  onSelect: () => void;
  teamSize: TeamSize;
  /** The sizes offered: 251+ only where "Get a quote" leads to a configured contact form. */
  teamSizeOptions: readonly TeamSize[];
  onTeamSizeChange: (size: TeamSize) => void;
}

/** One plan of the pricing screen: its price, what it includes (collapsed after a few lines) and, for Teams, the size. */
export function PlanCard({ card, inputName, isSelected, isCurrent, endsOn, onSelect, teamSize, teamSizeOptions, onTeamSizeChange }: PlanCardProps) {
  const t = useMessages(billingMessages);
  const format = useFormat();
  const [isExpanded, setExpanded] = useState(false);
  const id = useId();
  const lines = isExpanded ? card.features : card.features.slice(0, collapsedFeatureCount);
  return (
    // The whole card selects the plan for a pointer; keyboard and screen readers use its radio button.
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      onClick={onSelect}
      className={`flex cursor-pointer flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ${isSelected ? 'ring-2 ring-brand-600' : 'ring-1 ring-zinc-200'}`}
    >
      <div className="flex items-start justify-between gap-2">
        <label id={`${id}-title`} className="flex cursor-pointer items-center gap-2 text-lg font-semibold">
          <input
            type="radio"
            name={inputName}
            value={card.plan}
            checked={isSelected}
            onChange={onSelect}
            aria-describedby={`${id}-price`}
            className="h-4 w-4 accent-brand-600"
          />
          {card.title}
        </label>
        {isCurrent ? (
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700">{t('currentPlan')}</span>
        ) : null}
      </div>
      <p className="text-sm text-zinc-700">{card.subtitle}</p>
      <div id={`${id}-price`}>
        <p>
          <span className="text-3xl font-bold">{card.price}</span> <span className="text-sm text-zinc-700">{card.pricePeriod}</span>
        </p>
        {card.perCardPrice ? <p className="text-sm text-zinc-700">{card.perCardPrice}</p> : null}
        {endsOn ? <p className="text-sm font-medium text-amber-800">{t('endsOnDay', { day: format.date(endsOn, longDay) })}</p> : null}
      </div>
      {card.plan === 'team' ? (
        <SelectList
          label={t('teamSize')}
          value={String(teamSize)}
          options={teamSizeOptions.map((size) => ({ value: String(size), label: teamSizeLabel(size, t) }))}
          onValueChange={(value) => onTeamSizeChange(value === '251+' ? '251+' : (Number(value) as TeamSize))}
        />
      ) : null}
      <ul id={`${id}-features`} className="flex flex-col gap-1.5 text-sm">
        {lines.map((line) => (
          <li key={line.text} className="flex items-start gap-2">
            <span aria-hidden="true" className="text-brand-600">
              ✓
            </span>
            <span>
              {line.text}
              {line.isNew ? (
                <span className="ms-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t('newBadge')}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {card.features.length > collapsedFeatureCount ? (
        <button
          type="button"
          aria-expanded={isExpanded}
          aria-controls={`${id}-features`}
          onClick={(event) => {
            event.stopPropagation();
            setExpanded(!isExpanded);
          }}
          className="self-start text-sm font-semibold text-brand-700 hover:underline"
        >
          {isExpanded ? t('collapse') : t('readMore')}
        </button>
      ) : null}
      {card.hasCustomCardExtra ? (
        <p className="rounded-lg bg-zinc-50 px-3 py-2 text-sm text-zinc-800">
          {richText(t('optionalExtra'), {
            link: (text) => (
              <Link className="font-semibold text-brand-700 underline" to={customDesignFormPath} onClick={(event) => event.stopPropagation()}>
                {text}
              </Link>
            ),
          })}
        </p>
      ) : null}
      <p className="mt-auto text-xs text-zinc-600">{card.footnote}</p>
    </div>
  );
}
