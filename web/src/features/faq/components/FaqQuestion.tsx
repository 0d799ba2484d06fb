import type { FaqItem } from '../faqItems';

interface FaqQuestionProps {
  item: FaqItem;
  isOpen: boolean;
  onToggle: () => void;
}

export function FaqQuestion({ item, isOpen, onToggle }: FaqQuestionProps) {
  const answerId = `faq-answer-${item.id}`;
  const questionId = `faq-question-${item.id}`;
  return (
    <li className={`rounded-2xl border transition ${isOpen ? 'border-brand/40 bg-surface-raised' : 'border-line bg-surface'}`}>
      <h3>
        <button
          id={questionId}
          type="button"
          aria-expanded={isOpen}
          aria-controls={answerId}
          onClick={onToggle}
          className="flex w-full items-start justify-between gap-4 px-5 py-4 text-left sm:px-6 sm:py-5"
        >
          <span className="font-semibold text-pretty text-white sm:text-lg">{item.question}</span>
          <svg
            viewBox="0 0 24 24"
            className={`mt-0.5 size-5 shrink-0 text-brand-soft transition-transform duration-200 ${isOpen ? 'rotate-45' : ''}`}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path strokeLinecap="round" d="M12 5v14M5 12h14" />
          </svg>
        </button>
      </h3>
      <div id={answerId} role="region" aria-labelledby={questionId} hidden={!isOpen}>
        <p className="px-5 pb-5 leading-relaxed text-pretty text-zinc-300 sm:px-6">{item.answer}</p>
      </div>
    </li>
  );
}
