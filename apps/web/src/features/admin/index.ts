// The back office as other features use it (docs/decisions/0019).
export { AdminLayout } from './admin-layout';
