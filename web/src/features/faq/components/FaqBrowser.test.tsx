import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { faqItems, type FaqItem } from '../faqItems';
import { FaqBrowser } from './FaqBrowser';

function questionButtons() {
  return within(screen.getByRole('list')).getAllByRole('button');
}

function openAnswers() {
  return screen.queryAllByRole('region');
}

describe('FaqBrowser', () => {
  it('shows all 11 questions under "All", none of them open', () => {
    renderRoute(<FaqBrowser items={faqItems} />);

    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(questionButtons()).toHaveLength(11);
    expect(openAnswers()).toHaveLength(0);
  });

  it('shows only the questions of the chosen category', async () => {
    const { user } = renderRoute(<FaqBrowser items={faqItems} />);

    await user.click(screen.getByRole('button', { name: 'Payouts' }));

    const payoutQuestions = faqItems.filter((item) => item.category === 'payouts').map((item) => item.question);
    expect(questionButtons().map((button) => button.textContent)).toEqual(payoutQuestions);
    expect(screen.getByRole('button', { name: 'Payouts' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps at most one answer open', async () => {
    const { user } = renderRoute(<FaqBrowser items={faqItems} />);
    const [first, second] = questionButtons();
    if (!first || !second) throw new Error('expected at least two questions');

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(openAnswers()).toHaveLength(1);

    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(openAnswers()).toHaveLength(1);
    expect(openAnswers()[0]).toHaveAttribute('id', second.getAttribute('aria-controls'));
  });

  it('closes the open answer when its question is clicked again', async () => {
    const { user } = renderRoute(<FaqBrowser items={faqItems} />);
    const [first] = questionButtons();
    if (!first) throw new Error('expected a question');

    await user.click(first);
    await user.click(first);

    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(openAnswers()).toHaveLength(0);
  });

  it('closes the open answer when the category changes', async () => {
    const { user } = renderRoute(<FaqBrowser items={faqItems} />);

    await user.click(screen.getByRole('button', { name: 'How do I upload my music?' }));
    expect(openAnswers()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Music' }));

    expect(screen.getByRole('button', { name: 'How do I upload my music?' })).toHaveAttribute('aria-expanded', 'false');
    expect(openAnswers()).toHaveLength(0);
  });

  it('says so when a category has no questions', async () => {
    const withoutAccountQuestions: FaqItem[] = faqItems.filter((item) => item.category !== 'account');
    const { user } = renderRoute(<FaqBrowser items={withoutAccountQuestions} />);

    await user.click(screen.getByRole('button', { name: 'Account' }));

    expect(screen.getByText('No questions found for this category.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
