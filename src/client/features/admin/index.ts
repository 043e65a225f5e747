export { AdminPage, Card, EmptyState, Field, fieldProps, Pager, StatusBadge, tableClass } from './ui';
