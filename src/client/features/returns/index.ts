// What other features use of returns: the order page's section (issue 33).
export { ReturnSection } from './return-section';
