import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { usernameField, usernameKey } from '@cardstack/shared/cards/username';
import { InputField } from '../../../components/ui/input-field';
import { useMessages } from '../../../lib/i18n/messages';
import { richText } from '../../../lib/i18n/rich-text';
import { useUsernameAvailability } from '../api/username-availability';
import { publicCardUrl } from '../card-paths';
import type { CardEditorValues } from './card-form';
import { editorMessages } from './messages';

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The card's username: part of its public address. While typing, the server is asked whether the name is
 * free (usernames are unique across all cards); the save checks again.
 */
export function UsernameField({ cardId, savedUsername }: { cardId: string; savedUsername: string }) {
  const t = useMessages(editorMessages);
  const { register, getFieldState, formState } = useFormContext<CardEditorValues>();
  const value = useWatch<CardEditorValues, 'username'>({ name: 'username' }) ?? '';
  const candidate = useDebouncedValue(value.trim(), 350);
  const shouldCheck = usernameField.safeParse(candidate).success && usernameKey(candidate) !== usernameKey(savedUsername);
  const availability = useUsernameAvailability(candidate, cardId, { enabled: shouldCheck });
  const error = getFieldState('username', formState).error?.message;
  const isTaken = shouldCheck && availability.data?.isAvailable === false;

  let status: string | null = null;
  if (shouldCheck && !error) {
    if (availability.isFetching) status = t('checkingUsername');
    else if (availability.data?.isAvailable) status = t('usernameAvailable');
  }

  return (
    <div className="flex flex-col gap-1">
      <InputField
        label={t('username')}
        required
        autoComplete="off"
        spellCheck={false}
        error={error ?? (isTaken ? t('usernameTaken') : undefined)}
        hint={richText(t('usernameHint', { url: publicCardUrl(value.trim() || savedUsername) }), {
          address: (url) => (
            <span dir="ltr" className="font-medium break-all">
              {url}
            </span>
          ),
        })}
        {...register('username')}
      />
      <p className="min-h-5 text-sm text-green-800" role="status">
        {status}
      </p>
    </div>
  );
}
