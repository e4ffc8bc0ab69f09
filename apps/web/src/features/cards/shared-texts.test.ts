import { setupI18n } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { fileMessages, maxDownloadableFilesPerCard } from '@cardstack/shared/cards/files';
import { linkKindLabels, linkKindPlaceholders, linkKinds } from '@cardstack/shared/cards/links';
import { cardMessages } from '@cardstack/shared/cards/messages';
import { usernameMessages } from '@cardstack/shared/cards/username';
import { paidFeatureTexts } from '@cardstack/shared/plans/plan-texts';
import { walletCredentialStates, walletStateTexts, walletTexts } from '@cardstack/shared/wallet/schemas';
import { formatsFor } from '../../lib/i18n/format';
import { editorMessages } from './editor/messages';
import { fileSizeOf, linkKindLabelOf, linkPlaceholderOf } from './editor/editor-texts';
import { cardsMessages } from './messages';

/** English as the app shows it (the catalogs arrive compiled, as in the browser). */
function english<Id extends string>(catalog: Record<Id, string>) {
  const i18n = setupI18n({ locale: 'en', messages: { en: catalog as unknown as Record<string, CompiledMessage> } });
  return (id: Id, values?: Record<string, string | number>) => i18n._(id, values);
}

/*
 * Texts the product specified in packages/shared that the cards screens show from their own catalogs: English
 * stays the shared constant's, so the two cannot drift apart.
 */
describe('the cards screens’ English is the shared texts', () => {
  const cards = english(cardsMessages.english);
  const editor = english(editorMessages.english);

  it('for the card toasts and the paid-feature dialog', () => {
    for (const id of ['created', 'saved', 'duplicated', 'duplicateFailed', 'deleted', 'notFound'] as const) expect(cards(id)).toBe(cardMessages[id]);
    expect(cards('setDefault', { title: 'Work card' })).toBe(cardMessages.setDefault('Work card'));
    expect([cards('paidFeatureTitle'), cards('paidFeatureMessage'), cards('upgrade')]).toEqual([paidFeatureTexts.title, paidFeatureTexts.message, paidFeatureTexts.upgrade]);
  });

  it('for the editor’s username, file and wallet texts', () => {
    expect(editor('usernameTaken')).toBe(usernameMessages.taken);
    expect(editor('fileTooLarge')).toBe(fileMessages.tooLarge);
    expect(editor('tooManyFiles', { max: maxDownloadableFilesPerCard })).toBe(fileMessages.tooMany);
    for (const state of walletCredentialStates) expect(editor(`walletState.${state}`)).toBe(walletStateTexts[state]);
    expect(editor('downloadApplePass')).toBe(walletTexts.downloadApple);
  });

  it('for every link type and its placeholder', () => {
    for (const kind of linkKinds) {
      expect(linkKindLabelOf(kind, editor)).toBe(linkKindLabels[kind]);
      expect(linkPlaceholderOf(kind, editor)).toBe(linkKindPlaceholders[kind]);
    }
  });

  it('writes file sizes as the card does, in the app’s language', () => {
    const en = formatsFor('en', 'UTC');
    expect([fileSizeOf(10, editor, en), fileSizeOf(1023 * 1024, editor, en), fileSizeOf(1.55 * 1024 * 1024, editor, en)]).toEqual(['10 B', '1023 KB', '1.6 MB']);
    expect(fileSizeOf(1.5 * 1024 * 1024, editor, formatsFor('de', 'UTC'))).toBe('1,5 MB');
  });
});
