// Lint fixture: a job importing its own feature's routes puts a route below it (forbidden).
import { billRoutes } from './bills.routes.ts';

export const runJob = (): number => billRoutes();
