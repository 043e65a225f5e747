// What other features use of the returns admin: the order page's returns card (the pages are routes of their own).
export { OrderReturns } from './order-returns';
