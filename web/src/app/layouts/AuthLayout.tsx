import { Link, Outlet } from 'react-router';
import { BackbeatLogo } from '@/components/ui/BackbeatLogo';

/** The sign-in pages: the product's header, the form in the middle, the footer with the year. */
export function AuthLayout() {
  const year = new Date().getFullYear();
  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[32rem] bg-[radial-gradient(ellipse_at_top,rgb(139_92_246/0.22),transparent_65%)]"
      />
      <header className="relative border-b border-line">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          <Link to="/" aria-label="Backbeat home" className="rounded-lg">
            <BackbeatLogo />
          </Link>
        </div>
      </header>
      <main id="main" className="relative flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
        <Outlet />
      </main>
      <footer className="relative border-t border-line">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-zinc-500 sm:px-6 lg:px-8">© {year} Backbeat</p>
      </footer>
    </div>
  );
}
