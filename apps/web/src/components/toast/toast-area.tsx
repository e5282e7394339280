import { Toaster } from 'sonner';

/**
 * The layout's toast area (product §2): where every toast of the app appears. Bottom right, so that
 * a toast never covers the header's navigation or the title and fields of an open dialog.
 */
export function ToastArea() {
  return (
    <section aria-label="Notifications">
      <Toaster position="bottom-right" visibleToasts={5} toastOptions={{ unstyled: true }} />
    </section>
  );
}
