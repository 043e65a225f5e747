export { ThingHistory } from './thing-history';
