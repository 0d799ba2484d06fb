import { PageIntro } from '@/components/ui/PageIntro';
import { ComingSoonList } from './components/ComingSoonList';
import { ReleaseEntry } from './components/ReleaseEntry';
import { UpdatesSubscribeForm } from './components/UpdatesSubscribeForm';
import { releases, upcomingFeatures } from './releases';

export function ChangelogPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <title>Updates · Backbeat</title>
      <PageIntro eyebrow="Changelog" title="What's new in Backbeat">
        <p>Every release, what it brought, and what we are building next.</p>
      </PageIntro>
      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-8">
          {releases.map((release) => (
            <ReleaseEntry key={release.version} release={release} />
          ))}
        </div>
        <div className="space-y-8">
          <ComingSoonList features={upcomingFeatures} />
          <UpdatesSubscribeForm />
        </div>
      </div>
    </div>
  );
}
