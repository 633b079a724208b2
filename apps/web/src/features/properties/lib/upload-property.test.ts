import { describe, expect, it } from 'vitest';
import { propertyForUpload } from './upload-property.ts';

const home = { id: 'home', propertyType: 'residential' as const };
const shop = { id: 'shop', propertyType: 'commercial' as const };

describe('the property of an upload (issue 9, item 7)', () => {
  it('never sends a residential property with a commercial choice', () => {
    expect(propertyForUpload(undefined, [home], 'commercial')).toBeUndefined();
    expect(propertyForUpload('home', [home], 'commercial')).toBeUndefined();
    expect(propertyForUpload(undefined, [home, shop], 'commercial')).toBe('shop');
  });

  it('keeps the property the user picked when its type matches', () => {
    expect(propertyForUpload('shop', [home, shop], 'commercial')).toBe('shop');
    expect(propertyForUpload(undefined, [home, shop], 'residential')).toBe('home');
  });
});
