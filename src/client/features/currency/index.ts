export { setCurrency, syncRates } from './currency-slice';
