import { useMemo, useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { CardView, cardViewCss, type CardViewData } from '@cardstack/card-view/card-view';
import { defaultImagePosition } from '@cardstack/shared/cards/images';
import { cardEditableFields, defaultCardTheme } from '@cardstack/shared/cards/schemas';
import { Button, buttonClass } from '../../components/ui/button';
import { InputField } from '../../components/ui/input-field';
import { ApiError } from '../../lib/api-client';
import { useMessages, type Translate } from '../../lib/i18n/messages';
import { notify } from '../../lib/notify';
import { useSessionUser } from '../../lib/session';
import { useCreateCard } from './api/create-card';
import { useCards } from './api/list-cards';
import { cardEditorPath } from './card-paths';
import { CardLimitDialog } from './components/card-limit-dialog';
import { cardsMessages } from './messages';
import { cardViewLabelsOf, usePageText } from './page-text/use-page-text';
import { useCardLimit } from './use-card-limit';

type CardsMessageId = keyof typeof cardsMessages.english;

/** The first card's essentials; everything else is filled in the editor afterwards. */
function firstCardSchemaOf(t: Translate<CardsMessageId>) {
  return cardEditableFields
    .pick({ name: true, jobTitle: true, companyName: true, email: true, phone: true })
    .refine((values) => values.name !== '', { message: t('enterName'), path: ['name'] });
}
type FirstCardValues = { name: string; jobTitle: string; companyName: string; email: string; phone: string };

const steps = [
  { titleId: 'stepAboutYou', fields: ['name', 'jobTitle', 'companyName'] as const },
  { titleId: 'stepReachYou', fields: ['email', 'phone'] as const },
] satisfies { titleId: CardsMessageId; fields: readonly (keyof FirstCardValues)[] }[];

const emptyImage = { url: null, alt: '', position: defaultImagePosition };

function FirstCardPreview({ control }: { control: Control<FirstCardValues> }) {
  const t = useMessages(cardsMessages);
  // No card yet, so no page language: the app's.
  const pageText = usePageText(undefined);
  const values = useWatch({ control });
  const card: CardViewData = {
    name: values.name ?? '',
    jobTitle: values.jobTitle ?? '',
    companyName: values.companyName ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    description: '',
    address: '',
    addressLink: '',
    emails: [],
    phones: [],
    addresses: [],
    coverImage: emptyImage,
    profilePicture: emptyImage,
    links: [],
    downloadableFiles: [],
    widgets: [],
    theme: defaultCardTheme,
  };
  return (
    // Light in a dark app too: the card shows in its own colours (styles.css, dark mode).
    <section data-theme="light" aria-labelledby="first-card-preview" className="rounded-2xl bg-zinc-100 p-4 text-zinc-900">
      <h2 id="first-card-preview" className="mb-3 text-sm font-semibold tracking-wide text-zinc-700 uppercase">
        {t('preview')}
      </h2>
      <style>{cardViewCss}</style>
      <CardView card={card} labels={cardViewLabelsOf(pageText, t('yourName'))} mode="preview" />
    </section>
  );
}

/**
 * Where a first Google sign-in lands: a short walk through the first card (who you are, how to reach you),
 * which is created and opened in the editor. Someone who already has cards is offered those instead.
 */
export default function OnboardingPage() {
  const t = useMessages(cardsMessages);
  const user = useSessionUser();
  const navigate = useNavigate();
  const cards = useCards();
  const createCard = useCreateCard();
  const cardLimit = useCardLimit();
  const [stepIndex, setStepIndex] = useState(0);
  const firstCardSchema = useMemo(() => firstCardSchemaOf(t), [t]);
  const { register, handleSubmit, trigger, control, formState } = useForm<FirstCardValues>({
    resolver: zodResolver(firstCardSchema),
    defaultValues: { name: user.displayName, jobTitle: '', companyName: '', email: user.email, phone: '' },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const step = steps[stepIndex]!;
  const isLastStep = stepIndex === steps.length - 1;
  const cardCount = cards.data?.length ?? 0;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const card = await createCard.mutateAsync(values);
      notify.success(t('created'));
      navigate(cardEditorPath(card.id));
    } catch (error) {
      notify.alert(error instanceof ApiError ? error.message : t('createFailed'));
    }
  });

  async function next() {
    if (await trigger(step.fields)) setStepIndex(stepIndex + 1);
  }

  return (
    <div className="mx-auto grid max-w-5xl items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="onboarding-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200 sm:p-8">
        <h1 id="onboarding-title" className="text-2xl font-bold">
          {t('welcome', { name: user.displayName })}
        </h1>
        <p className="mt-3 text-zinc-700">{t('welcomeText')}</p>
        {cardCount > 0 ? (
          <div className="mt-6 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
            <p className="text-sm text-zinc-800">{t(cardLimit.canCreateCard ? 'existingCardsCreate' : 'existingCardsUpgrade', { count: cardCount })}</p>
            <Link to="/customize" className={buttonClass('secondary', 'mt-3')}>
              {t('goToMyCards')}
            </Link>
          </div>
        ) : null}

        <form
          onSubmit={(event) => {
            event.preventDefault();
            // The plan's card allowance used up: the paid-feature dialog instead.
            if (isLastStep) return cardLimit.whenRoomForCard(() => void onSubmit());
            // Enter on an early step moves on rather than creating the card half-filled.
            void next();
          }}
          noValidate className="mt-8" aria-labelledby="onboarding-step-title">
          <p className="text-sm font-medium text-zinc-600">
            {t('stepOf', { step: stepIndex + 1, count: steps.length })}
          </p>
          <h2 id="onboarding-step-title" className="mt-1 text-lg font-semibold">
            {t(step.titleId)}
          </h2>
          <fieldset disabled={formState.isSubmitting} className="mt-4 flex flex-col gap-4">
            {stepIndex === 0 ? (
              <>
                <InputField label={t('name')} required autoComplete="name" error={errors.name?.message} {...register('name')} />
                <InputField label={t('jobTitle')} autoComplete="organization-title" error={errors.jobTitle?.message} {...register('jobTitle')} />
                <InputField label={t('company')} autoComplete="organization" error={errors.companyName?.message} {...register('companyName')} />
              </>
            ) : (
              <>
                <InputField label={t('email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
                <InputField label={t('phone')} type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
              </>
            )}
            <div className="mt-2 flex flex-wrap gap-3">
              {stepIndex > 0 ? (
                <Button variant="secondary" onClick={() => setStepIndex(stepIndex - 1)}>
                  {t('back')}
                </Button>
              ) : null}
              {/* Distinct keys: reusing the Next button's element as the submit button would let the click that
                  moved to the last step submit the form as well. */}
              {isLastStep ? (
                <Button key="create" type="submit" isLoading={formState.isSubmitting}>
                  {t('createMyCard')}
                </Button>
              ) : (
                <Button key="next" onClick={() => void next()}>
                  {t('next')}
                </Button>
              )}
            </div>
          </fieldset>
        </form>
      </section>
      <FirstCardPreview control={control} />
      <CardLimitDialog {...cardLimit.dialogProps} />
    </div>
  );
}
