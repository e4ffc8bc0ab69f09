import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  contactKinds,
  contactSorts,
  defaultContactPageSize,
  type Contact,
  type ContactFilterInput,
  type ContactKind,
  type ContactSort,
} from '@cardstack/shared/contacts/schemas';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { InputField } from '../../components/ui/input-field';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SelectList } from '../../components/ui/select-list';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useFormat } from '../../lib/i18n/format';
import { useMessages } from '../../lib/i18n/messages';
import { notify } from '../../lib/notify';
import { useDeleteContacts } from './api/bulk-delete-contacts';
import { useContactCards } from './api/contact-cards';
import { useContacts } from './api/list-contacts';
import { ContactDrawer } from './components/contact-drawer';
import { ContactFormDialog } from './components/contact-form-dialog';
import { ContactsList } from './components/contacts-list';
import { ExportDialog } from './components/export-dialog';
import { ImportDialog } from './components/import-dialog';
import { canUseFeature } from '@cardstack/shared/plans/features';
import { useSessionUser } from '../../lib/session';
import { contactKindMessages, contactSortMessages, contactTitle } from './contact-format';
import { currentCursor, firstPage, pageCount, pageNumber, toNextPage, toPreviousPage, type Paging } from './contact-paging';
import { contactsMessages } from './messages';
import { useDebouncedCallback } from './use-debounced-callback';

const allValue = 'all';
const searchDelayMs = 300;

/** The filter lives in the address (?q=&card=&kind=&sort=), so a reload or a shared link keeps it. */
function filterOf(params: URLSearchParams): ContactFilterInput & { sort: ContactSort } {
  const kind = params.get('kind');
  const sort = params.get('sort');
  return {
    search: params.get('q') ?? '',
    cardId: params.get('card') ?? '',
    kind: (contactKinds as readonly string[]).includes(kind ?? '') ? (kind as ContactKind) : '',
    sort: (contactSorts as readonly string[]).includes(sort ?? '') ? (sort as ContactSort) : 'newest',
  };
}

