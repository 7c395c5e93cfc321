import { lazy, Suspense } from 'react';
import { useToasts } from './toast';

/** Radix's toast code loads with the first toast, so pages that never show one do not carry it. */
const ToastView = lazy(() => import('./toast-view').then((m) => ({ default: m.ToastView })));
let viewWanted = false;

/** The toasts on screen; mount once near the root of the app. */
export function Toaster() {
  const current = useToasts();
  if (current.length > 0) viewWanted = true;
  if (!viewWanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastView items={current} />
    </Suspense>
  );
}
