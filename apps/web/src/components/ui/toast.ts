import { toast } from 'sonner';
import { wantToaster } from './toaster';

// Importing toasts is what mounts the toast area (the app shell does not load sonner itself).
wantToaster();

export { toast };
