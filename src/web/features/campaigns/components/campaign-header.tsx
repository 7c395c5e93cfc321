import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { MouseEvent } from 'react';
import { AccountControls } from '../../../components/account-controls';
import { Logo } from '../../../components/logo';
import { buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { Link, useNavigate } from '../../../lib/navigation';
import { useHideOnScroll } from '../../../lib/use-hide-on-scroll';

/**
 * The campaign page's header (spec §2 /campaign/{id}): Back, the logo to /, and 'Sign In to Apply' for visitors or
 * the signed-in user's avatar, name, Dashboard and Sign Out. Hides on scroll down, returns on scroll up. Over a
 * campaign that does not exist there is nothing to apply to: `offerApply={false}` leaves the invitation out.
 */
export function CampaignHeader({ offerApply = true }: { offerApply?: boolean }) {
  const hidden = useHideOnScroll();
  const navigate = useNavigate();
  // Back is a link to the campaigns, so it works before the app runs (the page is server-rendered); once it runs,
  // Back returns to the page the visitor came from inside the app when there is one.
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (
      index === 0 ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    navigate(-1);
  };

  return (
    <>
      <header
        data-testid="campaign-header"
        data-state={hidden ? 'hidden' : 'visible'}
        className={cn(
          'fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/95 transition-transform duration-[350ms] ease-out focus-within:translate-y-0',
          hidden ? '-translate-y-full' : 'translate-y-0',
        )}
      >
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
          <Link
            to="/"
            onClick={goBack}
            className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'max-sm:px-2')}
          >
            <ArrowLeft aria-hidden="true" />
            <span className="max-sm:sr-only">Back</span>
          </Link>
          <Logo className="mr-auto" />
          <AccountControls
            compact
            signedOut={
              offerApply ? (
                <Link to="/signin" className={buttonVariants({ size: 'sm' })}>
                  Sign In to Apply
                </Link>
              ) : null
            }
          />
        </div>
      </header>
      <div aria-hidden="true" className="h-16" />
    </>
  );
}
