// c builds on a and b; nothing imports c back: allowed.
import { a } from '../a';
import { b } from '../b';

export const c = () => a + b;
