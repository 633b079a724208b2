// A service calling a use-case runs up the layers.
import { flow } from '../../use-cases/flow.ts';
export const service = () => flow;
