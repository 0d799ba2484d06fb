import type { SocialLinks } from '../api/myProfile';

const networks = [
  { key: 'twitter', label: 'Twitter' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'spotify', label: 'Spotify' },
] as const;

/** The links a user set, opened in a new tab. Renders nothing when there are none. */
export function SocialLinksList({ links }: { links: SocialLinks }) {
  const present = networks.flatMap(({ key, label }) => {
    const url = links[key];
    return url ? [{ key, label, url }] : [];
  });
  if (present.length === 0) return null;
  return (
    <ul aria-label="Social links" className="flex flex-wrap gap-2">
      {present.map(({ key, label, url }) => (
        <li key={key}>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 rounded-full border border-white/10 bg-white/5 px-3 py-1.5 text-sm text-zinc-200 transition hover:border-white/25 hover:text-white"
          >
            {label}
            <span aria-hidden="true" className="text-zinc-500">
              ↗
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
