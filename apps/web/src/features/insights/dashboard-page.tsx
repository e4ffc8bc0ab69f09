import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { periodPresets, toDay, type PeriodPreset } from '@cardstack/shared/insights/periods';
import { customRangeForm, type InsightScope, type InsightsQuery } from '@cardstack/shared/insights/schemas';
import { Button, buttonClass } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { InputField } from '../../components/ui/input-field';
import { PageHeader } from '../../components/ui/page-header';
import { SelectList } from '../../components/ui/select-list';
import { Spinner } from '../../components/ui/spinner';
import { useFormat } from '../../lib/i18n/format';
import { useMessages } from '../../lib/i18n/messages';
import { useInsights } from './api/get-insights';
import { insightsCsvUrl } from './api/insights-links';
import { formatBucket, periodMessages } from './insights-format';
import { insightsMessages } from './messages';
import { DashboardBody } from './dashboard-body';

const allCards = 'all';

/**
 * The insights dashboard: what visitors did with the caller's cards (or, for those allowed, the team's) in a
 * period, against the period before. Every chart has its numbers in a table; the CSV exports this view.
 */
export default function DashboardPage() {
  const t = useMessages(insightsMessages);
  const format = useFormat();
  const [period, setPeriod] = useState<PeriodPreset>('30d');
  const [appliedCustom, setAppliedCustom] = useState<{ from: string; to: string } | null>(null);
  const [scope, setScope] = useState<InsightScope>('own');
  const [cardId, setCardId] = useState<string>(allCards);

  const query: InsightsQuery = {
    period: period === 'custom' && !appliedCustom ? '30d' : period,
    scope,
    ...(period === 'custom' && appliedCustom ? appliedCustom : {}),
    ...(cardId !== allCards ? { cardId } : {}),
  };
  const insights = useInsights(query);
  const data = insights.data;

  return (
    <section aria-labelledby="dashboard-title">
      <PageHeader
        titleId="dashboard-title"
        title={t('title')}
        subtitle={
          data ? (
            <p className="mt-1 text-sm text-zinc-700">
              {t('periodCompared', {
                from: formatBucket(data.period.from, 'day', format),
                to: formatBucket(data.period.to, 'day', format),
                previousFrom: formatBucket(data.period.previousFrom, 'day', format),
                previousTo: formatBucket(data.period.previousTo, 'day', format),
              })}
            </p>
          ) : null
        }
        actions={
          <a href={insightsCsvUrl(query)} download className={buttonClass('secondary')}>
            {t('exportCsv')}
          </a>
        }
      />

      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectList
          label={t('periodLabel')}
          value={period}
          options={periodPresets.map((preset) => ({ value: preset, label: t(periodMessages[preset]) }))}
          onValueChange={(value) => setPeriod(value as PeriodPreset)}
        />
        {data?.canSeeTeam ? (
          <SelectList
            label={t('cardsOfLabel')}
            value={scope}
            options={[
              { value: 'own', label: t('scopeOwn') },
              { value: 'team', label: t('scopeTeam') },
            ]}
            onValueChange={(value) => {
              setScope(value as InsightScope);
              setCardId(allCards);
            }}
          />
        ) : null}
        <SelectList
          label={t('cardLabel')}
          value={cardId}
          options={[{ value: allCards, label: t('allCards') }, ...(data?.cardOptions ?? []).map((card) => ({ value: card.id, label: card.label }))]}
          onValueChange={setCardId}
        />
      </div>
      {period === 'custom' ? (
        <CustomRangeForm isApplied={appliedCustom !== null} onApply={setAppliedCustom} />
      ) : null}

      {insights.isPending ? (
        <div className="mt-10 flex justify-center">
          <Spinner label={t('loading')} />
        </div>
      ) : insights.isError ? (
        <div className="mt-6">
          <FormAlert message={insights.error.message} />
        </div>
      ) : data ? (
        <DashboardBody data={data} />
      ) : null}
    </section>
  );
}

/** The days of a custom period; the dashboard shows them once they pass the server's own rule. */
function CustomRangeForm({ isApplied, onApply }: { isApplied: boolean; onApply: (range: { from: string; to: string }) => void }) {
  const t = useMessages(insightsMessages);
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(customRangeForm(toDay(new Date()))), defaultValues: { from: '', to: '' } });
  const hasErrors = Object.keys(formState.errors).length > 0;
  return (
    <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={handleSubmit(onApply)} noValidate>
      <InputField label={t('fromLabel')} type="date" error={formState.errors.from?.message} {...register('from')} />
      <InputField label={t('toLabel')} type="date" error={formState.errors.to?.message} {...register('to')} />
      <Button type="submit" variant="secondary">
        {t('showPeriod')}
      </Button>
      {!isApplied && !hasErrors ? <p className="text-sm text-zinc-700">{t('customPending')}</p> : null}
    </form>
  );
}
