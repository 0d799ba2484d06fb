/** A stable element id for a policy section, derived from its heading. */
export function sectionId(heading: string): string {
  const slug = heading
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `policy-${slug}`;
}
