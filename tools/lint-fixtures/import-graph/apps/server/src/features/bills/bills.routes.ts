// A route calls a use-case: allowed (routes are the top layer below the entry files).
import { flow } from '../../use-cases/flow.ts';
export const routes = () => flow();
