import crypto from 'node:crypto';
import { jwtVerify } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { allPassFields } from '@cardstack/shared/wallet/schemas';
import { genericClassOf, genericObjectOf, saveLinkBudget, saveLinkOf, saveLinkPrefix } from './google-wallet';

const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const credentials = {
  issuerId: '3388000000000000001',
  clientEmail: 'wallet@example-project.iam.gserviceaccount.com',
  privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  tokenUrl: 'https://oauth2.googleapis.com/token',
};
const context = { issuerId: credentials.issuerId, publicUrl: 'https://cards.example.com/id/c1/', baseUrl: 'https://cards.example.com' };
const card = (addresses: string[] = []) => ({
  id: 'c1',
  title: '',
  name: 'Ada Lovelace',
  jobTitle: 'Analyst',
  companyName: 'Engines Ltd',
  phone: '+44 20 7946 0000',
  phones: [],
  email: 'ada@example.com',
  emails: [],
  address: '',
  addresses,
  profilePicture: { url: '/files/images/c1/p.webp' },
});
const passOf = (addresses?: string[]) => ({
  genericClass: genericClassOf(credentials.issuerId, 'c1'),
  genericObject: genericObjectOf(card(addresses), { ...allPassFields, backgroundColor: '#abc' }, context),
});

describe('Google Wallet generic object', () => {
  it('has ids under the issuer, localized texts, links, the QR code and a six-digit colour', () => {
    const object = passOf().genericObject;
    expect(object).toMatchObject({
      id: '3388000000000000001.c1',
      classId: '3388000000000000001.card-c1',
      cardTitle: { defaultValue: { language: 'en-US', value: 'Engines Ltd' } },
      header: { defaultValue: { language: 'en-US', value: 'Ada Lovelace' } },
      subheader: { defaultValue: { language: 'en-US', value: 'Analyst' } },
      barcode: { type: 'QR_CODE', value: 'https://cards.example.com/id/c1/?src=wallet' },
      hexBackgroundColor: '#aabbcc',
      logo: { sourceUri: { uri: 'https://cards.example.com/files/images/c1/p.webp' } },
    });
    expect(object.linksModuleData.uris.map((link) => link.uri)).toEqual(['tel:+442079460000', 'mailto:ada@example.com', 'https://cards.example.com/id/c1/?src=wallet']);
  });
});

describe('save link JWT', () => {
  it('carries the claims Google reads and verifies with the service account key', async () => {
    const insert = vi.fn(async () => undefined);
    const small = {
      genericClass: genericClassOf(credentials.issuerId, 'c1'),
      genericObject: genericObjectOf({ ...card(), companyName: '', phone: '', profilePicture: { url: null } }, { ...allPassFields, backgroundColor: '#abc' }, context),
    };
    const link = await saveLinkOf(credentials, small, { origins: ['https://cards.example.com'], nowSeconds: 1_800_000_000, insert });
    expect(link.isInserted).toBe(false);
    expect(insert).not.toHaveBeenCalled();
    expect(link.url.startsWith(saveLinkPrefix)).toBe(true);
    expect(link.url.length).toBeLessThanOrEqual(saveLinkBudget);
    const { payload, protectedHeader } = await jwtVerify(link.url.slice(saveLinkPrefix.length), publicKey, {
      audience: 'google',
      issuer: credentials.clientEmail,
      currentDate: new Date(1_800_000_000_000),
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: ['https://cards.example.com'], iat: 1_800_000_000 });
    expect(payload.payload).toEqual({ genericClasses: [small.genericClass], genericObjects: [small.genericObject] });
  });

  it('inserts a pass that would not fit in about 1,800 characters (a full card already) and names only its ids', async () => {
    const insert = vi.fn(async () => undefined);
    const big = passOf(['Ockham Park, Surrey']);
    const link = await saveLinkOf(credentials, big, { origins: ['https://cards.example.com'], nowSeconds: 1_800_000_000, insert });
    expect(insert).toHaveBeenCalledOnce();
    expect(link.isInserted).toBe(true);
    expect(link.url.length).toBeLessThanOrEqual(saveLinkBudget);
    const { payload } = await jwtVerify(link.url.slice(saveLinkPrefix.length), publicKey, { audience: 'google', currentDate: new Date(1_800_000_000_000) });
    expect(payload.payload).toEqual({ genericObjects: [{ id: '3388000000000000001.c1', classId: '3388000000000000001.card-c1' }] });
  });
});
