import type { DemoCampaign } from './demo-campaign';

export const DEMO_CAMPAIGNS: DemoCampaign[] = [
  {
    name: 'Glow Serum Launch',
    brand: 'Lumière Skin',
    platform: 'instagram',
    type: 'gifting_paid',
    description: 'Share your morning routine with our new vitamin C glow serum.',
    requirements: ['1 Reel of at least 30 seconds', 'Tag @lumiereskin', 'Use #GlowWithLumiere'],
    deadlineInDays: 21,
    reward: 40,
    applicationsCount: 0,
    followersRequired: 5000,
    status: 'active',
    budget: '12000.00',
    reach: 850000,
    imageUrl: '/images/campaigns/beauty-serum.svg',
    gallery: ['/images/campaigns/beauty-serum.svg'],
    tags: ['Beauty', 'Skincare'],
    ageInHours: 2,
  },
];
