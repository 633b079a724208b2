// Lint fixture: analysis reaches into bills' queries (forbidden) beside its service (allowed).
import { findBillNames } from '../bills/bills.queries.ts';
import { countBills } from '../bills/bills.service.ts';

export function analyse(): number {
  return countBills(findBillNames());
}
