/** The landing page's copy and lists, kept apart from the layout. */

export const HEADLINE = 'Influencer Marketing Made Easy';
export const TAGLINE =
  'Join exclusive gifting campaigns from top brands. Get PR boxes and get paid for your content.';

/** The 11 creator images of the carousel (public/images/creators). */
export const CREATORS: Array<{ image: string; alt: string; handle: string; niche: string }> = [
  {
    image: 'creator-01.svg',
    alt: 'Creator filming a skincare routine',
    handle: '@glowwithmaya',
    niche: 'Beauty',
  },
  {
    image: 'creator-02.svg',
    alt: 'Creator showing a new sneaker drop',
    handle: '@kicksbyjo',
    niche: 'Fashion',
  },
  { image: 'creator-03.svg', alt: 'Creator recording a workout', handle: '@liftwithlena', niche: 'Fitness' },
  {
    image: 'creator-04.svg',
    alt: 'Creator tasting a new snack box',
    handle: '@snackattack.sam',
    niche: 'Food',
  },
  { image: 'creator-05.svg', alt: 'Creator unboxing headphones', handle: '@techwithpriya', niche: 'Tech' },
  {
    image: 'creator-06.svg',
    alt: 'Creator styling a living room',
    handle: '@homebynoor',
    niche: 'Home Decor',
  },
  { image: 'creator-07.svg', alt: 'Creator packing for a trip', handle: '@wanderwes', niche: 'Travel' },
  { image: 'creator-08.svg', alt: 'Creator playing with a puppy', handle: '@pawsandpals', niche: 'Pets' },
  {
    image: 'creator-09.svg',
    alt: 'Creator trying on sunglasses',
    handle: '@styledbysofia',
    niche: 'Fashion',
  },
  { image: 'creator-10.svg', alt: 'Creator reviewing a lipstick', handle: '@lipsbylucia', niche: 'Beauty' },
  { image: 'creator-11.svg', alt: 'Creator streaming a game', handle: '@gamernate', niche: 'Gaming' },
];
