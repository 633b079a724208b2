// A use-case naming a route's type: a route below a use-case.
import type { routes } from '../features/bills/bills.routes.ts';
export type Report = ReturnType<typeof routes>;
