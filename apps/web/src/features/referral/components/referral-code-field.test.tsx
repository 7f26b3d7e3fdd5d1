import { referralCodeCheckResponse } from '@ojo/api-contract/referral';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearReferralSelection, getReferralSelection } from '@/lib/referral-selection';
import { ReferralCodeField } from './referral-code-field';

/** The customer host's answer to GET /customer/invite/code/check, shaped by the shared contract. */
const VALID_CODES = new Set(['GOOD12']);
function answerReferralCheck(input: RequestInfo | URL): Response {
  const url = new URL(String(input));
  if (url.pathname !== '/customer/invite/code/check') return new Response('not found', { status: 404 });
  const isValid = VALID_CODES.has(url.searchParams.get('inviteCode') ?? '');
  const body = referralCodeCheckResponse.parse(
    isValid
      ? { success: true, code: '0', msgKey: 'success', obj: true }
      : { success: false, code: '1001', msgKey: 'invalid code', obj: null },
  );
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

function renderField(props: Parameters<typeof ReferralCodeField>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ReferralCodeField {...props} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  clearReferralSelection();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => answerReferralCheck(input)),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ReferralCodeField', () => {
  it('opens from the referral code link', async () => {
    const user = userEvent.setup();
    renderField();
    await user.click(screen.getByRole('button', { name: 'Have a referral code?' }));
    expect(screen.getByRole('textbox', { name: 'Referral code' })).toBeInTheDocument();
  });

  it('takes letters and digits only, at most 6, ignoring other input', async () => {
    const user = userEvent.setup();
    renderField();
    await user.click(screen.getByRole('button', { name: 'Have a referral code?' }));
    const input = screen.getByRole('textbox', { name: 'Referral code' });
    await user.type(input, 'a-b 1_2!c3d4');
    expect(input).toHaveValue('ab12c3');
    await user.type(input, 'Z');
    expect(input).toHaveValue('ab12c3');
  });

  it('shows Invalid referral code when the check fails, and typing clears it', async () => {
    const user = userEvent.setup();
    renderField();
    await user.click(screen.getByRole('button', { name: 'Have a referral code?' }));
    const input = screen.getByRole('textbox', { name: 'Referral code' });
    await user.type(input, 'BAD999');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid referral code');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(getReferralSelection().referralCode).toBeNull();

    await user.type(input, '{Backspace}');
    expect(screen.queryByText('Invalid referral code')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('keeps the error when the typed character is ignored', async () => {
    const user = userEvent.setup();
    renderField();
    await user.click(screen.getByRole('button', { name: 'Have a referral code?' }));
    const input = screen.getByRole('textbox', { name: 'Referral code' });
    await user.type(input, 'BAD999');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByRole('alert');
    await user.type(input, '!');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid referral code');
  });

  it('selects a code the server accepts for the login', async () => {
    const user = userEvent.setup();
    renderField();
    await user.click(screen.getByRole('button', { name: 'Have a referral code?' }));
    await user.type(screen.getByRole('textbox', { name: 'Referral code' }), 'GOOD12');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code GOOD12 will be used when you log in.')).toBeInTheDocument();
    expect(getReferralSelection()).toEqual({ referralCode: 'GOOD12', sourceType: 'web' });
  });

  it('selects and checks the code of a referral entry link', async () => {
    renderField({ entryCode: 'GOOD12', entrySourceType: 'DOJO_DASH' });
    expect(screen.getByRole('textbox', { name: 'Referral code' })).toHaveValue('GOOD12');
    await waitFor(() =>
      expect(getReferralSelection()).toEqual({ referralCode: 'GOOD12', sourceType: 'DOJO_DASH' }),
    );
    expect(await screen.findByText('Code GOOD12 will be used when you log in.')).toBeInTheDocument();
  });

  it('drops an entry code the server rejects', async () => {
    renderField({ entryCode: 'NOPE00', entrySourceType: 'web' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid referral code');
    expect(getReferralSelection().referralCode).toBeNull();
  });
});
