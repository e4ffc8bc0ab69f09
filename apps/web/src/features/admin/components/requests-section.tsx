import { useState } from 'react';
import {
  cardFinishLabels,
  cardMaterialLabels,
  designRequestStatusLabels,
  designRequestStatuses,
  type DesignRequestStatus,
  type DesignRequestSummary,
} from '@cardstack/shared/design-requests/schemas';
import { FieldFrame } from '../../../components/ui/field-frame';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../lib/notify';
import { useDesignRequests } from '../api/list-requests';
import { useSetRequestStatus } from '../api/set-request-status';
import { formatTime } from './table';

function detailsOf(request: DesignRequestSummary): string {
  const { details } = request;
  if (request.kind === 'quote') return `${details.cardCount} cards`;
  const material = cardMaterialLabels[details.material as keyof typeof cardMaterialLabels] ?? details.material;
  const finish = cardFinishLabels[details.finish as keyof typeof cardFinishLabels] ?? details.finish;
  return `${details.quantity} cards, ${material}, ${finish}`;
}

/** A request's statuses as the options of a select, for the filter and for each request's own status. */
function StatusOptions() {
  return designRequestStatuses.map((status) => (
    <option key={status} value={status}>
      {designRequestStatusLabels[status]}
    </option>
  ));
}

/** Custom design and quote requests, newest first, each with its status, and how long closed ones are kept. */
export function RequestsSection() {
  const [filter, setFilter] = useState<DesignRequestStatus | ''>('');
  const requests = useDesignRequests(filter || undefined);
  const setStatus = useSetRequestStatus({ onSuccess: () => notify.success('Saved.'), onError: (error) => notify.alert(error.message) });
  return (
    <>
      <FieldFrame label="Show" className="max-w-xs">
        {(control) => (
          <select {...control} value={filter} onChange={(event) => setFilter(event.target.value as DesignRequestStatus | '')}>
            <option value="">All requests</option>
            <StatusOptions />
          </select>
        )}
      </FieldFrame>
      {requests.data ? (
        <p className="text-sm text-zinc-600">
          Done and rejected requests are deleted with their files {requests.data.closedRetentionDays} days after their last change.
        </p>
      ) : null}
      {!requests.data ? (
        <Spinner />
      ) : requests.data.requests.length === 0 ? (
        <p className="text-sm text-zinc-600">No requests.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {requests.data.requests.map((request) => (
            <li key={request.id} className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold">
                  {request.kind === 'quote' ? 'Quote' : 'Custom design'}: {request.name}
                  {request.company ? ` (${request.company})` : ''}
                </h3>
                <span className="text-xs text-zinc-600">{formatTime(request.createdAt)}</span>
              </div>
              <p className="text-sm text-zinc-700">
                {request.email}
                {request.phone ? ` · ${request.phone}` : ''} · {detailsOf(request)}
              </p>
              {request.notes ? <p className="whitespace-pre-wrap text-sm">{request.notes}</p> : null}
              {request.files.length > 0 ? (
                <p className="flex gap-3 text-sm">
                  {request.files.map((file) => (
                    <a key={file.field} className="font-semibold text-brand-700 underline" href={file.url} download>
                      {file.field === 'logo' ? 'Logo' : 'Artwork'}: {file.name}
                    </a>
                  ))}
                </p>
              ) : null}
              <FieldFrame label="Status" className="max-w-xs">
                {(control) => (
                  <select
                    {...control}
                    value={request.status}
                    onChange={(event) => setStatus.mutate({ id: request.id, status: event.target.value as DesignRequestStatus })}
                  >
                    <StatusOptions />
                  </select>
                )}
              </FieldFrame>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
