import type { ReactNode } from 'react';
import { PLATFORM_LABELS, PLATFORMS } from '../../../../shared/constants';
import { PlatformIcon } from '../../../components/platform-icon';
import { CREATORS, TAGLINE } from '../landing-content';

/** Hero: the headline, the tagline and the search card (`search`), with a stack of creator shots on wide screens. */
export function HeroSection({ search }: { search: ReactNode }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-gradient-to-b from-mint-50 via-white to-white"
    >
      <div
        aria-hidden="true"
        className="absolute -top-40 -right-32 -z-10 size-[28rem] rounded-full bg-radial from-mint-200/50 to-transparent to-70%"
      />
      <div
        aria-hidden="true"
        className="absolute top-40 -left-40 -z-10 size-[22rem] rounded-full bg-radial from-sky-100/70 to-transparent to-70%"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-10 pb-12 sm:px-6 sm:pt-16 lg:grid-cols-[1.15fr_0.85fr] lg:pb-16">
        <div className="flex flex-col gap-6">
          <p className="inline-flex w-fit items-center gap-2 rounded-full border border-mint-200 bg-white/80 px-3 py-1 text-xs font-semibold text-mint-800 shadow-sm">
            <span aria-hidden="true" className="size-2 rounded-full bg-mint-500" />
            Gifting campaigns for creators
          </p>
          <h1
            id="hero-title"
            className="text-[2.5rem] leading-[1.05] font-extrabold tracking-tight text-balance text-slate-950 sm:text-6xl"
          >
            Influencer Marketing <span className="text-mint-700">Made Easy</span>
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-pretty text-slate-600 sm:text-xl">{TAGLINE}</p>
          <div id="search" className="scroll-mt-24">
            {search}
          </div>
          <ul
            className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600"
            aria-label="Platforms"
          >
            {PLATFORMS.map((platform) => (
              <li key={platform} className="inline-flex items-center gap-1.5">
                <PlatformIcon platform={platform} className="size-4 text-slate-500" />
                {PLATFORM_LABELS[platform]}
              </li>
            ))}
          </ul>
        </div>
        <HeroVisual />
      </div>
    </section>
  );
}

/** Three phone frames with creator shots; only on wide screens. */
function HeroVisual() {
  const shots = [
    { creator: CREATORS[0]!, place: 'top-16 left-0 z-10 w-48 -rotate-6' },
    { creator: CREATORS[2]!, place: 'top-0 left-1/2 z-20 w-56 -translate-x-1/2' },
    { creator: CREATORS[4]!, place: 'top-16 right-0 z-10 w-48 rotate-6' },
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto hidden h-[27rem] w-full max-w-md lg:block">
      {shots.map(({ creator, place }) => (
        <div
          key={creator.image}
          className={`absolute overflow-hidden rounded-[2rem] border-[6px] border-slate-900 bg-slate-900 shadow-2xl shadow-mint-900/25 ${place}`}
        >
          <img
            src={`/images/creators/${creator.image}`}
            alt=""
            width={300}
            height={400}
            loading="lazy"
            decoding="async"
            className="aspect-[3/4] w-full object-cover"
          />
          <p className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-950/80 to-transparent px-3 pt-8 pb-3 text-sm font-semibold text-white">
            {creator.handle}
          </p>
        </div>
      ))}
      <div className="absolute bottom-0 left-1/2 z-30 flex -translate-x-1/2 items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-xl">
        <span className="flex size-9 items-center justify-center rounded-full bg-mint-100 text-lg font-bold text-mint-800">
          ✓
        </span>
        <span>
          <span className="block text-xs font-medium text-slate-500">Content approved</span>
          <span className="block text-lg leading-tight font-bold text-mint-700">+40 Mint</span>
        </span>
      </div>
    </div>
  );
}
