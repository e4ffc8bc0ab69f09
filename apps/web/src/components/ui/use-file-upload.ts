import { useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useMessages } from '../../lib/i18n/messages';
import { uiMessages } from '../messages';

/** Sends the chosen file, reporting the upload's progress from 0 to 1. */
type SendFile = (file: File, onProgress: (fraction: number) => void) => Promise<void>;

/**
 * A file input that uploads as soon as a file is chosen: the upload's progress (null when none runs), its error,
 * and the input emptied afterwards, so that choosing the same file again uploads it again. A file over
 * `tooLarge.bytes` is refused before anything is sent.
 */
export function useFileUpload({ send, tooLarge }: { send: SendFile; tooLarge?: { bytes: number; message: string } }) {
  const t = useMessages(uiMessages);
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();

  async function start(file: File) {
    setError(undefined);
    if (tooLarge && file.size > tooLarge.bytes) {
      setError(tooLarge.message);
      return;
    }
    setProgress(0);
    try {
      await send(file, setProgress);
    } catch (uploadError) {
      setError(uploadError instanceof ApiError ? uploadError.message : t('uploadFailed'));
    } finally {
      setProgress(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  return { inputRef, progress, error, setError, start };
}

export type FileUpload = ReturnType<typeof useFileUpload>;
