import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useBlocker, useLocation, useNavigate, useParams } from 'react-router';
import type { Card } from '@cardstack/shared/cards/schemas';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { useOffline } from '../../../lib/offline/use-offline';
import { rememberCard } from '../api/card-keys';
import { useCard } from '../api/get-card';
import { useUpdateCard } from '../api/update-card';
import { cardDisplayTitle, cardsAreaOf, publicCardPath } from '../card-paths';
import { DeleteCardDialog } from '../components/delete-card-dialog';
import { cardsMessages } from '../messages';
import { useCardActions } from '../use-card-actions';
import { CardPreview } from './card-preview';
import { QrCodePanel } from './qr-code-panel';
import {
  cardEditorSchema,
  editorTabOf,
  editorTabs,
  toEditorValues,
  type CardEditorOutput,
  type CardEditorValues,
  type EditorTab,
} from './card-form';
import type { CardEditorContext } from './editor-context';
import { editorMessages } from './messages';

/** /customize/edit/{cardId}: loads the card, then the editor with its tabs and the live preview. */
export default function CardEditorPage() {
  const t = useMessages(editorMessages);
  const cardsText = useMessages(cardsMessages);
  const { cardId = '' } = useParams();
  const card = useCard(cardId);
  if (card.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('loadingCard')} />
      </div>
    );
  }
  if (card.isError) {
    const isMissing = card.error instanceof ApiError && card.error.status === 404;
    const area = cardsAreaOf(window.location.pathname);
    return (
      <div role="alert" className="mx-auto max-w-md rounded-2xl bg-white p-8 text-center ring-1 ring-zinc-200">
        <h1 className="text-xl font-bold">{isMissing ? cardsText('notFound') : t('loadFailed')}</h1>
        <Link to={area.listPath} className={buttonClass('secondary', 'mt-6')}>
          {t(area.isTeam ? 'backToTeamCards' : 'backToMyCards')}
        </Link>
      </div>
    );
  }
  // A new form per card: moving from one card's editor to another's never carries values over.
  return <CardEditor key={card.data.id} card={card.data} />;
}

