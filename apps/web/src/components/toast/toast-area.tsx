import { Toaster } from 'sonner';

/** The layout's toast area (spec §2): where every toast of the app appears. */
export function ToastArea() {
  return (
    <section aria-label="Notifications">
      <Toaster position="top-right" visibleToasts={5} toastOptions={{ unstyled: true }} />
    </section>
  );
}
