import crypto from 'node:crypto';
import { jwtVerify } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { allPassFields } from '@cardstack/shared/wallet/schemas';
import { genericClassOf, genericClassTag, genericObjectOf, saveLinkBudget, saveLinkOf, saveLinkPrefix } from './google-wallet';

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
  username: 'c1',
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
const settings = { ...allPassFields, backgroundColor: '#abc' };
const passOf = (addresses?: string[]) => ({ genericClass: genericClassOf(card(addresses), settings, context), genericObject: genericObjectOf(card(addresses), settings, context) });
const verified = async (url: string) =>
  (await jwtVerify(url.slice(saveLinkPrefix.length), publicKey, { audience: 'google', issuer: credentials.clientEmail, currentDate: new Date(1_800_000_000_000) })).payload;

/** The translated values of a LocalizedString, by language. */
const translations = (value: unknown) =>
  Object.fromEntries(((value as { translatedValues?: { language: string; value: string }[] }).translatedValues ?? []).map((entry) => [entry.language, entry.value]));

describe('Google Wallet generic class and object', () => {
  it('has ids under the issuer, localized texts, the QR code and a six-digit colour in the object', () => {
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
    expect(object).not.toHaveProperty('textModulesData');
  });

  it('puts the phones, emails and links in the class, labelled in every language', () => {
    const genericClass = passOf(['Ockham Park, Surrey']).genericClass;
    expect(genericClass.id).toBe('3388000000000000001.card-c1');
    expect(genericClass.textModulesData.map((module) => [module.id, module.header, module.body])).toEqual([
      ['phone1', 'Phone', '+44 20 7946 0000'],
      ['email1', 'Email', 'ada@example.com'],
      ['address1', 'Address', 'Ockham Park, Surrey'],
    ]);
    const [phone, email] = genericClass.textModulesData;
    expect(phone!.localizedHeader.defaultValue).toEqual({ language: 'en-US', value: 'Phone' });
    expect(translations(phone!.localizedHeader)).toEqual({ de: 'Telefon', fr: 'Téléphone', es: 'Teléfono', 'pt-BR': 'Telefone', ja: '電話番号', ar: 'الهاتف' });
    expect(translations(email!.localizedHeader)).toMatchObject({ de: 'E-Mail', ja: 'メールアドレス' });
    expect(genericClass.linksModuleData.uris.map((link) => link.uri)).toEqual(['tel:+442079460000', 'mailto:ada@example.com', 'https://cards.example.com/id/c1/?src=wallet']);
    expect(translations((genericClass.linksModuleData.uris[2] as { localizedDescription: unknown }).localizedDescription)).toMatchObject({ de: 'Digitale Visitenkarte' });
    // A card without a company: the title is ours, in every language.
    expect(translations(genericObjectOf({ ...card(), companyName: '' }, settings, context).cardTitle)).toMatchObject({ de: 'Visitenkarte', ja: '名刺' });
    expect(genericClassTag(genericClass)).toBe(genericClassTag(passOf(['Ockham Park, Surrey']).genericClass));
    expect(genericClassTag(genericClass)).not.toBe(genericClassTag(passOf().genericClass));
  });
});

describe('save link JWT', () => {
  it('with Google’s API: stores the class first and carries only the object, within the budget, verified with jose', async () => {
    const api = { ensureClass: vi.fn(async () => undefined), insertObject: vi.fn(async () => undefined) };
    const pass = passOf(['Ockham Park, Surrey']);
    const link = await saveLinkOf(credentials, pass, { origins: ['https://cards.example.com'], nowSeconds: 1_800_000_000, api });
    expect(api.ensureClass).toHaveBeenCalledOnce();
    expect(api.insertObject).not.toHaveBeenCalled();
    expect(link.isInserted).toBe(false);
    expect(link.url.length).toBeLessThanOrEqual(saveLinkBudget);
    const payload = await verified(link.url);
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: ['https://cards.example.com'], iat: 1_800_000_000 });
    expect(payload.payload).toEqual({ genericObjects: [pass.genericObject] });
  });

  it('inserts an object that would not fit in about 1,800 characters and names only its ids', async () => {
    const api = { ensureClass: vi.fn(async () => undefined), insertObject: vi.fn(async () => undefined) };
    const pass = passOf();
    const big = { ...pass, genericObject: { ...pass.genericObject, header: { defaultValue: { language: 'en-US', value: 'A'.repeat(1500) } } } };
    const link = await saveLinkOf(credentials, big, { origins: ['https://cards.example.com'], nowSeconds: 1_800_000_000, api });
    expect(api.insertObject).toHaveBeenCalledOnce();
    expect(link.isInserted).toBe(true);
    expect(link.url.length).toBeLessThanOrEqual(saveLinkBudget);
    expect((await verified(link.url)).payload).toEqual({ genericObjects: [{ id: '3388000000000000001.c1', classId: '3388000000000000001.card-c1' }] });
  });

  it('without an API carries class and object, the translated labels readable to any JWT library', async () => {
    const pass = passOf();
    const link = await saveLinkOf(credentials, pass, { origins: ['https://cards.example.com'], nowSeconds: 1_800_000_000, api: null });
    const { genericClasses } = (await verified(link.url)).payload as { genericClasses: { textModulesData: { id: string; localizedHeader: { translatedValues: { language: string; value: string }[] } }[] }[] };
    const phone = genericClasses[0]!.textModulesData.find((module) => module.id === 'phone1')!;
    expect(translations(phone.localizedHeader)).toMatchObject({ de: 'Telefon', ar: 'الهاتف', 'pt-BR': 'Telefone' });
  });
});
