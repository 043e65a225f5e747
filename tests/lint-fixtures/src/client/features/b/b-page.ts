import { a } from '../a';

export const bPage = () => a;
