import type { HeaderSection } from '@/components/ui/SiteHeader';

/** The landing page's sections, for the site header to scroll to. */
export const landingSections: readonly HeaderSection[] = [
  { label: 'Features', targetId: 'features' },
  { label: 'Pricing', targetId: 'pricing' },
  { label: 'About', targetId: 'about' },
];
