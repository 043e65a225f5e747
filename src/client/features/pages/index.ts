export { PageIntro } from './page-head';
