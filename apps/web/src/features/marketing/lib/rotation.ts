/** The rotating banner's period (01-core §9). */
export const BANNER_ROTATION_MS = 6500;

/** The index after `index` in a list of `length` items, wrapping to the first. */
export function nextIndex(index: number, length: number): number {
  return length === 0 ? 0 : (index + 1) % length;
}
