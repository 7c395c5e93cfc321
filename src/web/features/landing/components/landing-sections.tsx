import { BrandsSection } from './brands-section';
import { CreatorCarousel } from './creator-carousel';
import { TestimonialsSection } from './testimonials-section';
import { WhatIsMintSection } from './what-is-mint-section';
import { WhyCreatorsSection } from './why-creators-section';

/** The landing page below the campaign grid: a chunk of its own, fetched while the page above it starts. */
export function LandingSections() {
  return (
    <>
      <WhyCreatorsSection />
      <WhatIsMintSection />
      <CreatorCarousel />
      <TestimonialsSection />
      <BrandsSection />
    </>
  );
}
