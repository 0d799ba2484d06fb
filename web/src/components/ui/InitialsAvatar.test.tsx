import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { avatarColorOf, initialsOf } from './initials';
import { InitialsAvatar } from './InitialsAvatar';
import cases from './initials.cases.json';

describe('initialsOf', () => {
  it('takes the first letters of the first and the last word', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('grace brewster hopper')).toBe('GH');
  });

  it('gives one initial for one word, an email address included', () => {
    expect(initialsOf('Prince')).toBe('P');
    expect(initialsOf('ada@example.com')).toBe('A');
  });

  it('skips punctuation and keeps letters of any script', () => {
    expect(initialsOf('  (Ada)  "Lovelace" ')).toBe('AL');
    expect(initialsOf('Élodie Ørsted')).toBe('ÉØ');
  });

  it('draws a question mark when there is nothing to take', () => {
    expect(initialsOf('')).toBe('?');
    expect(initialsOf(' -- ')).toBe('?');
  });

  it('skips a leading article when more words follow, as the demo covers do', () => {
    expect(initialsOf('The Driftwood Trio')).toBe('DT');
    expect(initialsOf('The Beatles')).toBe('B');
  });

  it.each(cases)('gives %j the initials %j, the same as the server (initials.cases.json)', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('avatarColorOf', () => {
  it('gives a name the same colour every time, whatever its case or padding', () => {
    expect(avatarColorOf('Ada Lovelace')).toBe(avatarColorOf(' ada lovelace '));
  });

  it('gives different names different colours', () => {
    expect(avatarColorOf('Ada Lovelace')).not.toBe(avatarColorOf('Grace Hopper'));
  });
});

describe('InitialsAvatar', () => {
  it('draws the initials on the colour of the name at 128 px', () => {
    const { container } = renderRoute(<InitialsAvatar name="Ada Lovelace" className="size-10" />);
    const svg = container.querySelector('svg');

    expect(svg).toHaveAttribute('width', '128');
    expect(svg).toHaveAttribute('viewBox', '0 0 128 128');
    expect(svg).toHaveClass('size-10');
    expect(svg?.querySelector('text')).toHaveTextContent('AL');
    expect(svg?.querySelector('rect')).toHaveAttribute('fill', avatarColorOf('Ada Lovelace'));
  });
});
