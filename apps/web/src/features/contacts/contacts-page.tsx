import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  contactKinds,
  contactKindLabels,
  contactMessages,
  contactSortLabels,
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
import { notify } from '../../lib/notify';
import { useDeleteContacts } from './api/bulk-delete-contacts';
import { useContactCards } from './api/contact-cards';
import { useContacts } from './api/list-contacts';
import { ContactDrawer } from './components/contact-drawer';
import { ContactFormDialog } from './components/contact-form-dialog';
import { ContactsList } from './components/contacts-list';
import { ExportDialog } from './components/export-dialog';
import { contactTitle } from './contact-format';
import { currentCursor, firstPage, pageCount, pageNumber, toNextPage, toPreviousPage, type Paging } from './contact-paging';
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
  const [toDelete, setToDelete] = useState<{ ids: string[]; label: string } | null>(null);

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
      notify.success(deleted === 1 ? contactMessages.deleted : contactMessages.deletedMany(deleted));
      setSelectedIds(new Set());
      if (openContactId && toDelete.ids.includes(openContactId)) updateParams({ contact: null }, { isFilterChange: false });
      setToDelete(null);
      // The page may now be empty: start again from the first.
      if (contacts.data && deleted >= contacts.data.contacts.length) goTo(firstPage);
    } catch (error) {
      notify.alert(error instanceof ApiError ? error.message : 'The contacts could not be deleted. Please try again.');
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
        <Spinner label="Loading your contacts" />
      </div>
    );
  } else if (contacts.isError || !page) {
    content = <LoadError message="Your contacts could not be loaded." onRetry={() => void contacts.refetch()} className="mt-6" />;
  } else if (page.total === 0 && !isFiltered) {
    content = (
      <EmptyState title="No contacts yet" action={<Button onClick={() => setFormContact(null)}>Add contact</Button>}>
        Leads arrive from the lead form on your card’s public page: when someone leaves their details there, they appear here and you get
        an email. You can also add a contact by hand.
      </EmptyState>
    );
  } else if (page.total === 0) {
    content = (
      <div className="mt-6 rounded-2xl bg-white p-10 text-center ring-1 ring-zinc-200">
        <p className="font-semibold">No contacts match your search and filters.</p>
        <Button variant="secondary" className="mt-4" onClick={clearFilters}>
          Clear search and filters
        </Button>
      </div>
    );
  } else {
    const number = pageNumber(currentPaging);
    content = (
      <>
        {selectedIds.size > 0 ? (
          <div className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-brand-50 px-4 py-2 ring-1 ring-brand-100" role="region" aria-label="Selection">
            <span className="text-sm font-medium">{selectedIds.size === 1 ? '1 contact selected' : `${selectedIds.size} contacts selected`}</span>
            <Button variant="danger" onClick={() => setToDelete({ ids: [...selectedIds], label: `${selectedIds.size} selected contacts` })}>
              Delete selected
            </Button>
            <Button variant="ghost" onClick={() => setSelectedIds(new Set())}>
              Clear selection
            </Button>
          </div>
        ) : null}
        <ContactsList
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
        <nav aria-label="Contacts pages" className="mt-6 flex items-center justify-center gap-3">
          <Button variant="secondary" disabled={number === 1 || contacts.isFetching} onClick={() => goTo(toPreviousPage(currentPaging))}>
            Previous page
          </Button>
          <span className="text-sm text-zinc-700" aria-live="polite">
            Page {number} of {pageCount(page.total, defaultContactPageSize)}
          </span>
          <Button
            variant="secondary"
            disabled={!page.nextCursor || contacts.isFetching}
            onClick={() => page.nextCursor && goTo(toNextPage(currentPaging, page.nextCursor))}
          >
            Next page
          </Button>
        </nav>
      </>
    );
  }

  return (
    <section aria-labelledby="contacts-title">
      <PageHeader
        titleId="contacts-title"
        title="Contacts"
        subtitle={page && page.total > 0 ? <p className="text-sm text-zinc-700">{page.total === 1 ? '1 contact' : `${page.total} contacts`}</p> : null}
        actions={
          <div className="flex flex-wrap gap-2">
            <ExportDialog filter={filter} total={page?.total ?? 0} />
            <Link to="/contacts/scan" className={buttonClass('secondary')}>
              Scan a card
            </Link>
            <Button onClick={() => setFormContact(null)}>Add contact</Button>
          </div>
        }
      />

      <div className="mt-6 grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-zinc-200 sm:grid-cols-2 lg:grid-cols-4" role="search">
        <InputField
          label="Search"
          type="search"
          placeholder="Name, email, company or phone"
          value={searchText}
          maxLength={100}
          onChange={(event) => {
            setSearchText(event.target.value);
            debouncedSearch.call(event.target.value);
          }}
        />
        <SelectList
          label="Card"
          value={filter.cardId || allValue}
          onValueChange={(value) => updateParams({ card: value === allValue ? null : value })}
          options={[{ value: allValue, label: 'All cards' }, ...(cards.data ?? []).map((card) => ({ value: card.id, label: card.name }))]}
        />
        <SelectList
          label="Kind"
          value={filter.kind || allValue}
          onValueChange={(value) => updateParams({ kind: value === allValue ? null : value })}
          options={[{ value: allValue, label: 'All kinds' }, ...contactKinds.map((kind) => ({ value: kind, label: contactKindLabels[kind] }))]}
        />
        <SelectList
          label="Sort"
          value={filter.sort}
          onValueChange={(value) => updateParams({ sort: value === 'newest' ? null : value })}
          options={contactSorts.map((sort) => ({ value: sort, label: contactSortLabels[sort] }))}
        />
      </div>

      {content}

      <ContactDrawer
        contactId={openContactId}
        onClose={() => updateParams({ contact: null }, { isFilterChange: false })}
        onEdit={(contact) => setFormContact(contact)}
        onDelete={(contact) => setToDelete({ ids: [contact.id], label: contactTitle(contact) })}
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
        title={toDelete && toDelete.ids.length > 1 ? `Delete ${toDelete.ids.length} contacts?` : 'Delete this contact?'}
        confirmLabel="Delete"
        isDanger
        isBusy={deleteContacts.isPending}
        onConfirm={() => void confirmDelete()}
      >
        <p>{toDelete ? `${toDelete.label} will be deleted. This cannot be undone.` : null}</p>
      </ConfirmDialog>
    </section>
  );
}
