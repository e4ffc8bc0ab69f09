import { useId, type KeyboardEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { isHexColour, normaliseHexColour } from '@cardstack/shared/cards/hex-colour';
import { chosenOf, hexToRgbString, passContent, sixDigitHex, type PassField } from '@cardstack/shared/wallet/pass-content';
import {
  applePassSettingsInput,
  googlePassSettingsInput,
  type PassFieldChoice,
  type WalletResponse,
  type WalletVendor,
} from '@cardstack/shared/wallet/schemas';
import { publicCardResourcePaths } from '@cardstack/shared/public-card/schemas';
import type { Card } from '@cardstack/shared/cards/schemas';
import { Button, buttonClass } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { placeServerErrors } from '../../../lib/form-errors';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { useCardWallet } from '../api/card-wallet';
import { useSaveWalletSettings } from '../api/save-wallet-settings';
import { CardFeatureGate } from './card-feature-gate';
import type { CardEditorValues } from './card-form';
import { useCardEditorContext } from './editor-context';
import { EditorSection } from './editor-section';
import { editorMessages, type EditorMessageId } from './messages';
import { passLabelMessages } from './pass-labels/messages';
import { pageTextMessages } from '../page-text/messages';

/*
 * The Apple Wallet and Google Wallet tabs: the pass's colours and which phones, emails and addresses it carries,
 * a live preview of its front, the download or "Add to Google Wallet" button and the state of the server's
 * credentials. They save on their own (the card's form saves the card); paid, behind the overlay on Basic.
 */

type ColourName = 'foregroundColor' | 'labelColor' | 'backgroundColor';
/** The tab's settings as edited: Google's pass has the background colour only, Apple's all three. */
type Draft = PassFieldChoice & { backgroundColor: string; foregroundColor?: string; labelColor?: string };
type ChoiceName = keyof PassFieldChoice;

/** Each colour's field and picker, by their messages in the editor's catalog. */
type ColourTexts = [ColourName, EditorMessageId, EditorMessageId];

const vendorTexts = {
  apple: {
    feature: 'appleWallet',
    title: 'applePassTitle',
    description: 'applePassText',
    preview: 'applePassPreview',
    colours: [
      ['backgroundColor', 'backgroundColour', 'backgroundColourPicker'],
      ['foregroundColor', 'textColour', 'textColourPicker'],
      ['labelColor', 'labelColour', 'labelColourPicker'],
    ] as ColourTexts[],
  },
  google: {
    feature: 'googleWallet',
    title: 'googlePassTitle',
    description: 'googlePassText',
    preview: 'googlePassPreview',
    colours: [['backgroundColor', 'backgroundColour', 'backgroundColourPicker']] as ColourTexts[],
  },
} as const satisfies Record<WalletVendor, { title: EditorMessageId; description: EditorMessageId; preview: EditorMessageId } & Record<string, unknown>>;

const choiceLabels: Record<ChoiceName, EditorMessageId> = { phones: 'phonesOnPass', emails: 'emailsOnPass', addresses: 'addressesOnPass' };

/** The native picker only speaks #rrggbb; the text field takes every form the hex rule allows. */
const pickerValue = (value: string) => (isHexColour(value) ? sixDigitHex(normaliseHexColour(value)) : '#000000');

function PassPreview({ vendor, card, draft }: { vendor: WalletVendor; card: Card; draft: Draft }) {
  const t = useMessages(editorMessages);
  const passLabel = useMessages(passLabelMessages);
  const values = useWatch<CardEditorValues>() as Partial<CardEditorValues>;
  const live = {
    title: values.title ?? card.title,
    username: values.username?.trim() || card.username,
    name: values.name ?? card.name,
    jobTitle: values.jobTitle ?? card.jobTitle,
    companyName: values.companyName ?? card.companyName,
    phone: values.phone ?? card.phone,
    phones: values.phones ?? card.phones,
    email: values.email ?? card.email,
    emails: values.emails ?? card.emails,
    address: values.address ?? card.address,
    addresses: values.addresses ?? card.addresses,
  };
  const content = passContent(live, draft, `${window.location.origin}/id/${card.id}/`);
  const colour = (name: ColourName, fallback: string) => {
    const value = draft[name];
    return value && isHexColour(value) ? (vendor === 'apple' ? hexToRgbString(value) : sixDigitHex(value)) : fallback;
  };
  const background = colour('backgroundColor', '#ffffff');
  const foreground = vendor === 'apple' ? colour('foregroundColor', '#111827') : undefined;
  const label = vendor === 'apple' ? colour('labelColor', '#6b7280') : undefined;
  // An Apple pass shows its labels in the phone's language (here the app's); a Google pass in English for now.
  const fieldLabel = (field: PassField) => {
    if (vendor !== 'apple') return field.label;
    const name = passLabel(field.labelId);
    return field.number === undefined ? name : passLabel('numbered', { label: name, number: field.number });
  };
  return (
    <figure aria-label={t(vendorTexts[vendor].preview)} className="mx-auto w-full max-w-xs">
      <div className="flex flex-col gap-3 rounded-2xl p-4 shadow-md ring-1 ring-zinc-200" style={{ background, color: foreground }}>
        <div className="flex items-start justify-between gap-2 text-sm font-semibold">
          <span>{content.header[0]?.value ?? ''}</span>
        </div>
        {content.primary.map((field) => (
          <p key={field.key} className="text-2xl leading-tight font-semibold break-words" data-pass-field={field.key}>
            {field.value}
          </p>
        ))}
        {[...content.secondary, ...content.auxiliary].map((field) => (
          <div key={field.key} data-pass-field={field.key}>
            <p className="text-[0.65rem] font-semibold tracking-wide uppercase" style={{ color: label }}>
              {fieldLabel(field)}
            </p>
            <p className="text-sm break-words">{field.value}</p>
          </div>
        ))}
        <div className="mt-2 flex justify-center rounded-lg bg-white p-2">
          <img src={publicCardResourcePaths.qrSvg(card.id)} alt={t('passQrAlt')} width={128} height={128} />
        </div>
      </div>
      <figcaption className="mt-2 text-center text-xs text-zinc-700">
        {t('fieldsOnBack', { count: content.back.length - 1 + (vendor === 'apple' ? content.details.length : 0) })}
      </figcaption>
    </figure>
  );
}

function FieldChoice({ name, values, chosen, onChange }: { name: ChoiceName; values: string[]; chosen: string[] | null; onChange: (next: string[] | null) => void }) {
  const t = useMessages(editorMessages);
  const groupId = useId();
  if (values.length === 0) return null;
  const isChecked = (value: string) => chosen === null || chosen.includes(value);
  return (
    <fieldset aria-labelledby={groupId} className="flex flex-col gap-2">
      <legend id={groupId} className="text-sm font-semibold text-zinc-900">
        {t(choiceLabels[name])}
      </legend>
      {values.map((value) => (
        <label key={value} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={isChecked(value)}
            onChange={(event) => {
              const next = values.filter((candidate) => (candidate === value ? event.target.checked : isChecked(candidate)));
              onChange(next.length === values.length ? null : next);
            }}
            className="h-4 w-4 rounded border-zinc-400"
          />
          <span className="break-all">{value}</span>
        </label>
      ))}
    </fieldset>
  );
}

function WalletSettingsForm({ vendor, wallet }: { vendor: WalletVendor; wallet: WalletResponse }) {
  const t = useMessages(editorMessages);
  const pageText = useMessages(pageTextMessages);
  const { card } = useCardEditorContext();
  const texts = vendorTexts[vendor];
  const save = useSaveWalletSettings(card.id, vendor);
  // Google's input is Apple's without two colours: both are checked as the tab's one draft.
  const schema: z.ZodType<Draft, Draft> = vendor === 'apple' ? applePassSettingsInput : googlePassSettingsInput;
  // Its own form, not a <form>: the tab sits inside the card's form, and saves on its own.
  const { control, register, handleSubmit, reset, setValue, setError, watch, formState } = useForm<Draft>({
    resolver: zodResolver(schema),
    defaultValues: { ...wallet.settings[vendor] },
  });
  const draft = watch();
  const values = useWatch<CardEditorValues>() as Partial<CardEditorValues>;
  const available: Record<ChoiceName, string[]> = {
    phones: chosenOf(values.phone ?? card.phone, values.phones ?? card.phones, null),
    emails: chosenOf(values.email ?? card.email, values.emails ?? card.emails, null),
    addresses: chosenOf(values.address ?? card.address, values.addresses ?? card.addresses, null),
  };
  const status = wallet[vendor];

  const onSave = handleSubmit(async (settings) => {
    try {
      const saved = await save.mutateAsync(settings);
      reset({ ...saved.settings[vendor] });
      notify.success(t('passSettingsSaved'));
    } catch (error) {
      const unplaced = placeServerErrors(error, setError, ['foregroundColor', 'labelColor', 'backgroundColor', 'phones', 'emails', 'addresses']);
      if (unplaced) notify.alert(error instanceof ApiError ? unplaced : t('passSettingsSaveFailed'));
    }
  });

  // Enter in a field of this tab saves the pass, not the card around it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      void onSave();
    }
  };

  return (
    <div className="flex flex-col gap-6" onKeyDown={onKeyDown}>
      <EditorSection title={t(texts.title)} description={t(texts.description)}>
        <p role="status" className="rounded-lg bg-zinc-100 p-3 text-sm text-zinc-800" data-wallet-state={status.state}>
          {t(`walletState.${status.state}`)}
          {status.devices !== null ? ` ${t('passDevices', { count: status.devices })}` : null}
        </p>
        <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_auto]">
          <div className="flex flex-col gap-4">
            {texts.colours.map(([name, labelId, pickerId]) => (
              <div key={name} className="flex items-start gap-3">
                <input
                  type="color"
                  aria-label={t(pickerId)}
                  value={pickerValue(draft[name] ?? '')}
                  onChange={(event) => setValue(name, event.target.value, { shouldDirty: true })}
                  className="mt-6 h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-zinc-300 bg-white p-1"
                />
                <InputField
                  className="min-w-0 flex-1"
                  label={t(labelId)}
                  spellCheck={false}
                  autoComplete="off"
                  error={formState.errors[name]?.message}
                  {...register(name)}
                />
              </div>
            ))}
            {(Object.keys(choiceLabels) as ChoiceName[]).map((name) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => <FieldChoice name={name} values={available[name]} chosen={field.value ?? null} onChange={field.onChange} />}
              />
            ))}
          </div>
          <PassPreview vendor={vendor} card={card} draft={draft} />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void onSave()} isLoading={formState.isSubmitting}>
            {t('savePassSettings')}
          </Button>
          {status.state === 'not-configured' ? null : vendor === 'apple' ? (
            <a href={wallet.appleDownloadPath} download="" className={buttonClass('secondary')}>
              {t('downloadApplePass')}
            </a>
          ) : (
            <a href={wallet.googleSavePath} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
              {pageText('addToGoogleWallet')}
            </a>
          )}
        </div>
      </EditorSection>
    </div>
  );
}

