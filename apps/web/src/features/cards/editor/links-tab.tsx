import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { formatFileSize } from '@cardstack/card-view/card-view';
import { downloadableFileAccept, fileMessages, maxDownloadableFileBytes, maxDownloadableFilesPerCard } from '@cardstack/shared/cards/files';
import { linkKindLabels, linkKindPlaceholders, linkKinds, type LinkKind } from '@cardstack/shared/cards/links';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { SelectList } from '../../../components/ui/select-list';
import { removeCardFile, uploadCardFile } from '../api/card-files';
import type { CardEditorValues } from './card-form';
import { CardFeatureGate } from './card-feature-gate';
import { EditorSection } from './editor-section';
import { useCardEditorContext } from './editor-context';
import { UploadField } from './upload-field';
import { useCardUpload } from './use-card-upload';

const maxLinks = 50;
const maxVideos = 10;
const linkKindOptions = linkKinds.map((kind) => ({ value: kind, label: linkKindLabels[kind] }));

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
  const { control, register, formState } = useFormContext<CardEditorValues>();
  const rowError = useRowError();
  const links = useFieldArray({ control, name: 'links' });
  const kinds = useWatch<CardEditorValues, 'links'>({ name: 'links' }) ?? [];
  const errors = formState.errors.links;
  return (
    <EditorSection title="Links" description="Your website, social profiles and any other link, in the order you want them shown.">
      {links.fields.length === 0 ? <p className="text-sm text-zinc-700">No links yet.</p> : null}
      <ol className="flex flex-col gap-4">
        {links.fields.map((field, index) => {
          const kind: LinkKind = kinds[index]?.kind ?? field.kind;
          const isCustom = kind === 'empty';
          const rowLabel = `Link ${index + 1}`;
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
                        label="Link type"
                        value={kindField.value}
                        options={linkKindOptions}
                        onValueChange={kindField.onChange}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                  <InputField
                    label="Link address"
                    required
                    placeholder={linkKindPlaceholders[kind]}
                    autoComplete="off"
                    spellCheck={false}
                    error={rowError(`links.${index}.url`)}
                    {...register(`links.${index}.url`)}
                  />
                </div>
                <InputField
                  className="mt-3"
                  label={isCustom ? 'Label' : 'Label (optional)'}
                  required={isCustom}
                  placeholder={isCustom ? 'What the link is called on the card' : linkKindLabels[kind]}
                  error={rowError(`links.${index}.label`)}
                  {...register(`links.${index}.label`)}
                />
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button variant="ghost" disabled={index === 0} onClick={() => links.move(index, index - 1)}>
                    Move up
                  </Button>
                  <Button variant="ghost" disabled={index === links.fields.length - 1} onClick={() => links.move(index, index + 1)}>
                    Move down
                  </Button>
                  <Button variant="ghost" className="text-red-700" onClick={() => links.remove(index)}>
                    Remove
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {errors?.root?.message || errors?.message ? <p className="text-sm text-red-700">{errors.root?.message ?? errors.message}</p> : null}
      {links.fields.length < maxLinks ? (
        <Button variant="secondary" className="self-start" onClick={() => links.append({ kind: 'website', url: '', label: '' })}>
          Add link
        </Button>
      ) : null}
    </EditorSection>
  );
}

function FilesSection() {
  const { card } = useCardEditorContext();
  const fileUpload = useCardUpload({
    upload: uploadCardFile,
    remove: removeCardFile,
    removeFailedMessage: 'The file could not be deleted. Please try again.',
    tooLarge: { bytes: maxDownloadableFileBytes, message: fileMessages.tooLarge },
  });
  const files = card.downloadableFiles;
  const isFull = files.length >= maxDownloadableFilesPerCard;

  return (
    <EditorSection title="Files" description="Documents people can download from your card, such as a brochure or a price list.">
      <CardFeatureGate feature="attachments">
        {files.length === 0 ? (
          <p className="text-sm text-zinc-700">No files yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-zinc-200 rounded-xl border border-zinc-200">
            {files.map((file) => (
              <li key={file.id} className="flex items-center gap-3 px-4 py-2">
                <span className="min-w-0 flex-1 text-sm break-all">{file.name}</span>
                <span className="text-xs text-zinc-600">{formatFileSize(file.size)}</span>
                <Button
                  variant="ghost"
                  className="text-red-700"
                  aria-label={`Delete ${file.name}`}
                  isLoading={fileUpload.removingKey === file.id}
                  disabled={fileUpload.removingKey !== null}
                  onClick={() => void fileUpload.remove(file.id)}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
        <UploadField
          label="Upload a file"
          accept={downloadableFileAccept}
          hint={isFull ? fileMessages.tooMany : `PDF, images, Word, Excel, PowerPoint, text or CSV, up to 10 MB; at most ${maxDownloadableFilesPerCard} files.`}
          progressLabel="File upload progress"
          disabled={fileUpload.progress !== null || isFull}
          upload={fileUpload}
        />
      </CardFeatureGate>
    </EditorSection>
  );
}

function VideosSection() {
  const { control, register } = useFormContext<CardEditorValues>();
  const rowError = useRowError();
  const videos = useFieldArray({ control, name: 'widgets' });
  return (
    <EditorSection title="YouTube videos" description="Paste a YouTube link (a watch, share, embed or Shorts link); the card plays it in place.">
      <CardFeatureGate feature="widgets">
        {videos.fields.map((field, index) => {
          const label = videos.fields.length === 1 ? 'YouTube video link' : `YouTube video ${index + 1} link`;
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
              <Button variant="ghost" className="mt-6 text-red-700" aria-label={`Remove ${label}`} onClick={() => videos.remove(index)}>
                Remove
              </Button>
            </div>
          );
        })}
        {videos.fields.length < maxVideos ? (
          <Button variant="secondary" className="self-start" onClick={() => videos.append({ kind: 'youtube', url: '' })}>
            Add YouTube video
          </Button>
        ) : null}
      </CardFeatureGate>
    </EditorSection>
  );
}
