/** The copy and lists of the landing page's sections below the grid: loaded with them, not with / (issue 44). */

export type FeatureIcon = 'search' | 'gift' | 'dashboard' | 'coins' | 'chart' | 'globe';

/** The six why-creators-love-it cards (spec §1 marketing claims). */
export const FEATURES: Array<{ icon: FeatureIcon; title: string; text: string }> = [
  {
    icon: 'search',
    title: 'Campaigns for your niche',
    text: 'Discover gifting campaigns from brands that fit your content, from skincare to sneakers.',
  },
  {
    icon: 'gift',
    title: 'PR boxes at your door',
    text: 'Get new products shipped to you and create content about things you actually like.',
  },
  {
    icon: 'dashboard',
    title: 'One dashboard for everything',
    text: 'Track your application, delivery and upload status in one dashboard.',
  },
  {
    icon: 'coins',
    title: 'Earn Mint for your content',
    text: 'Earn Mint when your content is approved, and cash it out through PayPal.',
  },
  {
    icon: 'chart',
    title: 'Real-time insights',
    text: 'See real-time views, saves and engagement for every post you make.',
  },
  {
    icon: 'globe',
    title: 'Brands on the rise',
    text: 'Work with beauty, fashion and lifestyle brands expanding in North America.',
  },
];

export const STEPS: Array<{ title: string; text: string }> = [
  {
    title: 'Find a campaign',
    text: 'Search by platform, keyword or category and apply to the campaigns that suit you.',
  },
  {
    title: 'Receive your PR box',
    text: 'Once a brand accepts you, it ships your box and you follow it until it arrives.',
  },
  {
    title: 'Post and earn Mint',
    text: 'Upload your content before the deadline. Approved posts earn Mint you can cash out.',
  },
];

export const TESTIMONIALS: Array<{ quote: string; name: string; role: string }> = [
  {
    quote:
      'I joined three skincare campaigns in my first month. The PR boxes arrived within days, and I cashed out my first 50 Mint through PayPal soon after.',
    name: 'Maya Chen',
    role: 'Beauty creator · 48K on Instagram',
  },
  {
    quote:
      'Everything is in one dashboard: what I applied to, what shipped and when my video is due. I stopped keeping spreadsheets.',
    name: 'Jordan Brooks',
    role: 'Fitness creator · 120K on TikTok',
  },
  {
    quote:
      'The brands actually fit my channel. I review gear my audience cares about, and every approved video earns Mint.',
    name: 'Priya Patel',
    role: 'Tech creator · 35K on YouTube',
  },
];

export const BRAND_ROWS: string[][] = [
  [
    'Lumière Skin',
    'Northwind Apparel',
    'Bloom & Co.',
    'Velvet Lane',
    'Kiko Botanics',
    'Urban Thread',
    'Solstice Beauty',
    'Maple & Moss',
  ],
  [
    'Luna Active',
    'Coastline Goods',
    'Petal Press',
    'Atelier Nine',
    'Fern Home',
    'Glowhaus',
    'Oak & Ivy',
    'Riverstone Audio',
  ],
];
