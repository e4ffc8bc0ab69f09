import type { ContactSummary } from '@cardstack/shared/contacts/schemas';
import { useFormat } from '../../../lib/i18n/format';
import { contactKindMessages, contactTitle } from '../contact-format';
import type { ContactsTranslate } from '../messages';

interface ContactsListProps {
  t: ContactsTranslate;
  contacts: readonly ContactSummary[];
  selectedIds: ReadonlySet<string>;
  onToggle: (contactId: string) => void;
  onToggleAll: () => void;
  onOpen: (contactId: string) => void;
}

const openButtonClass = 'text-start font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

/** The page of contacts: a table from medium screens up, a list of cards on phones. */
export function ContactsList({ t, contacts, selectedIds, onToggle, onToggleAll, onOpen }: ContactsListProps) {
  const format = useFormat();
  const isAllSelected = contacts.length > 0 && contacts.every((contact) => selectedIds.has(contact.id));
  return (
    <>
      <div className="mt-4 hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-zinc-200 md:block">
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t('title')}</caption>
          <thead className="border-b border-zinc-200 bg-zinc-50 text-xs tracking-wide text-zinc-600 uppercase">
            <tr>
              <th scope="col" className="w-10 px-4 py-3">
                <input type="checkbox" aria-label={t('selectAllOnPageLabel')} checked={isAllSelected} onChange={onToggleAll} />
              </th>
              <th scope="col" className="px-3 py-3">
                {t('columnName')}
              </th>
              <th scope="col" className="px-3 py-3">
                {t('columnEmail')}
              </th>
              <th scope="col" className="px-3 py-3">
                {t('columnPhone')}
              </th>
              <th scope="col" className="px-3 py-3">
                {t('columnCompany')}
              </th>
              <th scope="col" className="px-3 py-3">
                {t('columnCard')}
              </th>
              <th scope="col" className="px-3 py-3">
                {t('columnKind')}
              </th>
              <th scope="col" className="px-3 py-3">
                {t('columnAdded')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {contacts.map((contact) => (
              <tr key={contact.id} className={selectedIds.has(contact.id) ? 'bg-brand-50' : 'hover:bg-zinc-50'}>
                <td className="px-4 py-3">
                  <input
                    type="checkbox"
                    aria-label={t('selectContact', { name: contactTitle(contact, t) })}
                    checked={selectedIds.has(contact.id)}
                    onChange={() => onToggle(contact.id)}
                  />
                </td>
                <td className="max-w-56 px-3 py-3 break-words">
                  <button type="button" className={openButtonClass} onClick={() => onOpen(contact.id)}>
                    {contactTitle(contact, t)}
                  </button>
                  {contact.jobTitle ? <span className="block text-xs text-zinc-600">{contact.jobTitle}</span> : null}
                </td>
                <td className="max-w-56 px-3 py-3 break-all">{contact.email}</td>
                <td className="px-3 py-3 whitespace-nowrap">{contact.phone}</td>
                <td className="max-w-48 px-3 py-3 break-words">{contact.company}</td>
                <td className="max-w-40 px-3 py-3 break-words">{contact.cardName ?? ''}</td>
                <td className="px-3 py-3 whitespace-nowrap">{t(contactKindMessages[contact.kind])}</td>
                <td className="px-3 py-3 whitespace-nowrap">{format.date(contact.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="mt-4 md:hidden">
        <label className="flex items-center gap-2 px-1 text-sm text-zinc-700">
          <input type="checkbox" checked={isAllSelected} onChange={onToggleAll} />
          {t('selectAllOnPage')}
        </label>
        <ul className="mt-2 flex flex-col gap-3">
          {contacts.map((contact) => (
            <li key={contact.id}>
              <article className={`rounded-2xl p-4 shadow-sm ring-1 ring-zinc-200 ${selectedIds.has(contact.id) ? 'bg-brand-50' : 'bg-white'}`}>
                <div className="flex items-start gap-3">
                  <input
                    type="checkbox"
                    className="mt-1"
                    aria-label={t('selectContact', { name: contactTitle(contact, t) })}
                    checked={selectedIds.has(contact.id)}
                    onChange={() => onToggle(contact.id)}
                  />
                  <div className="min-w-0 flex-1">
                    <button type="button" className={`${openButtonClass} break-words`} onClick={() => onOpen(contact.id)}>
                      {contactTitle(contact, t)}
                    </button>
                    <p className="text-sm break-words text-zinc-700">{[contact.jobTitle, contact.company].filter(Boolean).join(' · ')}</p>
                    {contact.email ? <p className="text-sm break-all text-zinc-800">{contact.email}</p> : null}
                    {contact.phone ? <p className="text-sm text-zinc-800">{contact.phone}</p> : null}
                    <p className="mt-1 text-xs text-zinc-600">
                      {t(contactKindMessages[contact.kind])}
                      {contact.cardName ? ` · ${contact.cardName}` : ''} · {format.date(contact.createdAt)}
                    </p>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
