import { toast } from 'sonner';
import { toasterMounted } from './toaster-ready';

/** The spec's toast durations: 5000 ms in the cards area, 3000 ms in the auth area. */
const toastDurations = { cards: 5000, auth: 3000 } as const;
type ToastArea = keyof typeof toastDurations;

export const notify = {
  success(message: string, area: ToastArea = 'cards') {
    void toasterMounted.then(() => toast.success(message, { duration: toastDurations[area] }));
  },
  /** An alert toast (errors, and the spec's "Card deleted!"). */
  alert(message: string, area: ToastArea = 'cards') {
    void toasterMounted.then(() => toast.error(message, { duration: toastDurations[area] }));
  },
};
