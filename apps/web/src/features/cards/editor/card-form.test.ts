import { describe, expect, it } from 'vitest';
import type { Card } from '@cardstack/shared/cards/schemas';
import { defaultCardTheme, defaultLeadFormSettings } from '@cardstack/shared/cards/schemas';
import { cardEditorSchema, editorTabOf, toEditorValues, toPreviewCard } from './card-form';

const card: Card = {
  id: 'c1',
  username: 'c1c1c1',
  ownerId: 'u1',
  teamOwnerId: null,
  title: 'Work',
  name: 'Ada',
  companyName: '',
  jobTitle: '',
  description: '',
  email: '',
  phone: '',
  address: '',
  addressLink: '',
  emails: [],
  phones: [],
  addresses: [],
  isDefault: true,
  coverImage: { url: '/files/images/c1/cover.webp', alt: 'Old alt', position: 'object-center' },
  profilePicture: { url: null, alt: '', position: 'object-center' },
  links: [],
  downloadableFiles: [{ id: 'f1', name: 'a.pdf', url: '/files/files/c1/f1.pdf', size: 10, contentType: 'application/pdf' }],
  widgets: [],
  theme: defaultCardTheme,
  leadForm: defaultLeadFormSettings,
  pageLanguage: '',
  productId: null,
  productName: null,
  vcfFileName: null,
  vcfLink: null,
  userNameChanged: false,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the card editor form', () => {
  it('starts from the stored card and validates as the server does', () => {
    const values = toEditorValues(card);
    expect(cardEditorSchema.safeParse(values).success).toBe(true);
    expect(values.leadForm).toEqual(defaultLeadFormSettings);
  });

  it.each([
    ['title', ''],
    ['coverImage', ''],
    ['theme.backgroundColor', ''],
    ['username', ''],
    ['email', 'contact-info'],
    ['emails.2', 'contact-info'],
    ['addressLink', 'contact-info'],
    ['links.0.url', 'links'],
    ['widgets.1.url', 'links'],
    ['leadForm.isEnabled', ''],
    ['form', null],
  ])('shows %s on the tab %j', (path, tab) => {
    expect(editorTabOf(path)).toBe(tab);
  });

  it('previews unsaved values over the stored images and files, normalising what the server will', () => {
    const preview = toPreviewCard(
      {
        ...toEditorValues(card),
        name: 'Ada King',
        coverImage: { alt: 'New alt', position: 'object-left-top' },
        links: [
          { kind: 'instagram', url: '@ada', label: '' },
          { kind: 'website', url: 'not a site', label: '' },
          { kind: 'empty', url: '', label: 'Still empty' },
        ],
        widgets: [
          { kind: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' },
          { kind: 'youtube', url: 'https://vimeo.com/1' },
        ],
      },
      card,
    );
    expect(preview.name).toBe('Ada King');
    expect(preview.coverImage).toEqual({ url: '/files/images/c1/cover.webp', alt: 'New alt', position: 'object-left-top' });
    expect(preview.links).toEqual([
      { kind: 'instagram', url: 'https://www.instagram.com/ada', label: '' },
      { kind: 'website', url: '', label: '' },
    ]);
    expect(preview.widgets).toEqual([{ kind: 'youtube', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }]);
    expect(preview.downloadableFiles).toBe(card.downloadableFiles);
  });

  it('tolerates values the form has not filled in yet', () => {
    expect(toPreviewCard({}, card)).toMatchObject({ name: '', links: [], widgets: [], theme: defaultCardTheme });
  });
});
