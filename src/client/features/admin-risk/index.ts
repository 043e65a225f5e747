export { BlockPhoneButton } from './block-phone';
