import type { ToastOptions, ToastTheme } from './notify.tsx';

const THEMES: Record<ToastTheme, { box: string; icon: string; label: string }> = {
  success: { box: 'border-emerald-600 bg-emerald-50', icon: '✓', label: 'Success' },
  error: { box: 'border-red-700 bg-red-50', icon: '!', label: 'Error' },
  info: { box: 'border-sky-700 bg-sky-50', icon: 'i', label: 'Information' },
  warning: { box: 'border-amber-600 bg-amber-50', icon: '!', label: 'Warning' },
};

export function ToastCard(props: ToastOptions & { onClose(): void }) {
  const theme = THEMES[props.theme ?? 'info'];
  return (
    <div
      role={props.theme === 'error' ? 'alert' : 'status'}
      data-theme={props.theme ?? 'info'}
      className={`flex w-[22rem] items-start gap-3 rounded-md border-l-4 p-3 text-sm text-slate-900 shadow-lg ${theme.box}`}
    >
      <span aria-hidden="true" className="mt-0.5 font-bold">
        {props.icon ?? theme.icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          <span className="sr-only">{theme.label}: </span>
          {props.text}
          {props.status && (
            <span className="ml-2 rounded bg-white/70 px-1.5 py-0.5 text-xs font-medium">
              {props.status}
            </span>
          )}
        </p>
        {props.detail && <p className="mt-1 text-slate-700">{props.detail}</p>}
        {(props.link || props.cancel) && (
          <div className="mt-2 flex gap-3">
            {props.link && (
              <a className="font-medium text-sky-800 underline" href={props.link.href}>
                {props.link.label}
              </a>
            )}
            {props.cancel && (
              <button
                type="button"
                className="font-medium text-slate-800 underline"
                onClick={() => {
                  props.cancel?.onClick();
                  props.onClose();
                }}
              >
                {props.cancel.label}
              </button>
            )}
          </div>
        )}
      </div>
      {props.dismissible !== false && (
        <button
          type="button"
          aria-label="Dismiss notification"
          className="inline-flex min-h-6 min-w-6 items-center justify-center rounded text-slate-600 hover:text-slate-900"
          onClick={props.onClose}
        >
          ×
        </button>
      )}
    </div>
  );
}
