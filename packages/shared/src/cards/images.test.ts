import { describe, expect, it } from 'vitest';
import { imagePositionCss, imagePositions, imagePositionSchema } from './images';

describe('image positions', () => {
  it('are the nine CSS object-position classes, centre first', () => {
    expect(imagePositions).toEqual([
      'object-center', 'object-bottom', 'object-top', 'object-left', 'object-left-bottom',
      'object-left-top', 'object-right', 'object-right-bottom', 'object-right-top',
    ]);
    expect(Object.keys(imagePositionCss)).toEqual([...imagePositions]);
  });

  it.each([['object-center', true], ['object-middle', false], ['center', false], ['', false]])('%j is accepted: %s', (value, ok) => {
    expect(imagePositionSchema.safeParse(value).success).toBe(ok);
  });
});
