/** A rules text as blocks: paragraphs, and runs of '- ' lines as lists; each part plain text or `code`. */
export type RuleSpan = { code: boolean; text: string };
export type RuleBlock = { kind: 'paragraph'; spans: RuleSpan[] } | { kind: 'list'; items: RuleSpan[][] };

/** Splits a line on backticks: the odd parts are code (a lone backtick stays as text). */
export function ruleSpans(line: string): RuleSpan[] {
  const parts = line.split('`');
  if (parts.length % 2 === 0) return [{ code: false, text: line }];
  return parts.map((text, index) => ({ code: index % 2 === 1, text })).filter((span) => span.text !== '');
}

/**
 * The server's rules text (product.md 7) is plain lines: a title, sentences, and '- ' items. Shown as written, the dashes
 * and backticks read as raw markup; this turns them into list items and code.
 */
export function ruleBlocks(text: string): RuleBlock[] {
  const blocks: RuleBlock[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const item = /^[-*]\s+(.*)$/.exec(line);
    const last = blocks[blocks.length - 1];
    if (item) {
      const spans = ruleSpans(item[1] ?? '');
      if (last?.kind === 'list') last.items.push(spans);
      else blocks.push({ kind: 'list', items: [spans] });
    } else {
      blocks.push({ kind: 'paragraph', spans: ruleSpans(line) });
    }
  }
  return blocks;
}
