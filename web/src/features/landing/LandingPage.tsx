import type { ReactNode } from 'react';
import { FeaturesSection } from './components/FeaturesSection';
import { HeroSection } from './components/HeroSection';
import { LaunchSupport } from './components/LaunchSupport';
import { MissionSection } from './components/MissionSection';
import { PricingSection } from './components/PricingSection';
import { SignUpCallToAction } from './components/SignUpCallToAction';

interface LandingPageProps {
  /** The plans at a glance, composed in by the app from the plans feature. */
  pricingTeaser: ReactNode;
}

export function LandingPage({ pricingTeaser }: LandingPageProps) {
  return (
    <>
      <title>Backbeat · Music by independent artists, fairly paid</title>
      <HeroSection />
      <FeaturesSection />
      <PricingSection>{pricingTeaser}</PricingSection>
      <MissionSection />
      <SignUpCallToAction />
      <LaunchSupport />
    </>
  );
}
