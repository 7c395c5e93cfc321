import { lazy, Suspense } from 'react';

// Below the page: not part of the JavaScript / and /campaign/:id need before they are interactive (issue 44). The
// fetch starts with this module; the server render waits for it, so the footer is in the HTML all the same.
const footer = import('./site-footer');
const SiteFooter = lazy(() => footer.then((m) => ({ default: m.SiteFooter })));

/** The dark footer of the public pages, loaded beside the page. */
export function LazySiteFooter() {
  return (
    <Suspense fallback={null}>
      <SiteFooter />
    </Suspense>
  );
}
