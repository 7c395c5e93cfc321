import { useEffect, useState } from 'react';
import { HEADER_HIDE_SCROLL_PX } from '../../shared/constants';

/**
 * True while a fixed header should be hidden: once the page has scrolled down past `threshold` px (spec: 50), and
 * until the user scrolls up again.
 */
export function useHideOnScroll(threshold: number = HEADER_HIDE_SCROLL_PX): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
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
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return hidden;
}
