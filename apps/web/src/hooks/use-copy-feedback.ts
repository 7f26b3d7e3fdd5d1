import { useCallback, useEffect, useRef, useState } from 'react';

/** Writes text to the clipboard; falls back to a hidden textarea where the async clipboard is unavailable. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission denied (e.g. an insecure origin): try the older way below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand?.('copy') ?? false;
  area.remove();
  if (!copied) throw new Error('The browser did not allow copying');
}

/**
 * Copy with feedback: `isCopied` is true for `feedbackMs` after a successful copy (product.md 9: 1 second on the
 * referral page, 2 seconds on the wallet). Copying again restarts the timer.
 */
export function useCopyFeedback(feedbackMs: number) {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await copyText(text);
      } catch {
        return false;
      }
      clearTimeout(timer.current);
      setIsCopied(true);
      timer.current = setTimeout(() => setIsCopied(false), feedbackMs);
      return true;
    },
    [feedbackMs],
  );

  return { isCopied, copy };
}
