import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
} from 'react';

/**
 * Navigation for the public pages (/ and /campaign/:id) without React Router: those pages load first and must stay
 * small (decision 0012). Their components use these hooks and `Link`; the value comes from the small public
 * router (app/public-app.tsx) on a first load, and from React Router (app/root-layout.tsx) once the full app runs.
 */

export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  /** Changes with every navigation, also to the same URL. */
  key: string;
}

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  /** Accepted for React Router parity; scrolling follows the path (see useScrollOnNavigation). */
  preventScrollReset?: boolean;
}

export interface Navigation {
  location: AppLocation;
  navigate: (to: To | number, options?: NavigateOptions) => void;
  params: Readonly<Record<string, string | undefined>>;
}

export const NavigationContext = createContext<Navigation | null>(null);

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('Navigation is used outside the public router and the app router');
  return navigation;
}

export const useLocation = () => useNavigation().location;
export const useNavigate = () => useNavigation().navigate;
export const useParams = () => useNavigation().params;

/** The query string, and a setter that replaces it (keeping the path, dropping the hash). */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams, options?: NavigateOptions) => void,
] {
  const { location, navigate } = useNavigation();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: URLSearchParams, options?: NavigateOptions) => {
      const search = next.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, options);
    },
    [navigate, location.pathname],
  );
  return [params, setParams];
}

/** The href of a target: a string as it is, an object from its parts (`?` and `#` added as React Router does). */
export function hrefOf(to: To): string {
  if (typeof to === 'string') return to;
  const search =
    to.search && to.search !== '?' ? (to.search.startsWith('?') ? to.search : `?${to.search}`) : '';
  const hash = to.hash && to.hash !== '#' ? (to.hash.startsWith('#') ? to.hash : `#${to.hash}`) : '';
  return `${to.pathname ?? ''}${search}${hash}` || '.';
}

/** Public pages served without the full app (the matcher lives in shared: the server renders them too). */
export { matchPublicPath } from '../../shared/page-render';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  ref?: React.Ref<HTMLAnchorElement>;
};

/** An ordinary link that navigates inside the app on a plain left click (new tab, modifiers: the browser's). */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const { navigate } = useNavigation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      (target && target !== '_self')
    ) {
      return;
    }
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a {...rest} href={hrefOf(to)} target={target} onClick={handleClick} />;
}

/** Scrolls to the element of a #hash, waiting a little for it to render (lazy pages, loading sections). */
function scrollToHash(hash: string, smooth: boolean): () => void {
  const id = decodeURIComponent(hash.slice(1));
  let frame = 0;
  let tries = 0;
  const attempt = () => {
    const target = document.getElementById(id);
    if (target) {
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      target.scrollIntoView({ behavior: smooth && !reduce ? 'smooth' : 'auto', block: 'start' });
      return;
    }
    if (tries++ < 180) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/**
 * The path the document was loaded at, until the app's first render there: the browser placed that page itself (at
 * the top, or where a reload or Back left it), and a visitor may have scrolled the server-rendered page while the
 * app was loading, so the app must not move it.
 */
let loadedPath: string | null = typeof window === 'undefined' ? null : window.location.pathname;

/** Scrolls to the top on navigation to another path, or to the #section a link names. */
export function useScrollOnNavigation(location: AppLocation): void {
  const { pathname, hash, key } = location;
  const lastPath = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling is the effect of a navigation (key)
  useEffect(() => {
    const samePage = lastPath.current === pathname;
    const firstRender = lastPath.current === null;
    const documentLoadedHere = firstRender && loadedPath === pathname;
    loadedPath = null;
    lastPath.current = pathname;
    if (hash) return scrollToHash(hash, samePage && !firstRender);
    if (!samePage && !documentLoadedHere) window.scrollTo(0, 0);
  }, [pathname, hash, key]);
}
