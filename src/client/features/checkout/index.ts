export { rememberOrder, lastOrder } from './last-order';
export { loadForm, saveGovernorate } from './saved-form';
export { OrderSummary } from './order-summary';
