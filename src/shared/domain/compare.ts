import { addUnique, removeById } from './lists.js';

/** Compare add: a product already there is ignored. */
export const addToCompare = addUnique;
/** Compare remove by product id. */
export const removeFromCompare = removeById;
