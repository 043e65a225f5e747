export { setCurrency, syncRates } from './currency-slice';
export { ChargedInEgp } from './charged-in-egp';
