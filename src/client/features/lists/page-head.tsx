import { Breadcrumb } from '../../components/ui/breadcrumb';

/** The title of the wishlist and compare pages, under a breadcrumb home. */
export function PageHead({ title, crumb }: { title: string; crumb: string }) {
  return (
    <>
      <Breadcrumb trail={[{ label: crumb }]} />
      <h1 className="mt-3 font-display text-4xl font-semibold sm:text-5xl">{title}</h1>
    </>
  );
}
