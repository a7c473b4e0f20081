import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@/lib/toast';

/** Where toasts show. Spec §9: top-centre, one at a time, 5000 ms. */
export function ToastHost() {
  return <Notifications position="top-center" limit={1} autoClose={TOAST_DURATION_MS} zIndex={1000} />;
}
