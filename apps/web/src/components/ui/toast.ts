import { toast } from 'sonner';
import { wantToaster } from './toaster';

// Importing toasts is what mounts the toast area (the app shell does not load sonner itself). This call
// is a side effect: the module is listed under `sideEffects` in apps/web/package.json, or the bundler
// would send `toast` straight to sonner and drop it.
wantToaster();

export { toast };
