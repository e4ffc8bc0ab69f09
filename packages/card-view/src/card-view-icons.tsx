import type { LinkKind } from '@cardstack/shared/cards/links';

/*
 * Line icons drawn on a 24×24 grid, one path each, stroked with the text colour by the card's CSS. They are
 * deliberately simple shapes rather than the brands' own marks: small enough to inline into every public page.
 */

const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0-${2 * r} 0`;

export const linkIconPaths: Record<LinkKind, string> = {
  website: `${circle(12, 12, 10)}M2 12h20M12 2a15 15 0 0 1 0 20a15 15 0 0 1 0-20`,
  facebook: 'M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z',
  instagram: `M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5z${circle(12, 12, 4)}M17.5 6.5h.01`,
  twitter: 'M4 4h4l12 16h-4zM4 20l6.5-6.5M20 4l-6.5 6.5',
  whatsapp: 'M3 21l1.7-4.2a9 9 0 1 1 3.5 3.1zM9 8.5c0 3.5 3 6.5 6.5 6.5',
  linkedin: `M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6zM2 9h4v12H2z${circle(4, 4, 2)}`,
  addressUrl: `M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0z${circle(12, 10, 3)}`,
  tikTok: 'M13 2v14a4 4 0 1 1-4-4M13 2c.5 3 2.5 5 6 5',
  telegram: 'M22 2L11 13M22 2l-7 20-4-9-9-4z',
  viberGroup: 'M12 2c6 0 9 3 9 8s-3 8-9 8c-1 0-2 0-3-.3L6 21v-4c-2-1.2-3-3.5-3-7 0-5 3-8 9-8zM10 7c3 0 5 2 5 5',
  spotify: `${circle(12, 12, 10)}M7 9c3.5-1 7-.7 10 1M7.5 12.5c3-.8 6-.5 8.5 1M8 16c2.5-.6 4.5-.3 6.5.8`,
  snapchat:
    'M12 3c3 0 5 2 5 5v2l2 .5-1.5 1.5c.5 1.5 2 2.5 3.5 3-1 1-2.5 1-3 1.5L17 18c-1.5 0-3 .5-5 2-2-1.5-3.5-2-5-2l-1-1.5c-.5-.5-2-.5-3-1.5 1.5-.5 3-1.5 3.5-3L5 10.5 7 10V8c0-3 2-5 5-5z',
  empty:
    'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
};

export const contactIconPaths = {
  phone:
    'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8.1 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z',
  email: 'M3 5h18v14H3zM3 5l9 7 9-7',
  address: linkIconPaths.addressUrl,
  file: 'M12 3v12M7 10l5 5 5-5M4 21h16',
} as const;

export function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}
