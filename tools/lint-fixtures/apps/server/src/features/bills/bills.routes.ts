// Lint fixture: routes sit on top and may call a use-case and their own service.
import { billFlow } from '../../use-cases/bill-flow.ts';
import { countBills } from './bills.service.ts';

export function billRoutes(): number {
  return billFlow() + countBills([]);
}
