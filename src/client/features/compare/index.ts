export { addToCompare, removeFromCompare } from './compare-slice';
