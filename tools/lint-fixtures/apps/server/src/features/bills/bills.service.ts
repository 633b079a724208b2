// Lint fixture: bills uses properties (allowed: a lower layer), which imports bills back.
import { describeProperty } from '../properties/properties.service.ts';

export function countBills(names: string[]): number {
  return names.filter((n) => describeProperty(n).length > 0).length;
}
