import { useTranslation } from '../../app/i18n-view';
import { AdminPage, Card, LoadFailed } from '../admin';
import { useGetRiskRulesQuery } from './api';
import { BlocklistCard } from './blocklist-card';
import { RulesCard } from './rules-card';

/** `/admin/risk`: the rules that flag cash-on-delivery orders for review, and the blocklist (issue 33, decision 042). */
export default function RiskPage() {
  const { t } = useTranslation('admin-orders');
  const { data: rules, isError, refetch } = useGetRiskRulesQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <AdminPage title={t('risk.title')} subtitle={t('risk.lead')}>
      <div className="grid items-start gap-5 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {rules ? (
          <RulesCard rules={rules} />
        ) : isError ? (
          <LoadFailed onRetry={() => void refetch()} />
        ) : (
          <Card>
            <div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-ivory" />
          </Card>
        )}
        <BlocklistCard />
      </div>
    </AdminPage>
  );
}
