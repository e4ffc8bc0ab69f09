import { useId, useRef, useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { formatFileSize } from '@cardstack/card-view/card-view';
import { downloadableFileAccept, fileMessages, maxDownloadableFileBytes, maxDownloadableFilesPerCard } from '@cardstack/shared/cards/files';
import { linkKindLabels, linkKindPlaceholders, linkKinds, type LinkKind } from '@cardstack/shared/cards/links';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/input-field';
import { SelectList } from '../../../components/ui/select-list';
import { ApiError } from '../../../lib/api-client';
import { removeCardFile, uploadCardFile } from '../api/cards-api';
import { UploadProgress } from '../components/upload-progress';
import type { CardEditorValues } from './card-form';
import { CardFeatureGate } from './card-feature-gate';
import { EditorSection } from './editor-section';
import { useCardEditorContext } from './editor-context';

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
  const { card, onCardSaved } = useCardEditorContext();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const files = card.downloadableFiles;
  const isFull = files.length >= maxDownloadableFilesPerCard;

  async function upload(file: File) {
    setError(undefined);
    if (file.size > maxDownloadableFileBytes) {
      setError(fileMessages.tooLarge);
      return;
    }
    setProgress(0);
    try {
      onCardSaved(await uploadCardFile(card.id, file, setProgress));
    } catch (uploadError) {
      setError(uploadError instanceof ApiError ? uploadError.message : 'The upload failed. Please try again.');
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  async function remove(fileId: string) {
    setError(undefined);
    setRemovingId(fileId);
    try {
      onCardSaved(await removeCardFile(card.id, fileId));
    } catch (removeError) {
      setError(removeError instanceof ApiError ? removeError.message : 'The file could not be deleted. Please try again.');
    } finally {
      setRemovingId(null);
    }
  }

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
                  isLoading={removingId === file.id}
                  disabled={removingId !== null}
                  onClick={() => void remove(file.id)}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-col gap-2">
          <label htmlFor={inputId} className="text-sm font-medium text-zinc-800">
            Upload a file
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={downloadableFileAccept}
            disabled={progress !== null || isFull}
            aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
            className="max-w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700"
          />
          <p id={`${inputId}-hint`} className="text-xs text-zinc-600">
            {isFull ? fileMessages.tooMany : `PDF, images, Word, Excel, PowerPoint, text or CSV, up to 10 MB; at most ${maxDownloadableFilesPerCard} files.`}
          </p>
          {progress !== null ? <UploadProgress label="File upload progress" fraction={progress} /> : null}
          {error ? (
            <p id={`${inputId}-error`} className="text-sm text-red-700" role="alert">
              {error}
            </p>
          ) : null}
        </div>
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
