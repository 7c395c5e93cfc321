import { useEffect, useRef } from 'react';
import { AccountControls } from '../components/account-controls';
import { Logo } from '../components/logo';
import { MenuToggle, useSmallScreenMenu } from '../components/menu-toggle';
import { buttonVariants } from '../components/ui/button';
import { cn } from '../lib/cn';
import { Link, type To, useLocation } from '../lib/navigation';
import { useHideOnScroll } from '../lib/use-hide-on-scroll';
import { useSession } from '../lib/use-session';

const NAV_LINKS = [
  { label: 'Search', hash: 'search' },
  { label: 'How It Works', hash: 'how-it-works' },
  { label: 'Pricing', hash: 'pricing' },
] as const;

/** Search, How It Works and Pricing as list items: the wide bar's row and the small screen's menu, each styled its way. */
function SectionLinkItems({ to, className }: { to: (hash: string) => To; className: string }) {
  return NAV_LINKS.map((link) => (
    <li key={link.hash}>
      <Link to={to(link.hash)} className={className}>
        {link.label}
      </Link>
    </li>
  ));
}

/**
 * The fixed top bar of the public pages (spec §2 Top bar): it slides away when the page scrolls down past 50 px and
 * comes back on scroll up (0.35 s). Search, How It Works and Pricing lead to their sections of the landing page.
 */
export function TopBar() {
  const hidden = useHideOnScroll();
  const location = useLocation();
  const menu = useSmallScreenMenu(location.key);
  const menuButton = useRef<HTMLButtonElement>(null);
  const onHome = location.pathname === '/';
  const signedIn = useSession().status === 'signed-in';

  // The small-screen menu closes on navigation (useSmallScreenMenu) and with Escape.
  const { open: menuOpen, close: closeMenu } = menu;
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        closeMenu();
        menuButton.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen, closeMenu]);

  const navTarget = (hash: string) => ({ pathname: '/', search: onHome ? location.search : '', hash });
  const signedOut = (
    <>
      <Link
        to="/signin"
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'hidden sm:inline-flex' })}
      >
        Sign In
      </Link>
      <Link to="/signup" className={buttonVariants({ size: 'sm' })}>
        Sign Up
      </Link>
    </>
  );

  return (
    <>
      <header
        data-testid="top-bar"
        data-state={hidden && !menuOpen ? 'hidden' : 'visible'}
        className={cn(
          'fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/95 transition-transform duration-[350ms] ease-out focus-within:translate-y-0',
          hidden && !menuOpen ? '-translate-y-full' : 'translate-y-0',
        )}
      >
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
          <Logo className="mr-auto md:mr-4" />
          <nav aria-label="Main" className="hidden flex-1 md:block">
            <ul className="flex items-center gap-1">
              <SectionLinkItems
                to={navTarget}
                className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-mint-50 hover:text-mint-800"
              />
            </ul>
          </nav>
          <AccountControls signedOut={signedOut} compact />
          <MenuToggle
            buttonRef={menuButton}
            menu={menu}
            what="menu"
            className="text-slate-700 hover:bg-slate-100 md:hidden"
          />
        </div>
        <nav
          id={menu.id}
          aria-label="Menu"
          hidden={!menuOpen}
          className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden"
        >
          <ul className="flex flex-col py-2">
            <SectionLinkItems
              to={navTarget}
              className="block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-mint-50"
            />
            {signedIn ? null : (
              <li className="sm:hidden">
                <Link
                  to="/signin"
                  className="block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-mint-50"
                >
                  Sign In
                </Link>
              </li>
            )}
          </ul>
        </nav>
      </header>
      {/* Keeps the page below the fixed bar (no layout shift when it hides). */}
      <div aria-hidden="true" className="h-16" />
    </>
  );
}
