// Two files of one feature that import each other: a module cycle.
import { two } from './two';

export const one = () => two();
