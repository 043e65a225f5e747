// a uses b and b uses a, each through the other's index: a circle between features, though no
// file imports itself back.
import { b } from '../b';

export const aPage = () => b;
