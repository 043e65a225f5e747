import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { Plus } from 'lucide-react';
import { DataTable, useTableParams } from '../../components/data-table';
import type { AdminCategory } from '../../../shared/schemas/admin-product';
import { AdminPage, Card } from '../admin';
import { useGetAdminCategoriesQuery } from '../admin-products';
import { CategoryCard, useCategoryColumns } from './category-list-parts';
import { CategoryDeleteDialog } from './category-delete-dialog';

const categoryId = (c: AdminCategory) => String(c.id);

/** Categories with their product counts; deleting a used one asks where its products go. */
export default function CategoriesPage() {
  const { t } = useTranslation('admin-catalog');
  const { data, isError, refetch } = useGetAdminCategoriesQuery();
  const table = useTableParams();
  const [toDelete, setToDelete] = useState<AdminCategory | null>(null);
  const columns = useCategoryColumns(setToDelete);
  const items = data?.items ?? [];

  return (
    <AdminPage
      title={t('titles.categories')}
      subtitle={data ? t('categories.count', { count: items.length }) : undefined}
      actions={
        <Link to="/admin/categories/add" className="btn btn-primary h-10 px-4 py-0 text-sm">
          <Plus size={16} aria-hidden="true" />
          {t('categories.add')}
        </Link>
      }
    >
      <Card>
        <DataTable
          label={t('titles.categories')}
          columns={columns}
          data={data?.items}
          getRowId={categoryId}
          empty={t('categories.empty')}
          failed={isError && { onRetry: () => void refetch() }}
          params={table}
          sorting="client"
          card={(c) => <CategoryCard c={c} onDelete={setToDelete} />}
        />
      </Card>
      <CategoryDeleteDialog
        category={toDelete}
        categories={items}
        onChange={setToDelete}
        refresh={async (id) => (await refetch()).data?.items.find((c) => c.id === id)}
      />
    </AdminPage>
  );
}
