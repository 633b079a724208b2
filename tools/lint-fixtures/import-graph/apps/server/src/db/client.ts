// The database layer reaching up into a feature.
export { service } from '../features/bills/bills.service.ts';
