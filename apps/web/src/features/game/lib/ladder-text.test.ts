import { describe, expect, it } from 'vitest';
import { drawPrizesText, eligibilityNote, signedResult } from './ladder-text';

describe('signedResult', () => {
  it('gives a season result its sign, and 0 none', () => {
    expect([signedResult('84'), signedResult('-1200'), signedResult('0'), signedResult('1234567')]).toEqual([
      '+84',
      '-1,200',
      '0',
      '+1,234,567',
    ]);
  });
});

describe('eligibilityNote', () => {
  it('says how many settled bets a player still needs', () => {
    expect([eligibilityNote(3, 5), eligibilityNote(4, 5), eligibilityNote(0, 5)]).toEqual([
      'Not eligible: 2 more bets',
      'Not eligible: 1 more bet',
      'Not eligible: 5 more bets',
    ]);
  });
});

describe('drawPrizesText', () => {
  it('names the draw prizes and their amount', () => {
    expect(drawPrizesText({ prizes: 10, amountEach: '2500' }, 'Points')).toBe(
      '10 draw prizes of 2,500 Points.',
    );
  });

  it('never promises prizes of 0: a pool too small to pay one says so', () => {
    const text = drawPrizesText({ prizes: 10, amountEach: '0' }, 'Points');
    expect(text).not.toMatch(/\bof 0\b/);
    expect(text).toContain('too small to pay one');
  });

  it('says when a season has no draw at all', () => {
    expect(drawPrizesText({ prizes: 0, amountEach: '0' }, 'OJO')).toBe('This season has no ticket draw.');
  });
});
