import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { PageIntro } from '@/components/ui/PageIntro';
import { formatCalendarDate } from '@/lib/dates';
import { scrollToTop } from '@/lib/scroll';
import { useSignedIn } from '@/lib/viewer';
import { PolicyContents } from './components/PolicyContents';
import { PolicySectionView } from './components/PolicySectionView';
import { policyDocuments, type PolicySlug } from './content';

interface PolicyPageProps {
  slug: PolicySlug;
}

export function PolicyPage({ slug }: PolicyPageProps) {
  const policy = policyDocuments[slug];
  // Home is the landing page for a visitor and the dashboard for a member.
  const home = useSignedIn() ? '/home' : '/';
  return (
    <article className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <title>{`${policy.title} · Backbeat`}</title>
      <PageIntro eyebrow="Policies" title={policy.title}>
        <p className="text-base text-zinc-500">
          Last updated: <time dateTime={policy.lastUpdated}>{formatCalendarDate(policy.lastUpdated)}</time>
        </p>
      </PageIntro>

      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="hidden lg:block">
          <div className="sticky top-24">
            <PolicyContents sections={policy.sections} />
          </div>
        </aside>

        <div className="min-w-0 max-w-3xl">
          <p className="rounded-2xl border border-brand/30 bg-brand/10 p-5 leading-relaxed text-pretty text-zinc-200">
            {policy.summary}
          </p>
          <div className="mt-10 space-y-10">
            {policy.sections.map((section) => (
              <PolicySectionView key={section.heading} section={section} />
            ))}
          </div>
          <div className="mt-14 flex flex-wrap gap-3 border-t border-line pt-8">
            <ButtonLink to={home} variant="secondary">
              Back to Home
            </ButtonLink>
            <Button variant="ghost" onClick={scrollToTop}>
              Back to Top
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}
