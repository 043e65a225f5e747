import { one } from './one';

export const two = (): string => (one.name ? 'two' : '');
