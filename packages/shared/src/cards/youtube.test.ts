import { describe, expect, it } from 'vitest';
import { keyed } from '../i18n/keyed';
import { toYouTubeEmbedUrl, youTubeUrlInput } from './youtube';

const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

// YouTube links (watch, embed, short, shorts) become an embed URL; other links give an empty result.
describe('toYouTubeEmbedUrl', () => {
  it.each([
    ['watch', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['watch with more parameters', 'https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s'],
    ['watch without scheme', 'youtube.com/watch?v=dQw4w9WgXcQ'],
    ['mobile watch', 'https://m.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['embed', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['privacy embed', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['short link', 'https://youtu.be/dQw4w9WgXcQ'],
    ['short link with time', 'https://youtu.be/dQw4w9WgXcQ?t=10'],
    ['shorts', 'https://www.youtube.com/shorts/dQw4w9WgXcQ'],
    ['http', 'http://www.youtube.com/watch?v=dQw4w9WgXcQ'],
  ])('%s link becomes the embed URL', (_kind, link) => {
    expect(toYouTubeEmbedUrl(link)).toBe(embed);
  });

  it.each([
    ['another site', 'https://vimeo.com/123456'],
    ['a look-alike host', 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ'],
    ['a channel', 'https://www.youtube.com/@somechannel'],
    ['a playlist', 'https://www.youtube.com/playlist?list=PL123'],
    ['watch without id', 'https://www.youtube.com/watch'],
    ['an id of the wrong length', 'https://youtu.be/abc'],
    ['a script URL', 'javascript:alert(1)'],
    ['empty', ''],
  ])('%s gives no result', (_kind, link) => {
    expect(toYouTubeEmbedUrl(link)).toBeNull();
  });

  it('the input rule stores the embed URL and rejects anything else with a message', () => {
    expect(youTubeUrlInput.parse(' https://youtu.be/dQw4w9WgXcQ ')).toBe(embed);
    const result = youTubeUrlInput.safeParse('https://vimeo.com/1');
    expect(result.error?.issues[0]?.message).toBe(keyed('invalidYouTubeLink'));
  });
});
