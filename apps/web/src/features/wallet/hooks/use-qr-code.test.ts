import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useQrCode } from './use-qr-code';

describe('product.md 2 Deposit dialog QR code', () => {
  it('is rendering first, fails, and renders again on retry', async () => {
    let calls = 0;
    const render = async (text: string) => {
      calls += 1;
      if (calls === 1) throw new Error('no canvas');
      return `data:image/png;base64,${btoa(text)}`;
    };
    const { result } = renderHook(() => useQrCode('0xabc', render));
    expect(result.current.state).toEqual({ status: 'rendering' });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'failed' }));
    act(() => result.current.retry());
    await waitFor(() =>
      expect(result.current.state).toEqual({
        status: 'ready',
        dataUrl: `data:image/png;base64,${btoa('0xabc')}`,
      }),
    );
  });

  it('draws a real QR code of the address with the qrcode library', async () => {
    const { result } = renderHook(() => useQrCode('0x21abb53d378a8aaee4c8b50270a6c4b7647da244'));
    await waitFor(() => expect(result.current.state.status).toBe('ready'), { timeout: 5_000 });
    const state = result.current.state as { dataUrl: string };
    // A PNG made in the browser from the address (the library draws without a server).
    expect(state.dataUrl).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(state.dataUrl.length).toBeGreaterThan(500);
  });
});
