import { buttonClasses } from '@/components/ui/buttonStyles';
import { PageIntro } from '@/components/ui/PageIntro';
import { FaqBrowser } from './components/FaqBrowser';
import { faqItems } from './faqItems';

export function FaqPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <title>FAQ · Backbeat</title>
      <PageIntro eyebrow="Help" title="Frequently asked questions">
        <p>Uploading, earning, getting paid and managing your account: the short answers.</p>
      </PageIntro>
      <div className="mt-10">
        <FaqBrowser items={faqItems} />
      </div>
      <aside className="mt-12 rounded-3xl border border-line bg-surface p-6 sm:p-8">
        <h2 className="text-xl font-bold text-white">Still have a question?</h2>
        <p className="mt-2 text-zinc-400">
          Write to the Backbeat support team at support@backbeat.example and tell us what you need help with.
        </p>
        <a href="mailto:support@backbeat.example" className={`mt-5 ${buttonClasses('primary')}`}>
          Contact support
        </a>
      </aside>
    </div>
  );
}
