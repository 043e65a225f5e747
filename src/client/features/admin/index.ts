export { AdminPage, Card, EmptyState, Field, fieldProps, LoadFailed, Pager, StatusBadge, tableClass } from './ui';
