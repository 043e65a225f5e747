export { ChargedInEgp } from './charged-in-egp-lazy';
