import type { Config } from '../config.js';
import type { AdminSettings } from '../../shared/schemas/settings.js';
import type { OptionLabels } from '../messages/option-labels.js';
import type { JobRegistry } from './runner.js';
import type { MessageSender } from './send-message.js';
import { lowStockReport } from './low-stock-report.js';
import { retention } from './retention.js';
import { paymentCheck } from './payment-check.js';
import { catalogueImport, catalogueImportKind } from './catalogue-import.js';
import { stockReturned } from './stock-returned.js';
import { stockReturnedKind } from '../use-cases/stock-alert-restocks.js';
import type { ShopContext } from '../context.js';

/** The kinds of the shop's work; a kind is stored in `jobs.kind`, so a name is stable once released. */
export const jobKinds = {
  sendMessage: 'send_message',
  lowStockReport: 'low_stock_report',
  retention: 'retention',
  paymentCheck: 'payment_check',
  catalogueImport: catalogueImportKind,
  stockReturned: stockReturnedKind,
} as const;

export interface ShopJobsDeps {
  config: Pick<Config, 'publicUrl' | 'port' | 'messageRetentionDays'>;
  settings: () => Promise<AdminSettings>;
  labels: OptionLabels;
  /** The e-mail handler (it keeps a transport and a count, so it is built once per process). */
  messages: MessageSender;
  /** The shop, once made (the runner is made before it): the payment check and the catalogue import run its use cases. */
  shop?: () => ShopContext | undefined;
}

/** The shop's job registry: `{ [kind]: handler }`. A new kind of background work is one more entry and one more file. */
export function shopJobRegistry(deps: ShopJobsDeps): JobRegistry {
  return {
    [jobKinds.sendMessage]: deps.messages,
    [jobKinds.lowStockReport]: lowStockReport(deps),
    [jobKinds.retention]: retention({ messageRetentionDays: deps.config.messageRetentionDays }),
    [jobKinds.paymentCheck]: paymentCheck({ shop: deps.shop ?? (() => undefined) }),
    [jobKinds.catalogueImport]: catalogueImport({ shop: deps.shop ?? (() => undefined) }),
    [jobKinds.stockReturned]: stockReturned({ shop: deps.shop ?? (() => undefined) }),
  };
}
