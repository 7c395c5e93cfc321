import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '../../components/logo';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useSignOutAndLeave } from '../../lib/use-session';

/**
 * The frame of the onboarding and profile pages: the logo, a Sign Out button (and any `actions`), then one card
 * with the page's title. `wide` cards hold forms (the wizard, the profile); narrow ones a single short step.
 * `inLayout`: the page sits in the signed-in creator's layout (app/creator-layout.tsx), which has the header and
 * the <main>, so the frame draws only the card.
 */
export function OnboardingFrame({
  title,
  description,
  icon,
  wide = false,
  actions,
  inLayout = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  wide?: boolean;
  actions?: ReactNode;
  inLayout?: boolean;
  children: ReactNode;
}) {
  const signOut = useSignOutAndLeave();
  const card = (
    <div
      className={cn(
        'w-full rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-mint-900/5 sm:p-8',
        wide ? 'max-w-2xl' : 'max-w-md',
      )}
    >
      <div className="mb-6 flex flex-col items-center gap-2 text-center">
        {icon ? (
          <span
            aria-hidden="true"
            className="mb-1 inline-flex size-12 items-center justify-center rounded-full bg-mint-50 text-mint-700 [&_svg]:size-6"
          >
            {icon}
          </span>
        ) : null}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {description ? <div className="text-sm text-slate-600">{description}</div> : null}
      </div>
      {children}
    </div>
  );
  if (inLayout) {
    return (
      <div className="flex justify-center bg-linear-to-br from-mint-50 via-white to-teal-50 px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
        {card}
      </div>
    );
  }
  return (
    <div className="flex min-h-screen flex-col bg-linear-to-br from-mint-50 via-white to-teal-50">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <Logo />
        <div className="flex items-center gap-1">
          {actions}
          <Button variant="ghost" size="sm" onClick={signOut}>
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </header>
      <main
        className={cn(
          'flex flex-1 justify-center px-4 pb-16 sm:px-6',
          wide ? 'items-start pt-2 sm:pt-6' : 'items-center',
        )}
      >
        {card}
      </main>
    </div>
  );
}
