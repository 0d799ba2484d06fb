import type { PolicySection } from '../types';
import { sectionId } from '../sectionId';

export function PolicySectionView({ section }: { section: PolicySection }) {
  return (
    <section id={sectionId(section.heading)} aria-labelledby={`${sectionId(section.heading)}-heading`}>
      <h2 id={`${sectionId(section.heading)}-heading`} className="text-xl font-bold text-white sm:text-2xl">
        {section.heading}
      </h2>
      {section.paragraphs?.map((paragraph) => (
        <p key={paragraph} className="mt-4 leading-relaxed text-pretty text-zinc-300">
          {paragraph}
        </p>
      ))}
      {section.items && section.items.length > 0 ? (
        <ul className="mt-4 space-y-3">
          {section.items.map((item) => (
            <li key={item} className="flex gap-3 leading-relaxed text-zinc-300">
              <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brand-fuchsia" />
              <span className="min-w-0 text-pretty">{item}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
