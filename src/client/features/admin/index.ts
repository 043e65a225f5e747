export { AdminPage, Badge, Card, EmptyState, Field, fieldProps, IconButton, LoadFailed, StatusBadge } from './ui';
export { Dialog } from './dialog';
export { AdminSignIn } from './admin-sign-in';
export { default as AdminLayout } from './admin-layout';
export { adminMenu, menuFor, NoAccess, useCan, type AdminRouteHandle } from './access';
export { DateRangeFields, FilterActions } from './filter-parts';
