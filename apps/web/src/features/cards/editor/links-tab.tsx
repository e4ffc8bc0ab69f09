import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { downloadableFileAccept, maxDownloadableFileBytes, maxDownloadableFilesPerCard } from '@cardstack/shared/cards/files';
import { linkKinds, type LinkKind } from '@cardstack/shared/cards/links';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { SelectList } from '../../../components/ui/select-list';
import { useFormat } from '../../../lib/i18n/format';
import { useMessages } from '../../../lib/i18n/messages';
import { removeCardFile, uploadCardFile } from '../api/card-files';
import type { CardEditorValues } from './card-form';
import { CardFeatureGate } from './card-feature-gate';
import { EditorSection } from './editor-section';
import { useCardEditorContext } from './editor-context';
import { fileSizeOf, linkKindLabelOf, linkPlaceholderOf } from './editor-texts';
import { editorMessages } from './messages';
import { UploadField } from './upload-field';
import { useValidationText } from '../../../lib/validation-messages';
import { useCardUpload } from './use-card-upload';

const maxLinks = 50;
const maxVideos = 10;

/**
 * The error of a field in a list, once the person has left the field or tried to save. The form validates
 * the whole list whenever a row is added, and a row just added should not greet anyone with "Enter a link".
 */
function useRowError() {
  const { getFieldState, formState } = useFormContext<CardEditorValues>();
  return (name: `links.${number}.url` | `links.${number}.label` | `widgets.${number}.url`) => {
    const state = getFieldState(name, formState);
    return state.isTouched || formState.isSubmitted ? state.error?.message : undefined;
  };
}

/** The editor's links tab: links of every kind, downloadable files and YouTube videos. */
export default function CardLinksTab() {
  return (
    <>
      <LinksSection />
      <FilesSection />
      <VideosSection />
    </>
  );
}

