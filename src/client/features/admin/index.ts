export { AdminPage, Card, EmptyState, Field, fieldProps, LoadFailed, StatusBadge } from './ui';
