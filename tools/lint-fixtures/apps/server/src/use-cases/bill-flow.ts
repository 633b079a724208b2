// Lint fixture: a use-case uses a service (allowed).
import { countBills } from '../features/bills/bills.service.ts';

export const billFlow = (): number => countBills(['gas']);
