import { useEffect, useState } from 'react';
import { HEADER_HIDE_SCROLL_PX } from '../../shared/constants';

/**
 * True while a fixed header should be hidden: once the page has scrolled down past `threshold` px (spec: 50), and
 * until the user scrolls up again. A page starts at the top: a scroll made before the hook ran (a server-rendered page
 * the user scrolled while its lazy part was still hydrating) is a scroll down like any other, read at the first frame.
 */
export function useHideOnScroll(threshold: number = HEADER_HIDE_SCROLL_PX): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = 0;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = Math.max(0, window.scrollY);
      if (y <= threshold) setHidden(false);
      else if (y > last) setHidden(true);
      else if (y < last) setHidden(false);
      last = y;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // At the first frame, not now: a navigation's scroll to the top runs in an effect after this one.
    onScroll();
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return hidden;
}