/** Everyone who left their details on a card, and the contacts added by hand (/contacts). */
export default function ContactsPage() {
  const t = useMessages(contactsMessages);
  const user = useSessionUser();
  // As the server's contacts rule: a team owner on a plan with team contacts, or a member allowed to change them.
  const canImportToTeam = (user.teamOwnerId === user.id && canUseFeature(user.plan, 'teamContacts')) || user.permissions.includes('manageContacts');
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const filterKey = JSON.stringify(filter);
  const openContactId = params.get('contact');

  // Pages restart at the first whenever the filter changes.
  const [paging, setPaging] = useState<{ filterKey: string; paging: Paging }>({ filterKey, paging: firstPage });
  const currentPaging = paging.filterKey === filterKey ? paging.paging : firstPage;
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [searchText, setSearchText] = useState(filter.search ?? '');
  const [formContact, setFormContact] = useState<Contact | null | undefined>(undefined);
  // One contact from its panel is named in the question; a selection is counted.
  const [toDelete, setToDelete] = useState<{ ids: string[]; name?: string } | null>(null);

  const contacts = useContacts({ ...filter, cursor: currentCursor(currentPaging), pageSize: defaultContactPageSize });
  const cards = useContactCards();
  const deleteContacts = useDeleteContacts();

  function updateParams(change: Record<string, string | null>, options: { isFilterChange?: boolean } = {}) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
    if (options.isFilterChange !== false) setSelectedIds(new Set());
  }
  const debouncedSearch = useDebouncedCallback((value: string) => updateParams({ q: value.trim() }), searchDelayMs);

  function goTo(next: Paging) {
    setPaging({ filterKey, paging: next });
    setSelectedIds(new Set());
  }

  function clearFilters() {
    debouncedSearch.cancel();
    setSearchText('');
    updateParams({ q: null, card: null, kind: null });
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      const deleted = await deleteContacts.mutateAsync(toDelete.ids);
      notify.success(deleted === 1 ? t('contactDeleted') : t('contactsDeleted', { count: deleted }));
      setSelectedIds(new Set());
      if (openContactId && toDelete.ids.includes(openContactId)) updateParams({ contact: null }, { isFilterChange: false });
      setToDelete(null);
      // The page may now be empty: start again from the first.
      if (contacts.data && deleted >= contacts.data.contacts.length) goTo(firstPage);
    } catch (error) {
      notify.alert(error instanceof ApiError ? error.message : t('deleteFailed'));
      setToDelete(null);
    }
  }

  const isFiltered = Boolean(filter.search || filter.cardId || filter.kind);
  const page = contacts.data;
  const pageContacts = page?.contacts ?? [];

  let content;
  if (contacts.isPending) {
    content = (
      <div className="mt-10 flex justify-center">
        <Spinner label={t('loading')} />
      </div>
    );
  } else if (contacts.isError || !page) {
    content = <LoadError message={t('loadFailed')} onRetry={() => void contacts.refetch()} className="mt-6" />;
  } else if (page.total === 0 && !isFiltered) {
    content = (
      <EmptyState title={t('emptyTitle')} action={<Button onClick={() => setFormContact(null)}>{t('addContact')}</Button>}>
        {t('emptyText')}
      </EmptyState>
    );
  } else if (page.total === 0) {
    content = (
      <div className="mt-6 rounded-2xl bg-white p-10 text-center ring-1 ring-zinc-200">
        <p className="font-semibold">{t('noMatches')}</p>
        <Button variant="secondary" className="mt-4" onClick={clearFilters}>
          {t('clearFilters')}
        </Button>
      </div>
    );
  } else {
    const number = pageNumber(currentPaging);
    content = (
      <>
        {selectedIds.size > 0 ? (
          <div className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-brand-50 px-4 py-2 ring-1 ring-brand-100" role="region" aria-label={t('selectionRegion')}>
            <span className="text-sm font-medium">{t('selectedCount', { count: selectedIds.size })}</span>
            <Button variant="danger" onClick={() => setToDelete({ ids: [...selectedIds] })}>
              {t('deleteSelected')}
            </Button>
            <Button variant="ghost" onClick={() => setSelectedIds(new Set())}>
              {t('clearSelection')}
            </Button>
          </div>
        ) : null}
        <ContactsList
          t={t}
          contacts={pageContacts}
          selectedIds={selectedIds}
          onOpen={(contactId) => updateParams({ contact: contactId }, { isFilterChange: false })}
          onToggle={(contactId) =>
            setSelectedIds((current) => {
              const next = new Set(current);
              if (next.has(contactId)) next.delete(contactId);
              else next.add(contactId);
              return next;
            })
          }
          onToggleAll={() =>
            setSelectedIds((current) =>
              pageContacts.every((contact) => current.has(contact.id)) ? new Set() : new Set(pageContacts.map((contact) => contact.id)),
            )
          }
        />
        <nav aria-label={t('pagesNav')} className="mt-6 flex items-center justify-center gap-3">
          <Button variant="secondary" disabled={number === 1 || contacts.isFetching} onClick={() => goTo(toPreviousPage(currentPaging))}>
            {t('previousPage')}
          </Button>
          <span className="text-sm text-zinc-700" aria-live="polite">
            {t('pageOf', { page: format.number(number), pages: format.number(pageCount(page.total, defaultContactPageSize)) })}
          </span>
          <Button
            variant="secondary"
            disabled={!page.nextCursor || contacts.isFetching}
            onClick={() => page.nextCursor && goTo(toNextPage(currentPaging, page.nextCursor))}
          >
            {t('nextPage')}
          </Button>
        </nav>
      </>
    );
  }

  return (
    <section aria-labelledby="contacts-title">
      <PageHeader
        titleId="contacts-title"
        title={t('title')}
        subtitle={page && page.total > 0 ? <p className="text-sm text-zinc-700">{t('totalCount', { count: page.total })}</p> : null}
        actions={
          <div className="flex flex-wrap gap-2">
            <ImportDialog canImportToTeam={canImportToTeam} />
            <ExportDialog filter={filter} total={page?.total ?? 0} />
            <Link to="/contacts/scan" className={buttonClass('secondary')}>
              {t('scanCard')}
            </Link>
            <Button onClick={() => setFormContact(null)}>{t('addContact')}</Button>
          </div>
        }
      />

      <div className="mt-6 grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-zinc-200 sm:grid-cols-2 lg:grid-cols-4" role="search">
        <InputField
          label={t('searchLabel')}
          type="search"
          placeholder={t('searchPlaceholder')}
          value={searchText}
          maxLength={100}
          onChange={(event) => {
            setSearchText(event.target.value);
            debouncedSearch.call(event.target.value);
          }}
        />
        <SelectList
          label={t('cardLabel')}
          value={filter.cardId || allValue}
          onValueChange={(value) => updateParams({ card: value === allValue ? null : value })}
          options={[{ value: allValue, label: t('allCards') }, ...(cards.data ?? []).map((card) => ({ value: card.id, label: card.name }))]}
        />
        <SelectList
          label={t('kindLabel')}
          value={filter.kind || allValue}
          onValueChange={(value) => updateParams({ kind: value === allValue ? null : value })}
          options={[{ value: allValue, label: t('allKinds') }, ...contactKinds.map((kind) => ({ value: kind, label: t(contactKindMessages[kind]) }))]}
        />
        <SelectList
          label={t('sortLabel')}
          value={filter.sort}
          onValueChange={(value) => updateParams({ sort: value === 'newest' ? null : value })}
          options={contactSorts.map((sort) => ({ value: sort, label: t(contactSortMessages[sort]) }))}
        />
      </div>

      {content}

      <ContactDrawer
        contactId={openContactId}
        onClose={() => updateParams({ contact: null }, { isFilterChange: false })}
        onEdit={(contact) => setFormContact(contact)}
        onDelete={(contact) => setToDelete({ ids: [contact.id], name: contactTitle(contact, t) })}
      />
      <ContactFormDialog
        contact={formContact ?? null}
        open={formContact !== undefined}
        onOpenChange={(open) => (open ? undefined : setFormContact(undefined))}
        onSaved={(contactId) => {
          if (formContact === null) goTo(firstPage);
          updateParams({ contact: contactId }, { isFilterChange: false });
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title={toDelete && toDelete.ids.length > 1 ? t('deleteManyTitle', { count: toDelete.ids.length }) : t('deleteOneTitle')}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        isDanger
        isBusy={deleteContacts.isPending}
        onConfirm={() => void confirmDelete()}
      >
        <p>{toDelete ? (toDelete.name === undefined ? t('deleteManyText', { count: toDelete.ids.length }) : t('deleteOneText', { name: toDelete.name })) : null}</p>
      </ConfirmDialog>
    </section>
  );
}
