import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/ui/SiteFooter';
import { SiteHeader, type HeaderSection } from '@/components/ui/SiteHeader';
import { FeaturesSection } from './components/FeaturesSection';
import { HeroSection } from './components/HeroSection';
import { LaunchSupport } from './components/LaunchSupport';
import { MissionSection } from './components/MissionSection';
import { PricingSection } from './components/PricingSection';
import { SignUpCallToAction } from './components/SignUpCallToAction';

const landingSections: readonly HeaderSection[] = [
  { label: 'Features', targetId: 'features' },
  { label: 'Pricing', targetId: 'pricing' },
  { label: 'About', targetId: 'about' },
];

interface LandingPageProps {
  /** The plans at a glance, composed in by the app from the plans feature. */
  pricingTeaser: ReactNode;
}

export function LandingPage({ pricingTeaser }: LandingPageProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>Backbeat · Music by independent artists, fairly paid</title>
      <SiteHeader sections={landingSections} />
      <main id="main" className="flex-1">
        <HeroSection />
        <FeaturesSection />
        <PricingSection>{pricingTeaser}</PricingSection>
        <MissionSection />
        <SignUpCallToAction />
        <LaunchSupport />
      </main>
      <SiteFooter />
    </div>
  );
}
