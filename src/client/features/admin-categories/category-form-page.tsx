import { AdminPage } from '../admin';

/** Placeholder until this page is built. */
export default function Page() {
  return <AdminPage title="category-form-page">{null}</AdminPage>;
}
