import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { preorderBatchInput } from '@cardstack/shared/admin/schemas';
import { Button, buttonClass } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField } from '../../../components/ui/input-field';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { useFormMutation } from '../../../lib/use-form-mutation';
import { adminApi, adminQueryKey } from '../admin-api';
import { DataTable, formatTime } from './table';

/** Pre-order batches: create N for a product, download the CSV for the printer, see which are activated. */
export function BatchesSection() {
  const queryClient = useQueryClient();
  const batches = useQuery({ queryKey: [...adminQueryKey, 'batches'], queryFn: adminApi.batches });
  const [openId, setOpenId] = useState<string | null>(null);
  const create = useFormMutation({
    schema: preorderBatchInput,
    mutationFn: adminApi.createBatch,
    onSuccess: (created) => {
      notify.success(`Created ${created.batch.count} pre-order(s).`);
      setOpenId(created.batch.id);
      return queryClient.invalidateQueries({ queryKey: [...adminQueryKey, 'batches'] });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.submit(Object.fromEntries(new FormData(event.currentTarget).entries()));
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-xl bg-white p-6 shadow-sm sm:grid-cols-4 sm:items-start">
        <FormAlert message={create.formError} />
        <InputField label="Product id" name="productId" required error={create.errors.productId} />
        <InputField label="Product name" name="productName" required error={create.errors.productName} />
        <InputField label="Number of cards" name="count" type="number" min={1} max={10000} required error={create.errors.count} />
        <Button type="submit" isLoading={create.isPending} className="sm:mt-6">
          Create batch
        </Button>
      </form>
      {batches.data ? (
        <DataTable
          caption="Pre-order batches, newest first"
          headers={['Created', 'Product', 'Cards', 'Activated', '']}
          rows={batches.data.batches.map((batch) => [
            formatTime(batch.createdAt),
            `${batch.productName} (${batch.productId})`,
            batch.count,
            batch.activatedCount,
            <div className="flex gap-2">
              <a className={buttonClass('secondary')} href={adminApi.batchCsvUrl(batch.id)} download>
                Download CSV
              </a>
              <Button variant="ghost" onClick={() => setOpenId(openId === batch.id ? null : batch.id)}>
                {openId === batch.id ? 'Hide cards' : 'Show cards'}
              </Button>
            </div>,
          ])}
        />
      ) : (
        <Spinner />
      )}
      {openId ? <BatchCards batchId={openId} /> : null}
    </>
  );
}

function BatchCards({ batchId }: { batchId: string }) {
  const batch = useQuery({ queryKey: [...adminQueryKey, 'batch', batchId], queryFn: () => adminApi.batch(batchId) });
  if (!batch.data) return <Spinner />;
  return (
    <DataTable
      caption={`The cards of ${batch.data.batch.productName}`}
      headers={['Address', 'Activated']}
      rows={batch.data.preorders.map((preorder) => [preorder.url, preorder.activated ? `Yes, ${formatTime(preorder.activatedAt)}` : 'No'])}
    />
  );
}
