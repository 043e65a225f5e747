export { addToCart, decreaseQuantity, setQuantity, removeFromCart, clearCart, refreshCart } from './cart-slice';
export type { CartState } from './cart-slice';
export { QuantityStepper } from './quantity-stepper';
export { CartDropdown } from './cart-dropdown';
