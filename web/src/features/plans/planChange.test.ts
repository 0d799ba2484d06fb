import { describe, expect, it } from 'vitest';
import { planListOf } from '@/test/fixtures';
import { changeBilling, changePrice, changeQuestion, featuresGained, featuresLost, isUpgrade } from './planChange';

function planNamed(id: string) {
  const plan = planListOf().find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`no plan ${id}`);
  return plan;
}

const basic = planNamed('basic');
const premium = planNamed('premium');
const downgrade = { from: premium, to: basic };
const upgrade = { from: basic, to: premium };

describe('a change between paid plans', () => {
  it('asks to switch down or upgrade, naming the new plan', () => {
    expect(isUpgrade(downgrade)).toBe(false);
    expect(changeQuestion(downgrade)).toBe('Switch to Basic?');
    expect(isUpgrade(upgrade)).toBe(true);
    expect(changeQuestion(upgrade)).toBe('Upgrade to Premium?');
  });

  it('names the new price beside the old one', () => {
    expect(changePrice(downgrade)).toBe('Basic costs $4.99/month instead of $9.99/month.');
    expect(changePrice(upgrade)).toBe('Premium costs $9.99/month instead of $4.99/month.');
  });

  it('lists what a downgrade loses and what an upgrade gains, from the plans’ feature lists', () => {
    expect(featuresLost(downgrade)).toEqual(['Unlimited uploads', 'Lossless (FLAC)', 'Unlimited offline', 'Priority support']);
    expect(featuresGained(upgrade)).toEqual(featuresLost(downgrade));
    expect(featuresLost(upgrade)).not.toContain('Ad-free');
  });

  it('says nothing is charged today and how the next bill settles the difference', () => {
    expect(changeBilling(downgrade)).toBe(
      'Nothing is charged today. Your next bill is reduced by the difference between Premium and Basic for the rest of this billing period; after that, Basic costs $4.99/month.',
    );
    expect(changeBilling(upgrade)).toBe(
      'Nothing is charged today. Your next bill adds the difference between Basic and Premium for the rest of this billing period; after that, Premium costs $9.99/month.',
    );
  });

  it('names the day of the next bill when it is known', () => {
    expect(changeBilling(upgrade, 'December 28, 2026')).toBe(
      'Nothing is charged today. Your next bill, on December 28, 2026, adds the difference between Basic and Premium for the rest of this billing period; after that, Premium costs $9.99/month.',
    );
  });
});
