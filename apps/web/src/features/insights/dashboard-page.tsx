import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { periodPresetLabels, periodPresets, toDay, type PeriodPreset } from '@cardstack/shared/insights/periods';
import { customRangeForm, type InsightScope, type InsightsQuery } from '@cardstack/shared/insights/schemas';
import { Button, buttonClass } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { InputField } from '../../components/ui/input-field';
import { PageHeader } from '../../components/ui/page-header';
import { SelectList } from '../../components/ui/select-list';
import { Spinner } from '../../components/ui/spinner';
import { useInsights } from './api/get-insights';
import { insightsCsvUrl } from './api/insights-links';
import { formatBucket } from './insights-format';
import { DashboardBody } from './dashboard-body';

const allCards = 'all';

/**
 * The insights dashboard: what visitors did with the caller's cards (or, for those allowed, the team's) in a
 * period, against the period before. Every chart has its numbers in a table; the CSV exports this view.
 */
export default function DashboardPage() {
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
        title="Dashboard"
        subtitle={
          data ? (
            <p className="mt-1 text-sm text-zinc-700">
              {formatBucket(data.period.from, 'day')} – {formatBucket(data.period.to, 'day')}, compared with{' '}
              {formatBucket(data.period.previousFrom, 'day')} – {formatBucket(data.period.previousTo, 'day')}
            </p>
          ) : null
        }
        actions={
          <a href={insightsCsvUrl(query)} download className={buttonClass('secondary')}>
            Export CSV
          </a>
        }
      />

      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectList
          label="Period"
          value={period}
          options={periodPresets.map((preset) => ({ value: preset, label: periodPresetLabels[preset] }))}
          onValueChange={(value) => setPeriod(value as PeriodPreset)}
        />
        {data?.canSeeTeam ? (
          <SelectList
            label="Cards of"
            value={scope}
            options={[
              { value: 'own', label: 'Me' },
              { value: 'team', label: 'The whole team' },
            ]}
            onValueChange={(value) => {
              setScope(value as InsightScope);
              setCardId(allCards);
            }}
          />
        ) : null}
        <SelectList
          label="Card"
          value={cardId}
          options={[{ value: allCards, label: 'All cards' }, ...(data?.cardOptions ?? []).map((card) => ({ value: card.id, label: card.label }))]}
          onValueChange={setCardId}
        />
      </div>
      {period === 'custom' ? (
        <CustomRangeForm isApplied={appliedCustom !== null} onApply={setAppliedCustom} />
      ) : null}

      {insights.isPending ? (
        <div className="mt-10 flex justify-center">
          <Spinner label="Loading the numbers" />
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
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(customRangeForm(toDay(new Date()))), defaultValues: { from: '', to: '' } });
  const hasErrors = Object.keys(formState.errors).length > 0;
  return (
    <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={handleSubmit(onApply)} noValidate>
      <InputField label="From" type="date" error={formState.errors.from?.message} {...register('from')} />
      <InputField label="To" type="date" error={formState.errors.to?.message} {...register('to')} />
      <Button type="submit" variant="secondary">
        Show period
      </Button>
      {!isApplied && !hasErrors ? <p className="text-sm text-zinc-700">Showing the last 30 days until you choose the days.</p> : null}
    </form>
  );
}
