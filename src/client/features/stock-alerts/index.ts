/** Back-in-stock alerts (issue 34, decision 046): the product page's form; the link pages are routes of their own. */
export { NotifyMeForm } from './notify-form';
