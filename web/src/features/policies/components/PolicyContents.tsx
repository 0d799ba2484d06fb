import { scrollToSection } from '@/lib/scroll';
import type { PolicySection } from '../types';
import { sectionId } from '../sectionId';

/** "On this page": jumps to a section, keeping it clear of the fixed header. */
export function PolicyContents({ sections }: { sections: PolicySection[] }) {
  return (
    <nav aria-label="On this page" className="rounded-2xl border border-line bg-surface/60 p-5">
      <h2 className="text-xs font-semibold tracking-widest text-zinc-500 uppercase">On this page</h2>
      <ol className="mt-3 space-y-1">
        {sections.map((section) => (
          <li key={section.heading}>
            <button
              type="button"
              className="w-full rounded-lg px-2 py-1.5 text-left text-sm text-zinc-400 transition hover:bg-white/5 hover:text-white"
              onClick={() => {
                scrollToSection(sectionId(section.heading));
              }}
            >
              {section.heading}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
