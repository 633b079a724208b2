import { describe, expect, it } from 'vitest';
import { fitWithin } from './capture-image.ts';

describe('fitWithin', () => {
  it('scales a wide photo down to 1440 px, keeping its aspect ratio', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1440, height: 1080 });
  });

  it('leaves photos that already fit untouched', () => {
    expect(fitWithin(1200, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(1440, 900)).toEqual({ width: 1440, height: 900 });
  });
});
