import { ArrowLeft } from 'lucide-react';
import { AccountControls } from '../../../components/account-controls';
import { Logo } from '../../../components/logo';
import { Button, buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/class-names';
import { Link, useNavigate } from '../../../lib/navigation';
import { useHideOnScroll } from '../../../lib/use-hide-on-scroll';

/**
 * The campaign page's header (spec §2 /campaign/{id}): Back, the logo to /, and 'Sign In to Apply' for visitors or
 * the signed-in user's avatar, name, Dashboard and Sign Out. Hides on scroll down, returns on scroll up.
 */
export function CampaignHeader() {
  const hidden = useHideOnScroll();
  const navigate = useNavigate();
  // Back returns to the page the visitor came from inside the app, or to the campaigns when they arrived here.
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/');
  };

  return (
    <>
      <header
        data-testid="campaign-header"
        data-state={hidden ? 'hidden' : 'visible'}
        className={cn(
          'fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur-md transition-transform duration-[350ms] ease-out focus-within:translate-y-0',
          hidden ? '-translate-y-full' : 'translate-y-0',
        )}
      >
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
          <Button variant="ghost" size="sm" onClick={goBack} className="max-sm:px-2">
            <ArrowLeft aria-hidden="true" />
            <span className="max-sm:sr-only">Back</span>
          </Button>
          <Logo className="mr-auto" />
          <AccountControls
            compact
            signedOut={
              <Link to="/signin" className={buttonVariants({ size: 'sm' })}>
                Sign In to Apply
              </Link>
            }
          />
        </div>
      </header>
      <div aria-hidden="true" className="h-16" />
    </>
  );
}
