import { cn } from '../../../lib/cn';
import { BRAND_ROWS } from '../landing-sections-content';

const FONTS = [
  'font-serif italic',
  'font-sans font-black tracking-tight',
  'font-mono uppercase tracking-widest',
];

/** Two rows of brand names scrolling in opposite directions (still when the user prefers reduced motion). */
export function BrandsSection() {
  return (
    <section id="brands" aria-labelledby="brands-title" className="scroll-mt-20 overflow-hidden py-20">
      <div className="mx-auto max-w-7xl px-4 text-center sm:px-6">
        <h2 id="brands-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Brands creators work with
        </h2>
        <p className="mt-3 text-slate-600">
          Beauty, fashion and lifestyle brands expanding in North America.
        </p>
      </div>
      <div className="mt-10 flex flex-col gap-6 [mask-image:linear-gradient(to_right,transparent,black_10%,black_90%,transparent)]">
        {BRAND_ROWS.map((row, rowIndex) => (
          <div key={row[0]} className="group flex overflow-hidden motion-reduce:justify-center">
            <div
              className={cn(
                'flex w-max shrink-0 group-hover:[animation-play-state:paused] motion-reduce:w-auto motion-reduce:animate-none',
                rowIndex % 2 === 0 ? 'animate-marquee' : 'animate-marquee-reverse',
              )}
              data-testid="brand-row"
            >
              {[0, 1].map((copy) => (
                <ul
                  key={copy}
                  aria-hidden={copy === 1 || undefined}
                  className={cn(
                    'flex shrink-0 items-center gap-4 pr-4 motion-reduce:flex-wrap motion-reduce:justify-center',
                    copy === 1 && 'motion-reduce:hidden',
                  )}
                >
                  {row.map((brand, index) => (
                    <li
                      key={brand}
                      className={cn(
                        'rounded-full border border-slate-200 bg-white px-6 py-3 text-lg whitespace-nowrap text-slate-700 shadow-sm',
                        FONTS[(index + rowIndex) % FONTS.length],
                      )}
                    >
                      {brand}
                    </li>
                  ))}
                </ul>
              ))}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
