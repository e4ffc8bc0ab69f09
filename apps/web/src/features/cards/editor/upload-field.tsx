import { useId, type ReactNode } from 'react';
import { FileInput } from '../../../components/ui/file-input';
import type { FileUpload } from '../../../components/ui/use-file-upload';
import { UploadProgress } from '../components/upload-progress';

/**
 * The file input of an editor upload setting, which uploads as soon as a file is chosen: what it takes (the
 * hint), the running upload's progress and the error, each announced with the input. `children` follow them.
 */
export function UploadField({
  label,
  accept,
  hint,
  progressLabel,
  disabled,
  upload,
  children,
}: {
  label: string;
  accept: string;
  hint: string;
  progressLabel: string;
  disabled: boolean;
  upload: FileUpload;
  children?: ReactNode;
}) {
  const inputId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <FileInput
        ref={upload.inputRef}
        id={inputId}
        label={label}
        accept={accept}
        disabled={disabled}
        aria-describedby={upload.error ? `${inputId}-error` : `${inputId}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload.start(file);
        }}
        className="max-w-full"
      />
      <p id={`${inputId}-hint`} className="text-xs text-zinc-600">
        {hint}
      </p>
      {upload.progress !== null ? <UploadProgress label={progressLabel} fraction={upload.progress} /> : null}
      {upload.error ? (
        <p id={`${inputId}-error`} className="text-sm text-red-700" role="alert">
          {upload.error}
        </p>
      ) : null}
      {children}
    </div>
  );
}