function LinksSection() {
  const t = useMessages(editorMessages);
  const words = useValidationText();
  const linkKindOptions = linkKinds.map((kind) => ({ value: kind, label: linkKindLabelOf(kind, t) }));
  const { control, register, formState } = useFormContext<CardEditorValues>();
  const rowError = useRowError();
  const links = useFieldArray({ control, name: 'links' });
  const kinds = useWatch<CardEditorValues, 'links'>({ name: 'links' }) ?? [];
  const errors = formState.errors.links;
  return (
    <EditorSection title={t('links')} description={t('linksText')}>
      {links.fields.length === 0 ? <p className="text-sm text-zinc-700">{t('noLinks')}</p> : null}
      <ol className="flex flex-col gap-4">
        {links.fields.map((field, index) => {
          const kind: LinkKind = kinds[index]?.kind ?? field.kind;
          const isCustom = kind === 'empty';
          const rowLabel = t('linkNumber', { number: index + 1 });
          return (
            <li key={field.id}>
              <fieldset className="rounded-xl border border-zinc-200 p-4">
                <legend className="px-1 text-sm font-semibold">{rowLabel}</legend>
                <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
                  <Controller
                    control={control}
                    name={`links.${index}.kind`}
                    render={({ field: kindField, fieldState }) => (
                      <SelectList
                        label={t('linkType')}
                        value={kindField.value}
                        options={linkKindOptions}
                        onValueChange={kindField.onChange}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                  <InputField
                    label={t('linkAddress')}
                    required
                    placeholder={linkPlaceholderOf(kind, t)}
                    autoComplete="off"
                    spellCheck={false}
                    error={rowError(`links.${index}.url`)}
                    {...register(`links.${index}.url`)}
                  />
                </div>
                <InputField
                  className="mt-3"
                  label={t(isCustom ? 'linkLabel' : 'linkLabelOptional')}
                  required={isCustom}
                  placeholder={isCustom ? t('customLinkPlaceholder') : linkKindLabelOf(kind, t)}
                  error={rowError(`links.${index}.label`)}
                  {...register(`links.${index}.label`)}
                />
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button variant="ghost" disabled={index === 0} onClick={() => links.move(index, index - 1)}>
                    {t('moveUp')}
                  </Button>
                  <Button variant="ghost" disabled={index === links.fields.length - 1} onClick={() => links.move(index, index + 1)}>
                    {t('moveDown')}
                  </Button>
                  <Button variant="ghost" className="text-red-700" onClick={() => links.remove(index)}>
                    {t('remove')}
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {errors?.root?.message || errors?.message ? <p className="text-sm text-red-700">{words(errors.root?.message ?? errors.message)}</p> : null}
      {links.fields.length < maxLinks ? (
        <Button variant="secondary" className="self-start" onClick={() => links.append({ kind: 'website', url: '', label: '' })}>
          {t('addLink')}
        </Button>
      ) : null}
    </EditorSection>
  );
}

function FilesSection() {
  const t = useMessages(editorMessages);
  const format = useFormat();
  const { card } = useCardEditorContext();
  const fileUpload = useCardUpload({
    upload: uploadCardFile,
    remove: removeCardFile,
    removeFailedMessage: t('fileRemoveFailed'),
    tooLarge: { bytes: maxDownloadableFileBytes, message: t('fileTooLarge') },
  });
  const files = card.downloadableFiles;
  const isFull = files.length >= maxDownloadableFilesPerCard;

  return (
    <EditorSection title={t('files')} description={t('filesText')}>
      <CardFeatureGate feature="attachments">
        {files.length === 0 ? (
          <p className="text-sm text-zinc-700">{t('noFiles')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-zinc-200 rounded-xl border border-zinc-200">
            {files.map((file) => (
              <li key={file.id} className="flex items-center gap-3 px-4 py-2">
                <span className="min-w-0 flex-1 text-sm break-all">{file.name}</span>
                <span className="text-xs text-zinc-600">{fileSizeOf(file.size, t, format)}</span>
                <Button
                  variant="ghost"
                  className="text-red-700"
                  aria-label={t('deleteFile', { name: file.name })}
                  isLoading={fileUpload.removingKey === file.id}
                  disabled={fileUpload.removingKey !== null}
                  onClick={() => void fileUpload.remove(file.id)}
                >
                  {t('delete')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <UploadField
          label={t('uploadFile')}
          accept={downloadableFileAccept}
          hint={t(isFull ? 'tooManyFiles' : 'filesHint', { max: maxDownloadableFilesPerCard })}
          progressLabel={t('fileProgress')}
          disabled={fileUpload.progress !== null || isFull}
          upload={fileUpload}
        />
      </CardFeatureGate>
    </EditorSection>
  );
}

function VideosSection() {
  const t = useMessages(editorMessages);
  const { control, register } = useFormContext<CardEditorValues>();
  const rowError = useRowError();
  const videos = useFieldArray({ control, name: 'widgets' });
  return (
    <EditorSection title={t('videos')} description={t('videosText')}>
      <CardFeatureGate feature="widgets">
        {videos.fields.map((field, index) => {
          const isOnly = videos.fields.length === 1;
          const label = isOnly ? t('videoLink') : t('numberedVideoLink', { number: index + 1 });
          const removeLabel = isOnly ? t('removeVideoLink') : t('removeNumberedVideoLink', { number: index + 1 });
          return (
            <div key={field.id} className="flex items-start gap-2">
              <InputField
                className="flex-1"
                label={label}
                required
                type="url"
                placeholder="https://www.youtube.com/watch?v=…"
                error={rowError(`widgets.${index}.url`)}
                {...register(`widgets.${index}.url`)}
              />
              <Button variant="ghost" className="mt-6 text-red-700" aria-label={removeLabel} onClick={() => videos.remove(index)}>
                {t('remove')}
              </Button>
            </div>
          );
        })}
        {videos.fields.length < maxVideos ? (
          <Button variant="secondary" className="self-start" onClick={() => videos.append({ kind: 'youtube', url: '' })}>
            {t('addVideo')}
          </Button>
        ) : null}
      </CardFeatureGate>
    </EditorSection>
  );
}
