// Lint fixture: a use-case naming a route's type puts the route below it (forbidden).
import type { billRoutes } from '../features/bills/bills.routes.ts';

export type BillReport = ReturnType<typeof billRoutes>;