function WalletTabContent({ vendor }: { vendor: WalletVendor }) {
  const t = useMessages(editorMessages);
  const { card } = useCardEditorContext();
  const wallet = useCardWallet(card.id);
  if (wallet.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('loadingPassSettings')} />
      </div>
    );
  }
  if (wallet.isError) {
    return (
      <p role="alert" className="rounded-2xl bg-white p-6 text-sm ring-1 ring-zinc-200">
        {wallet.error instanceof ApiError ? wallet.error.message : t('passSettingsLoadFailed')}
      </p>
    );
  }
  return <WalletSettingsForm vendor={vendor} wallet={wallet.data} />;
}

/** What the overlay dims on Basic: the tab's outline, with nothing of the card's data fetched. */
function WalletTabPlaceholder({ vendor }: { vendor: WalletVendor }) {
  const t = useMessages(editorMessages);
  const texts = vendorTexts[vendor];
  return (
    <EditorSection title={t(texts.title)} description={t(texts.description)}>
      <div className="h-48 rounded-2xl bg-zinc-200" />
    </EditorSection>
  );
}

export function WalletTab({ vendor }: { vendor: WalletVendor }) {
  return (
    <CardFeatureGate feature={vendorTexts[vendor].feature} preview={<WalletTabPlaceholder vendor={vendor} />}>
      <WalletTabContent vendor={vendor} />
    </CardFeatureGate>
  );
}
