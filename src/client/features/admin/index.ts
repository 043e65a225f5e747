export { AdminPage, Card, EmptyState, Field, fieldProps, IconButton, LoadFailed, StatusBadge } from './ui';
export { AdminSignIn } from './admin-sign-in';
export { default as AdminLayout } from './admin-layout';
