export { PageIntro } from './page-head';
export { LinkCard } from './link-card';
