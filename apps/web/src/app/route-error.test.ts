import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './route-error';

describe('isChunkLoadError', () => {
  it.each([
    [Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }), true],
    [Object.assign(new Error('Loading CSS chunk 7 failed'), { code: 'CSS_CHUNK_LOAD_FAILED' }), true],
    [new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Cannot read properties of undefined'), false],
    ['not an error', false],
  ])('%s -> %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});
