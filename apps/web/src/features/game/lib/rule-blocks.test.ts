import { describe, expect, it } from 'vitest';
import { ruleBlocks, ruleSpans } from './rule-blocks';

describe('ruleBlocks', () => {
  it("turns '- ' lines into one list and keeps the other lines as paragraphs", () => {
    const blocks = ruleBlocks('Ranks\nEach currency has a ladder.\n- First item.\n- Second item.\n\nAfter.');
    expect(blocks).toEqual([
      { kind: 'paragraph', spans: [{ code: false, text: 'Ranks' }] },
      { kind: 'paragraph', spans: [{ code: false, text: 'Each currency has a ladder.' }] },
      {
        kind: 'list',
        items: [[{ code: false, text: 'First item.' }], [{ code: false, text: 'Second item.' }]],
      },
      { kind: 'paragraph', spans: [{ code: false, text: 'After.' }] },
    ]);
  });

  it('shows backticked parts as code, without the backticks', () => {
    expect(ruleSpans('run `npm run verify:season -- <id>` to check')).toEqual([
      { code: false, text: 'run ' },
      { code: true, text: 'npm run verify:season -- <id>' },
      { code: false, text: ' to check' },
    ]);
  });

  it('leaves an unpaired backtick as text', () => {
    expect(ruleSpans('a ` b')).toEqual([{ code: false, text: 'a ` b' }]);
  });
});
