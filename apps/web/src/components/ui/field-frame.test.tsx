import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it } from 'vitest';
import { registerInput, type RegisterInput } from '@cardstack/shared/auth/schemas';
import { updateCardInput } from '@cardstack/shared/cards/schemas';
import { firstMessage } from '../../lib/form-errors';
import { setAppPreferences, type AppLocale } from '../../lib/i18n/app-locale';
import { validationText } from '../../lib/validation-messages';
import { FieldFrame } from './field-frame';
import { FormAlert } from './form-alert';

/*
 * A field's error from the shared schema, through react-hook-form's zod resolver as a form gets it, shows in the
 * app's language; the server's messages (already in words) show as they are.
 */

/** The page's HTML once every catalog it waits for has arrived. */
async function htmlOf(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(<Suspense fallback="loading">{node}</Suspense>);
  return new Response(prelude).text();
}

/** The field errors a form gets from the schema, as react-hook-form's resolver gives them. */
async function errorsOf(values: RegisterInput) {
  const result = await zodResolver(registerInput)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return result.errors as Record<string, { message?: string }>;
}

function field(message: string | undefined) {
  return (
    <FieldFrame label="Password" error={message}>
      {(control) => <input {...control} />}
    </FieldFrame>
  );
}

afterEach(() => setAppPreferences({ locale: 'en' }));

describe('a field’s error', () => {
  const tooShort = { name: 'Ada', email: 'ada@example.com', password: 'short' };

  it.each<[AppLocale, string]>([
    ['en', 'Password must be at least 8 characters'],
    ['de', 'Das Passwort muss mindestens 8 Zeichen lang sein'],
    ['ja', 'パスワードは8文字以上で入力してください'],
    ['ar', 'يجب ألا يقل عدد أحرف كلمة المرور عن 8'],
  ])('shows in the app’s language: %s', async (locale, words) => {
    setAppPreferences({ locale });
    const html = await htmlOf(field((await errorsOf(tooShort)).password?.message));
    expect(html).toContain(`>${words}</p>`);
    expect(html).toContain('aria-invalid="true"');
  });

  it('shows a message that is not keyed (the server’s, already in words) as it is', async () => {
    setAppPreferences({ locale: 'de' });
    expect(await htmlOf(field('Dieser Benutzername ist bereits vergeben'))).toContain('>Dieser Benutzername ist bereits vergeben</p>');
    expect(await htmlOf(field(undefined))).not.toContain('aria-invalid');
  });

  it('of a list item, above the form, and outside rendering, is in words too', async () => {
    setAppPreferences({ locale: 'fr' });
    const parsed = updateCardInput.safeParse({ emails: ['ada@example.com', 'nope'] });
    const message = parsed.error?.issues[0]?.message;
    expect(await htmlOf(<FormAlert message={message} />)).toContain('Saisissez une adresse e-mail valide');
    // Once a form has shown in French, words needed outside rendering (a toast) are French as well.
    expect(validationText(message!)).toBe('Saisissez une adresse e-mail valide');
    expect(firstMessage({ 1: { message } })).toBe('Saisissez une adresse e-mail valide');
    // A screen that puts words before the message (a list's line number) still gets it in words.
    expect(await htmlOf(field(`Line 2: ${message}`))).toContain('>Line 2: Saisissez une adresse e-mail valide</p>');
  });
});
