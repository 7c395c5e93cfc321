import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Logo } from '../logo';

/**
 * The dark page of the admin's sign-in steps (/admin, /admin/two-factor): the logo, one link or button at the top
 * right, and the card in the middle.
 */
export function AdminAuthFrame({ corner, children }: { corner: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-950 bg-[radial-gradient(ellipse_at_top,_rgba(16,185,129,0.18),_transparent_60%)] px-4 py-6 sm:px-8">
      <div className="flex items-center justify-between gap-3">
        <Logo className="text-white" />
        {corner}
      </div>
      <main className="flex flex-1 items-center justify-center py-10">{children}</main>
    </div>
  );
}

/** The link or button in the frame's corner (Back to Home, Sign Out). */
export const adminAuthCornerClass =
  'inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-semibold text-mint-200 hover:bg-white/10';

/**
 * The white card of an admin's sign-in, enrolment or invitation: an icon, the title (under the "Admin" eyebrow
 * when `description` is given, with it below), then the step itself.
 */
export function AdminAuthCard({
  icon: Icon,
  title,
  description,
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('w-full max-w-sm rounded-2xl bg-white p-6 shadow-2xl sm:p-8', className)}>
      <div className="mb-6 flex flex-col items-center gap-3 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-mint-50 text-mint-700">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        {description === undefined ? (
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        ) : (
          <div>
            <p className="text-xs font-semibold tracking-widest text-mint-700 uppercase">Admin</p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight">{title}</h1>
            <p className="mt-1 text-sm text-slate-600">{description}</p>
          </div>
        )}
      </div>
      {children}
    </div>
  );
}
