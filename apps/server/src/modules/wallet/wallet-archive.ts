import { z } from 'zod';
import { keyed } from '@cardstack/shared/i18n/keyed';
import { applePassSettingsInput, googlePassSettingsInput } from '@cardstack/shared/wallet/schemas';
import type { AnyConnection } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { AccountArchivePart } from '../module-contract';
import { listWalletSettings, saveWalletSettings } from './wallet-repository';

/*
 * The wallet's part of an account archive: each archived card's Apple and Google Wallet tab (the fields and colours
 * its passes show). Passes themselves, their tokens and the devices that hold them stay on the old server; on import
 * the settings go to the cards' new ids and the passes are made afresh there.
 */

const walletFile = 'wallet/passes.json';

const archivedSettings = z
  .array(z.object({ cardId: z.string().min(1).max(64), apple: z.unknown().nullable(), google: z.unknown().nullable() }))
  .max(1000);

export function walletArchivePart(db: AnyConnection): AccountArchivePart {
  return {
    files: [{ path: walletFile, about: 'The Apple Wallet and Google Wallet tabs of your cards: which phones, emails and addresses the passes show, and their colours.' }],
    async exportPart(_userId, archive) {
      archive.json(walletFile, await listWalletSettings(db, archive.cardIds));
    },
    checkPart(archive) {
      const value = archive.json(walletFile);
      if (value !== undefined && !archivedSettings.safeParse(value).success) throw badRequest(keyed('accountArchiveBrokenFile', { name: walletFile }));
    },
    async importPart(trx, archive, context) {
      const value = archive.json(walletFile);
      if (value === undefined) return;
      const now = new Date().toISOString();
      for (const entry of archivedSettings.parse(value)) {
        const cardId = context.cardIds.get(entry.cardId);
        if (!cardId) continue;
        // Settings this server's wallet tab would refuse are left at their defaults.
        const apple = applePassSettingsInput.safeParse(entry.apple);
        if (apple.success) await saveWalletSettings(trx, cardId, 'apple', apple.data, now);
        const google = googlePassSettingsInput.safeParse(entry.google);
        if (google.success) await saveWalletSettings(trx, cardId, 'google', google.data, now);
      }
    },
  };
}
