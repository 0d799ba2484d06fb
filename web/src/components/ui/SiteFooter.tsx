import { Link } from 'react-router';
import { BackbeatLogo } from './BackbeatLogo';

const productLinks = [
  { label: 'Compare plans', to: '/comparison' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Updates', to: '/changelog' },
  { label: 'Community Guidelines', to: '/community' },
] as const;

const legalLinks = [
  { label: 'Terms of Service', to: '/terms-of-service' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Copyright Policy', to: '/copyright-policy' },
  { label: 'Cookie Policy', to: '/cookie-policy' },
  { label: 'Music Licensing', to: '/music-licensing' },
  { label: 'Accessibility Statement', to: '/accessibility-statement' },
] as const;

interface FooterColumnProps {
  title: string;
  links: readonly { label: string; to: string }[];
}

function FooterColumn({ title, links }: FooterColumnProps) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-sm text-zinc-400 transition hover:text-white">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-line bg-surface/40">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr] lg:px-8">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <Link to="/" aria-label="Backbeat home" className="inline-block rounded-lg">
            <BackbeatLogo />
          </Link>
          <p className="mt-4 text-sm text-zinc-400">
            Music by independent artists, streamed by listeners who want to support them. Every play pays the
            artist.
          </p>
        </div>
        <FooterColumn title="Backbeat" links={productLinks} />
        <FooterColumn title="Legal" links={legalLinks} />
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-zinc-500 sm:px-6 lg:px-8">
          © {year} Backbeat. Made for independent artists and the people who listen to them.
        </p>
      </div>
    </footer>
  );
}
