import type { SessionUser } from '@cardstack/shared/auth/schemas';
import { Button } from '../../../components/ui/button';
import { useFileUpload } from '../../../components/ui/use-file-upload';
import { useMessages } from '../../../lib/i18n/messages';
import { notify } from '../../../lib/notify';
import { refreshSession } from '../../../lib/session';
import { removeAccountPhoto, uploadAccountPhoto } from '../api/account-photo';
import { settingsMessages } from '../messages';

/** The profile photo: upload (with its progress) or remove. */
export function PhotoForm({ user }: { user: SessionUser }) {
  const t = useMessages(settingsMessages);
  const photoUpload = useFileUpload({
    send: async (file, onProgress) => {
      await uploadAccountPhoto(file, onProgress);
      await refreshSession();
      notify.success(t('changesSaved'));
    },
  });
  const { progress, error } = photoUpload;

  async function remove() {
    await removeAccountPhoto();
    await refreshSession();
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      {user.photoUrl ? (
        <img src={user.photoUrl} alt={t('yourPhoto')} width={72} height={72} className="h-18 w-18 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-18 w-18 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-700">
          {user.displayName.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="flex flex-col gap-2">
        <label className="text-sm font-medium" htmlFor="photo-upload">
          {t('profilePhoto')}
        </label>
        <input
          ref={photoUpload.inputRef}
          id="photo-upload"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          disabled={progress !== null}
          aria-describedby={error ? 'photo-error' : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void photoUpload.start(file);
          }}
          className="text-sm"
        />
        {progress !== null ? <progress aria-label={t('uploadProgress')} max={1} value={progress} className="w-48" /> : null}
        {error ? (
          <p id="photo-error" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {user.photoUrl ? (
          <Button variant="ghost" className="self-start" onClick={() => void remove()}>
            {t('removePhoto')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
