import { Toaster } from 'sonner';

/**
 * The layout's toast area (product §2): where every toast of the app appears. Bottom right, so that
 * a toast never covers the header's navigation or the title and fields of an open dialog.
 */
export function ToastArea() {
  return (
    <section aria-label="Notifications">
      {/* Expanded, toasts sit one above another: stacked, each hid the one behind it and
          its dismiss button with it. */}
      <Toaster position="bottom-right" visibleToasts={5} expand toastOptions={{ unstyled: true }} />
    </section>
  );
}
