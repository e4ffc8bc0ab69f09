import { toast } from 'sonner';
import { whenToasterMounted } from './toaster';

/** How long a toast stays: 5000 ms in the cards area, 3000 ms in the auth area. */
const toastDurations = { cards: 5000, auth: 3000 } as const;
type ToastArea = keyof typeof toastDurations;

export const notify = {
  success(message: string, area: ToastArea = 'cards') {
    void whenToasterMounted().then(() => toast.success(message, { duration: toastDurations[area] }));
  },
  /** An alert toast (errors, and "Card deleted!", which is shown as an alert). */
  alert(message: string, area: ToastArea = 'cards') {
    void whenToasterMounted().then(() => toast.error(message, { duration: toastDurations[area] }));
  },
};
