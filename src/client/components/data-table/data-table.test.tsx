// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '../../app/i18n-view';
import { Translator, type Texts } from '../../../shared/i18n/translator';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { DataTable, columnHelper, useTableParams, type DataTableProps, type RowSelectionState } from '.';

type Oil = { id: number; name: string; price: number };
const oils: Oil[] = [
  { id: 1, name: 'Oud', price: 900 },
  { id: 2, name: 'Amber', price: 300 },
  { id: 3, name: 'Musk', price: 600 },
];
const col = columnHelper<Oil>();
const columns = col.columns([
  col.accessor('name', { header: 'Name', enableSorting: true }),
  col.accessor('price', { header: 'Price', enableSorting: true, meta: { align: 'end' } }),
]);
const serverColumns = col.columns([
  col.accessor('name', { header: 'Name', enableSorting: true, meta: { sortValues: { asc: 'name' } } }),
  col.accessor('price', { header: 'Price', enableSorting: true, meta: { sortValues: { asc: 'price_asc', desc: 'price_desc' } } }),
]);

let location = '';
function Where() {
  location = useLocation().pathname + useLocation().search;
  return null;
}

type Extra = Partial<DataTableProps<Oil>> & { withSelection?: boolean; defaultSort?: string };
function Harness({ withSelection, defaultSort, ...props }: Extra) {
  const params = useTableParams({ defaultSort });
  const [selected, setSelected] = useState<RowSelectionState>({});
  return (
    <>
      <DataTable<Oil>
        label="Oils"
        columns={columns}
        data={oils}
        getRowId={(o) => String(o.id)}
        empty="No oils"
        params={params}
        sorting="client"
        selection={withSelection ? { selected, onChange: setSelected, allLabel: 'Select all', rowLabel: (o) => `Select ${o.name}` } : undefined}
        {...props}
      />
      <p data-testid="selected">{Object.keys(selected).join(',')}</p>
      <Where />
    </>
  );
}

function show(url: string, props: Extra = {}) {
  const router = createMemoryRouter([{ path: '/list', element: <Harness {...props} /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />, { wrapper });
  return router;
}
const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

const admin = JSON.parse(fs.readFileSync(path.resolve('public/locales/en/admin.json'), 'utf8')) as Texts;
const i18n = new Translator({ lng: 'en', resources: { en: { admin } } });
function wrapper({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
afterEach(cleanup);

describe('DataTable', () => {
  it('is a real table: caption, column headers with scope, sort buttons that say their order', () => {
    show('/list');
    const table = screen.getByRole('table', { name: 'Oils' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.getAttribute('scope'))).toEqual(['col', 'col']);
    expect(headers.map((h) => h.getAttribute('aria-sort'))).toEqual(['none', 'none']);
    expect(names()).toEqual(['Oud', 'Amber', 'Musk']);
  });

  it('sorts on a header click, keeps the sort in the URL, and a third click goes back to the default order', () => {
    show('/list');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Amber', 'Musk', 'Oud']);
    expect(location).toBe('/list?sort=name');
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['Oud', 'Musk', 'Amber']);
    expect(location).toBe('/list?sort=-name');
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(location).toBe('/list');
    expect(names()).toEqual(['Oud', 'Amber', 'Musk']);
  });

  it('reads the sort from the URL on arrival (a reload or a shared link)', () => {
    show('/list?sort=-price');
    expect(names()).toEqual(['Oud', 'Musk', 'Amber']);
    expect(screen.getByRole('columnheader', { name: 'Price' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('asks the server for another order with the values the columns name, skipping a direction it lacks', () => {
    show('/list?page=3', { columns: serverColumns, sorting: 'server', defaultSort: 'newest' });
    fireEvent.click(screen.getByRole('button', { name: 'Price' }));
    // The server sorts: the rows stay as given, the URL asks for the new order from page 1.
    expect(location).toBe('/list?sort=price_asc');
    expect(names()).toEqual(['Oud', 'Amber', 'Musk']);
    fireEvent.click(screen.getByRole('button', { name: 'Price' }));
    expect(location).toBe('/list?sort=price_desc');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(location).toBe('/list?sort=name');
    // Name sorts one way only: the next click is the default order, which the URL leaves out.
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(location).toBe('/list');
  });

  it('selects rows with labelled checkboxes, and the page checkbox selects or clears them all', () => {
    show('/list', { withSelection: true });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Amber' }));
    expect(screen.getByTestId('selected').textContent).toBe('2');
    const all = screen.getAllByRole('checkbox', { name: 'Select all' })[0] as HTMLInputElement;
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect(screen.getByTestId('selected').textContent).toBe('1,2,3');
    fireEvent.click(all);
    expect(screen.getByTestId('selected').textContent).toBe('');
  });

  it('pages through the server list with links that keep the other parameters', () => {
    const router = show('/list?status=new&page=2', { paging: { total: 45, pageSize: 20 } });
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(pager.textContent).toContain('Page 2 of 3 · 45 in all');
    expect(within(pager).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/list?status=new');
    fireEvent.click(within(pager).getByRole('link', { name: 'Next' }));
    expect(location).toBe('/list?status=new&page=3');
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
    // Back returns to the page before: the page lives in the history, not in component state.
    void router.navigate(-1);
    return waitFor(() => expect(location).toBe('/list?status=new&page=2'));
  });

  it('says "more than" when the server stopped counting, and still offers the next page', () => {
    show('/list?page=2', { paging: { total: 1020, pageSize: 20, exact: false } });
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(pager.textContent).toContain('Page 2 of 51+ · more than 1020');
    expect(within(pager).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/list?page=3');
  });

  it('shows a loading state, an empty state and a failed state with a retry', () => {
    show('/list', { data: undefined });
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    cleanup();
    show('/list', { data: [] });
    expect(screen.getByText('No oils')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    let retried = 0;
    show('/list', { failed: { onRetry: () => retried++ } });
    expect(screen.getByText(/This could not be loaded/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retried).toBe(1);
  });

  it('keeps an input in a cell focused while typing, even when the columns are rebuilt on every render', () => {
    function Grid() {
      const [stock, setStock] = useState<Record<string, string>>({});
      const gridColumns = col.columns([
        col.accessor('name', { header: 'Oil', meta: { rowHeader: true } }),
        col.display({
          id: 'stock',
          header: 'Stock',
          cell: ({ row }) => (
            <input
              aria-label={`Stock of ${row.original.name}`}
              value={stock[row.id] ?? ''}
              onChange={(e) => setStock({ ...stock, [row.id]: e.target.value })}
            />
          ),
        }),
      ]);
      return <DataTable<Oil> label="Stock grid" columns={gridColumns} data={oils} getRowId={(o) => String(o.id)} empty="" variant="grid" />;
    }
    render(<Grid />, { wrapper });
    expect(screen.getByRole('rowheader', { name: 'Amber' }).getAttribute('scope')).toBe('row');
    const input = screen.getByRole('textbox', { name: 'Stock of Amber' }) as HTMLInputElement;
    input.focus();
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.change(input, { target: { value: '75' } });
    expect(screen.getByRole('textbox', { name: 'Stock of Amber' })).toBe(input);
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('75');
  });

  it('gives phones a card per row, with the same selection', () => {
    show('/list', { withSelection: true, card: (o) => <span>{`${o.name} card`}</span> });
    const list = screen.getByRole('list', { name: 'Oils' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Oud card', 'Amber card', 'Musk card']);
    fireEvent.click(within(list).getByRole('checkbox', { name: 'Select Musk' }));
    expect(screen.getByTestId('selected').textContent).toBe('3');
  });
});
