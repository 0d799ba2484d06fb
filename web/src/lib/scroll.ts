/** Height of the fixed site header plus breathing room, so a section never hides under it. */
export const SECTION_SCROLL_OFFSET = 80;

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** Scrolls so the element's top sits `offset` pixels below the top of the viewport. */
export function scrollToSection(elementId: string, offset = SECTION_SCROLL_OFFSET): void {
  const section = document.getElementById(elementId);
  if (!section) return;
  const top = section.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(top, 0), behavior: scrollBehavior() });
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: scrollBehavior() });
}
