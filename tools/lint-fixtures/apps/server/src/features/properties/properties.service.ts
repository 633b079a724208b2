// Lint fixture: a lower layer (properties) importing a higher one (bills), closing a loop.
import { countBills } from '../bills/bills.service.ts';

export function describeProperty(name: string): string {
  return `${name} (${countBills([name])} bills)`;
}
