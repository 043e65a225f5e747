export { CouponField, PromotionLines, useCartQuote } from './coupon-field';
export { couponRemoved } from './promotions-slice';
export { refetchOffers } from './promotions-api';
