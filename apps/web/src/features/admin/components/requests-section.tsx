import { useState } from 'react';
import { designRequestStatuses, type DesignRequestStatus, type DesignRequestSummary } from '@cardstack/shared/design-requests/schemas';
import { FieldFrame } from '../../../components/ui/field-frame';
import { Spinner } from '../../../components/ui/spinner';
import { useMessages, type Translate } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { useCardOptionLabels, type CardOptionLabels } from '../../design-requests/public';
import { useDesignRequests } from '../api/list-requests';
import { useSetRequestStatus } from '../api/set-request-status';
import { adminMessages } from '../messages';
import { designRequestStatusMessageIds } from '../message-ids';
import { useFormatTime } from './table';

function detailsOf(request: DesignRequestSummary, t: Translate<keyof typeof adminMessages.english>, labels: CardOptionLabels): string {
  const { details } = request;
  if (request.kind === 'quote') return t('quoteDetails', { count: Number(details.cardCount) });
  const material = labels.material[details.material as keyof CardOptionLabels['material']] ?? String(details.material);
  const finish = labels.finish[details.finish as keyof CardOptionLabels['finish']] ?? String(details.finish);
  return t('customDesignDetails', { count: Number(details.quantity), material, finish });
}

/** A request's statuses as the options of a select, for the filter and for each request's own status. */
function StatusOptions() {
  const t = useMessages(adminMessages);
  return designRequestStatuses.map((status) => (
    <option key={status} value={status}>
      {t(designRequestStatusMessageIds[status])}
    </option>
  ));
}

/** Custom design and quote requests, newest first, each with its status, and how long closed ones are kept. */
export function RequestsSection() {
  const t = useMessages(adminMessages);
  const optionLabels = useCardOptionLabels();
  const formatTime = useFormatTime();
  const [filter, setFilter] = useState<DesignRequestStatus | ''>('');
  const requests = useDesignRequests(filter || undefined);
  const setStatus = useSetRequestStatus({ onSuccess: () => notify.success(t('saved')), onError: (error) => notify.alert(error.message) });
  return (
    <>
      <FieldFrame label={t('show')} className="max-w-xs">
        {(control) => (
          <select {...control} value={filter} onChange={(event) => setFilter(event.target.value as DesignRequestStatus | '')}>
            <option value="">{t('allRequests')}</option>
            <StatusOptions />
          </select>
        )}
      </FieldFrame>
      {requests.data ? (
        <p className="text-sm text-zinc-600">
          {t('retention', { days: requests.data.closedRetentionDays })}
        </p>
      ) : null}
      {!requests.data ? (
        <Spinner label={t('loading')} />
      ) : requests.data.requests.length === 0 ? (
        <p className="text-sm text-zinc-600">{t('noRequests')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {requests.data.requests.map((request) => (
            <li key={request.id} className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold">
                  {t(request.kind === 'quote' ? 'quoteRequest' : 'customDesignRequest', { name: request.name })}
                  {request.company ? ` (${request.company})` : ''}
                </h3>
                <span className="text-xs text-zinc-600">{formatTime(request.createdAt)}</span>
              </div>
              <p className="text-sm text-zinc-700">
                {request.email}
                {request.phone ? ` · ${request.phone}` : ''} · {detailsOf(request, t, optionLabels)}
              </p>
              {request.notes ? <p className="whitespace-pre-wrap text-sm">{request.notes}</p> : null}
              {request.files.length > 0 ? (
                <p className="flex gap-3 text-sm">
                  {request.files.map((file) => (
                    <a key={file.field} className="font-semibold text-brand-700 underline" href={file.url} download>
                      {t(file.field === 'logo' ? 'logoFile' : 'artworkFile', { name: file.name })}
                    </a>
                  ))}
                </p>
              ) : null}
              <FieldFrame label={t('colStatus')} className="max-w-xs">
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