function CardEditor({ card }: { card: Card }) {
  const t = useMessages(editorMessages);
  const cardsText = useMessages(cardsMessages);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const update = useUpdateCard(card.id);
  const actions = useCardActions();
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const isLeavingOnPurpose = useRef(false);
  const form = useForm<CardEditorValues, unknown, CardEditorOutput>({
    resolver: zodResolver(cardEditorSchema),
    defaultValues: toEditorValues(card),
    mode: 'onTouched',
  });
  const { formState } = form;
  // Offline the card is the last one kept (docs/offline.md): it shows, and waits for the network to be saved.
  const isOffline = useOffline();
  // Team cards keep their editor under /customize/teams-cards.
  const area = cardsAreaOf(location.pathname);
  const basePath = area.editorPath(card.id);
  const currentTab = (location.pathname.slice(basePath.length).replace(/^\/|\/$/g, '') as EditorTab) || '';

  // The save bar sticks to the bottom of the window: keep a focused field from scrolling in under it.
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.scrollPaddingBottom;
    root.style.scrollPaddingBottom = '6rem';
    return () => {
      root.style.scrollPaddingBottom = previous;
    };
  }, []);

  const blocker = useBlocker(
    ({ nextLocation }) => formState.isDirty && !isLeavingOnPurpose.current && !nextLocation.pathname.startsWith(basePath),
  );

  // Only after a save was tried: adding a row validates the whole list, and an empty new row is not a mistake yet.
  const tabsWithErrors = new Set(formState.isSubmitted ? Object.keys(formState.errors).map((field) => editorTabOf(field)) : []);

  function showTabOf(fields: string[]) {
    const tabs = fields.map(editorTabOf).filter((tab): tab is EditorTab => tab !== null);
    if (tabs.length > 0 && !tabs.includes(currentTab)) navigate(area.editorPath(card.id, tabs[0]));
  }

  // The saved card (with the values as the server normalised them) becomes the form's new starting point once
  // the submit has finished: a reset inside the submit handler would be overwritten by the form's own
  // "submitted" state, leaving the save bar and the tabs reporting errors of a form that was saved.
  const savedCard = useRef<Card | null>(null);
  const { reset } = form;
  useEffect(() => {
    if (formState.isSubmitSuccessful && savedCard.current) {
      reset(toEditorValues(savedCard.current));
      savedCard.current = null;
    }
  }, [formState.isSubmitSuccessful, reset]);

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        savedCard.current = await update.mutateAsync(values);
        notify.success(cardsText('saved'));
      } catch (error) {
        if (!(error instanceof ApiError)) {
          notify.alert(t('saveFailed'));
          return;
        }
        const placed = Object.entries(error.fields).filter(([field]) => editorTabOf(field) !== null);
        for (const [field, message] of placed) form.setError(field as FieldPath<CardEditorValues>, { message });
        if (placed.length > 0) showTabOf(placed.map(([field]) => field));
        else notify.alert(error.message);
      }
    },
    (errors: FieldErrors<CardEditorValues>) => showTabOf(Object.keys(errors)),
  );

  const context: CardEditorContext = {
    card,
    onCardSaved: (saved) => {
      void rememberCard(queryClient, saved);
      notify.success(cardsText('saved'));
    },
  };

  const title = cardDisplayTitle(card, cardsText('untitledCard'));
  const hasErrors = tabsWithErrors.size > 0;

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <Link to={area.listPath} className="text-sm font-medium text-brand-700 underline">
            <span className="inline-block rtl:-scale-x-100">←</span> {cardsText(area.isTeam ? 'teamCards' : 'myCards')}
          </Link>
          <h1 className="mt-2 text-2xl font-bold">{t('editCard')}</h1>
          <p className="mt-1 text-sm break-words text-zinc-700">{title}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={publicCardPath(card.username)} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
            {cardsText('openPublicPage')}
          </a>
          <Button variant="ghost" className="text-red-700" onClick={() => setIsDeleteOpen(true)}>
            {cardsText('deleteCard')}
          </Button>
        </div>
      </div>

      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate aria-label={t('formLabel')}>
            <nav aria-label={t('sectionsLabel')} className="mb-6 flex gap-1 overflow-x-auto border-b border-zinc-200">
              {editorTabs.map((tab) => (
                <NavLink
                  key={tab.path}
                  to={area.editorPath(card.id, tab.path)}
                  end
                  className={({ isActive }) =>
                    `-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap ${
                      isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-zinc-700 hover:text-zinc-900'
                    }`
                  }
                >
                  {t(tab.labelId)}
                  {tabsWithErrors.has(tab.path) ? (
                    <span className="inline-flex items-center">
                      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-red-600" />
                      <span className="sr-only">{t('hasErrors')}</span>
                    </span>
                  ) : null}
                </NavLink>
              ))}
            </nav>
            <fieldset disabled={formState.isSubmitting} className="flex min-w-0 flex-col gap-6">
              <Outlet context={context} />
            </fieldset>
            <div className="sticky bottom-0 z-10 mt-6 flex flex-wrap items-center justify-end gap-3 border-t border-zinc-200 bg-zinc-50/95 py-3 backdrop-blur">
              <p className="me-auto text-sm text-zinc-700" role="status">
                {hasErrors ? (
                  <span className="text-red-700">{t('fieldsNeedAttention')}</span>
                ) : formState.isDirty ? (
                  t('unsavedChanges')
                ) : null}
              </p>
              <Button type="submit" isLoading={formState.isSubmitting} disabled={isOffline}>
                {t('saveChanges')}
              </Button>
            </div>
          </form>
          <section aria-labelledby="preview-title" className="lg:sticky lg:top-4">
            <h2 id="preview-title" className="mb-3 text-sm font-semibold tracking-wide text-zinc-700 uppercase">
              {cardsText('preview')}
            </h2>
            <CardPreview card={card} />
            <QrCodePanel card={card} />
          </section>
        </FormProvider>
      </div>

      <DeleteCardDialog
        card={isDeleteOpen ? card : null}
        isBusy={actions.isDeleting}
        onCancel={() => setIsDeleteOpen(false)}
        onConfirm={(target) => {
          isLeavingOnPurpose.current = true;
          void actions.remove(target).then((isDone) => {
            if (!isDone) isLeavingOnPurpose.current = false;
          });
        }}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && blocker.state === 'blocked') blocker.reset();
        }}
        title={t('leaveTitle')}
        confirmLabel={t('leave')}
        cancelLabel={t('stay')}
        onConfirm={() => blocker.proceed?.()}
      >
        <p>{t('leaveText')}</p>
      </ConfirmDialog>
    </div>
  );
}
