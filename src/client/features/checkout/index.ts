export { rememberOrder, lastOrder } from './last-order';
export { loadForm, saveGovernorate } from './saved-form';
