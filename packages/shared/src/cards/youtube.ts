import { z } from 'zod';
import { keyed } from '../i18n/keyed';

const videoId = /^[A-Za-z0-9_-]{11}$/;
const youTubeHosts = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

/**
 * YouTube links (watch, embed, short, shorts) become an embed URL; other links give an empty result. Returns the
 * privacy-enhanced embed URL, or null for anything that is not a YouTube video.
 */
export function toYouTubeEmbedUrl(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtu.be' || host === 'www.youtu.be') {
    id = segments.length === 1 ? segments[0] : null;
  } else if (youTubeHosts.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch') id = url.searchParams.get('v');
    else if (segments.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1];
  }
  return id && videoId.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}

/** Editor input: any accepted YouTube link, stored as its embed URL. */
export const youTubeUrlInput = z
  .string()
  .trim()
  .min(1, keyed('youTubeLinkRequired'))
  .transform((value, ctx) => {
    const embed = toYouTubeEmbedUrl(value);
    if (!embed) {
      ctx.addIssue({ code: 'custom', message: keyed('invalidYouTubeLink') });
      return z.NEVER;
    }
    return embed;
  });
