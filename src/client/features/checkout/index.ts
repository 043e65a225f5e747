export { rememberOrder, lastOrder } from './last-order';
