import type { Readable } from 'node:stream';
import type { Card } from '@cardstack/shared/cards/schemas';
import { recordError } from '../../http/errors';
import type { JobExecutor, JobRunner } from '../../jobs/jobs-module';
import { findCard, findStoredVCard } from '../cards/cards-module';
import type { CardSaving } from '../module-contract';
import {
  currentArtifacts,
  deleteQuietly,
  generateArtifacts,
  generatedKeys,
  type CardArtifacts,
  type GeneratedArtifacts,
} from './card-artifacts';
import type { PublicCardDeps, PublicCardState } from './public-card-state';

/*
 * The vCard and QR codes of a card's current version, for the visitor who asks for them and for the job a save
 * queues: read from storage when they were made for this version, otherwise made once however many ask
 * (card-artifacts.ts makes and stores them).
 */

export const cardArtifactsJob = 'public-card.artifacts';

/** The job's payload; `isCopy`: the card was just duplicated and still carries its source's files. */
export type CardArtifactsPayload = { cardId: string; isCopy: boolean };

export type ArtifactFile = 'vcard' | 'qrSvg' | 'qrPng' | 'qrEmailPng';

const artifactKey = {
  vcard: 'vcfKey',
  qrSvg: 'qrSvgKey',
  qrPng: 'qrPngKey',
  qrEmailPng: 'qrEmailPngKey',
  photo: 'photoKey',
} as const satisfies Record<ArtifactFile | 'photo', keyof CardArtifacts>;
const generatedBytes = { vcard: 'vcard', qrSvg: 'qrSvg', qrPng: 'qrPng', qrEmailPng: 'qrEmailPng' } as const satisfies Record<ArtifactFile, keyof GeneratedArtifacts>;

function generateOnce(deps: PublicCardDeps, state: PublicCardState, card: Card): Promise<GeneratedArtifacts> {
  const key = `${card.id}:${card.version}`;
  let job = state.generatingArtifacts.get(key);
  if (!job) {
    job = generateArtifacts(deps, card)
      .then((generated) => {
        if (generated.isCurrent) state.knownArtifacts.set(key, generated.artifacts);
        return generated;
      })
      .finally(() => state.generatingArtifacts.delete(key));
    state.generatingArtifacts.set(key, job);
  }
  return job;
}

/** The stored artifacts of this version of the card, if they were made: by this process or another one. */
async function storedArtifacts(deps: PublicCardDeps, state: PublicCardState, card: Card): Promise<CardArtifacts | null> {
  const key = `${card.id}:${card.version}`;
  const known = state.knownArtifacts.get(key) ?? currentArtifacts(card);
  if (known) return known;
  const record = await findStoredVCard(deps.db, card.id);
  const recorded = record ? currentArtifacts({ id: card.id, version: card.version, ...record }) : null;
  if (recorded) state.knownArtifacts.set(key, recorded);
  return recorded;
}

/**
 * One of the card's generated files, never older than the card: read from storage when it was made for
 * this version, otherwise made now (and stored, for everyone after).
 */
export async function artifactOf(
  deps: PublicCardDeps,
  state: PublicCardState,
  card: Card,
  file: ArtifactFile,
): Promise<{ body: Buffer | Readable; fileName: string }> {
  const stored = await storedArtifacts(deps, state, card);
  if (stored) {
    const found = await deps.storage.get(stored[artifactKey[file]]);
    if (found) return { body: found.body, fileName: stored.vcfFileName };
  }
  const generated = await generateOnce(deps, state, card);
  return { body: generated[generatedBytes[file]], fileName: generated.artifacts.vcfFileName };
}

/**
 * The card's photo as the email signature shows it (a square JPEG), made with the other files; null when the
 * card has none. A version whose files were made before signatures existed gets them made once; a version
 * made since that has no photo file has no photo to give (so a missing photo never remakes every file).
 */
export async function signaturePhotoOf(deps: PublicCardDeps, state: PublicCardState, card: Card): Promise<Buffer | Readable | null> {
  if (!card.profilePicture.url) return null;
  const stored = await storedArtifacts(deps, state, card);
  if (stored) {
    const found = await deps.storage.get(stored.photoKey);
    if (found) return found.body;
    if (await deps.storage.exists(stored.qrEmailPngKey)) return null;
  }
  return (await generateOnce(deps, state, card)).photo;
}

/**
 * Called by the cards module inside the transaction that saves a card: the card's vCard and QR codes are
 * made for the new version by a job that exists exactly when the save commits (and survives a crash).
 */
export async function queueCardArtifacts(deps: Pick<PublicCardDeps, 'jobs'>, trx: JobExecutor, change: CardSaving): Promise<void> {
  const payload: CardArtifactsPayload = { cardId: change.cardId, isCopy: change.kind === 'duplicated' };
  await deps.jobs.enqueue(trx, cardArtifactsJob, payload);
}

/** The `public-card.artifacts` job. Idempotent: files already made for the card's version are kept. */
export async function makeCardArtifacts(deps: PublicCardDeps, state: PublicCardState, payload: CardArtifactsPayload): Promise<void> {
  try {
    // A copy arrives with its source's generated files: they carry the source's address.
    if (payload.isCopy) await deleteQuietly(deps, await generatedKeys(deps, payload.cardId, () => true));
    const card = await findCard(deps.db, payload.cardId);
    if (card && !(await storedArtifacts(deps, state, card))) await generateOnce(deps, state, card);
  } catch (error) {
    await recordError(deps.db, `Generating the vCard and QR code of card ${payload.cardId}: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
}

/** The public card's job kind: the vCard and QR codes of a saved card. */
export function registerPublicCardJobs(runner: JobRunner, service: { makeArtifacts(payload: CardArtifactsPayload): Promise<void> }): void {
  runner.register<CardArtifactsPayload>(cardArtifactsJob, (payload) => service.makeArtifacts(payload));
}
