import { Outlet } from 'react-router';
import { ToastArea } from '../components/toast/toast-area.tsx';
import { Header } from './header/header.tsx';

/** Product §2 default layout: header, main area, toast area. */
export function DefaultLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="mx-auto w-full max-w-[96rem] flex-1 px-4 py-6 sm:px-6">
        <Outlet />
      </main>
      <ToastArea />
    </div>
  );
}

/** Build and compare: the same header, with a full-width working area and no page heading. */
export function WorkspaceLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="w-full flex-1 px-2 py-3">
        <Outlet />
      </main>
      <ToastArea />
    </div>
  );
}
