import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../../lib/use-reduced-motion';
import { CREATORS } from '../landing-content';
import { SectionHeading } from './section-heading';

/** Spec §9: 20 slides of the 11 images, one slide every 316 px, moving 0.5 px per frame. */
export const CAROUSEL_SLIDES = 20;
export const CAROUSEL_STEP_PX = 316;
export const CAROUSEL_SPEED_PX = 0.5;
const SLIDE_WIDTH_PX = 300;
/** After one full round of the 11 images the strip looks exactly as at its start, so it wraps there unseen. */
const WRAP_AT_PX = CREATORS.length * CAROUSEL_STEP_PX;

const SLIDES = Array.from({ length: CAROUSEL_SLIDES }, (_, index) => ({
  index,
  creator: CREATORS[index % CREATORS.length]!,
}));

/**
 * The auto-scrolling strip of creator shots. It stops while hovered or focused, off screen, when paused with its
 * button, and whenever the user prefers reduced motion (then it is a strip to scroll by hand).
 */
export function CreatorCarousel() {
  const trackRef = useRef<HTMLUListElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const offset = useRef(0);
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [onScreen, setOnScreen] = useState(false);
  const running = !reducedMotion && !paused && !hovered && onScreen;

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) =>
      setOnScreen(entries.some((e) => e.isIntersecting)),
    );
    observer.observe(viewport);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    if (reducedMotion) {
      offset.current = 0;
      track.style.transform = '';
      return;
    }
    if (!running) return;
    let frame = requestAnimationFrame(function step() {
      offset.current += CAROUSEL_SPEED_PX;
      if (offset.current >= WRAP_AT_PX) offset.current = 0;
      track.style.transform = `translate3d(${-offset.current}px, 0, 0)`;
      track.dataset.offset = String(offset.current);
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [running, reducedMotion]);

  return (
    <section
      id="creators"
      aria-labelledby="creators-title"
      className="scroll-mt-20 overflow-hidden bg-slate-950 py-20 text-white sm:py-24"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 sm:flex-row sm:items-end sm:justify-between sm:px-6">
        <div className="max-w-2xl">
          <SectionHeading label="Creators" id="creators-title" title="Made by creators like you" onDark />
          <p className="mt-4 text-lg text-slate-300">
            Reels, TikToks and videos that creators made with their PR boxes.
          </p>
        </div>
        {reducedMotion ? null : (
          <button
            type="button"
            onClick={() => setPaused((value) => !value)}
            className="inline-flex h-10 w-fit items-center gap-2 rounded-full border border-slate-600 px-4 text-sm font-semibold text-white transition-colors hover:bg-slate-800 focus-visible:outline-mint-200"
            aria-pressed={paused}
          >
            {paused ? (
              <Play aria-hidden="true" className="size-4" />
            ) : (
              <Pause aria-hidden="true" className="size-4" />
            )}
            {paused ? 'Play carousel' : 'Pause carousel'}
          </button>
        )}
      </div>
      <div
        ref={viewportRef}
        className={
          reducedMotion
            ? 'mt-12 snap-x snap-mandatory overflow-x-auto px-4 pb-4 sm:px-6'
            : 'mt-12 overflow-hidden px-4 sm:px-6'
        }
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        data-testid="creator-carousel"
        data-running={running ? 'true' : 'false'}
      >
        <ul ref={trackRef} className="flex w-max gap-4 will-change-transform" aria-label="Creator videos">
          {SLIDES.map(({ index, creator }) => {
            const repeat = index >= CREATORS.length;
            return (
              <li
                key={index}
                aria-hidden={repeat || undefined}
                className="relative shrink-0 snap-start overflow-hidden rounded-2xl bg-slate-800"
                style={{ width: SLIDE_WIDTH_PX }}
              >
                <img
                  src={`/images/creators/${creator.image}`}
                  alt={repeat ? '' : creator.alt}
                  width={SLIDE_WIDTH_PX}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[3/4] w-full object-cover"
                />
                <div className="absolute inset-x-0 bottom-0 flex items-end justify-between bg-gradient-to-t from-slate-950/85 to-transparent p-4 pt-16">
                  <div>
                    <p className="font-semibold">{creator.handle}</p>
                    <p className="text-sm text-slate-200">{creator.niche}</p>
                  </div>
                  <span
                    aria-hidden="true"
                    className="flex size-10 items-center justify-center rounded-full bg-white/30"
                  >
                    <Play className="size-4 fill-white" />
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
