import { useCallback, useEffect, useState } from 'react';

export type QrState = { status: 'rendering' } | { status: 'ready'; dataUrl: string } | { status: 'failed' };

/** Renders `text` as a QR code in the browser (the `qrcode` library, loaded on first use); `retry` renders again. */
export function useQrCode(text: string, render: (text: string) => Promise<string> = renderQrDataUrl) {
  const [state, setState] = useState<QrState>({ status: 'rendering' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the render on retry.
  useEffect(() => {
    let isCurrent = true;
    setState({ status: 'rendering' });
    render(text).then(
      (dataUrl) => isCurrent && setState({ status: 'ready', dataUrl }),
      () => isCurrent && setState({ status: 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [text, render, attempt]);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, retry };
}

async function renderQrDataUrl(text: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
}
