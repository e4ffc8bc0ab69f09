import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { preorderBatchInput } from '@cardstack/shared/admin/schemas';
import { Button, buttonClass } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField } from '../../../components/ui/input-field';
import { Spinner } from '../../../components/ui/spinner';
import { formErrorOf, showServerError } from '../../../lib/form-errors';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { batchCsvUrl } from '../api/admin-links';
import { createBatch } from '../api/create-batch';
import { useBatch } from '../api/get-batch';
import { batchesQuery, useBatches } from '../api/list-batches';
import { adminMessages } from '../messages';
import { DataTable, useFormatTime } from './table';

/** Pre-order batches: create N for a product, download the CSV for the printer, see which are activated. */
export function BatchesSection() {
  const t = useMessages(adminMessages);
  const formatTime = useFormatTime();
  const queryClient = useQueryClient();
  const batches = useBatches();
  const [openId, setOpenId] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(preorderBatchInput),
    defaultValues: { productId: '', productName: '', count: '' },
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      const created = await createBatch(input);
      notify.success(t('batchCreated', { count: created.batch.count }));
      setOpenId(created.batch.id);
      await queryClient.invalidateQueries({ queryKey: batchesQuery().queryKey });
    } catch (error) {
      showServerError(error, setError, ['productId', 'productName', 'count']);
    }
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-xl bg-white p-6 shadow-sm sm:grid-cols-4 sm:items-start">
        <FormAlert message={formErrorOf(formState.errors)} />
        <InputField label={t('productId')} required error={formState.errors.productId?.message} {...register('productId')} />
        <InputField label={t('productName')} required error={formState.errors.productName?.message} {...register('productName')} />
        <InputField label={t('numberOfCards')} type="number" min={1} max={10000} required error={formState.errors.count?.message} {...register('count')} />
        <Button type="submit" isLoading={formState.isSubmitting} className="sm:mt-6">
          {t('createBatch')}
        </Button>
      </form>
      {batches.data ? (
        <DataTable
          caption={t('batchesCaption')}
          headers={[t('colCreated'), t('colProduct'), t('colCards'), t('colActivated'), '']}
          rows={batches.data.batches.map((batch) => [
            formatTime(batch.createdAt),
            `${batch.productName} (${batch.productId})`,
            batch.count,
            batch.activatedCount,
            <div className="flex gap-2">
              <a className={buttonClass('secondary')} href={batchCsvUrl(batch.id)} download>
                {t('downloadCsv')}
              </a>
              <Button variant="ghost" onClick={() => setOpenId(openId === batch.id ? null : batch.id)}>
                {openId === batch.id ? t('hideCards') : t('showCards')}
              </Button>
            </div>,
          ])}
        />
      ) : (
        <Spinner label={t('loading')} />
      )}
      {openId ? <BatchCards batchId={openId} /> : null}
    </>
  );
}

function BatchCards({ batchId }: { batchId: string }) {
  const t = useMessages(adminMessages);
  const formatTime = useFormatTime();
  const batch = useBatch(batchId);
  if (!batch.data) return <Spinner label={t('loading')} />;
  return (
    <DataTable
      caption={t('batchCardsCaption', { productName: batch.data.batch.productName })}
      headers={[t('colAddress'), t('colActivated')]}
      rows={batch.data.preorders.map((preorder) => [preorder.url, preorder.activated ? t('activatedOn', { time: formatTime(preorder.activatedAt) }) : t('notActivated')])}
    />
  );
}
