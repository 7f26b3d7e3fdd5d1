import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { Toaster } from '@/components/ui/toaster';
import { SendDialog, type SendTransfer } from './send-dialog';

const FROM = '0x1111111111111111111111111111111111111111';
const TO = '0x2222222222222222222222222222222222222222';
const USER_OP = `0x${'ab'.repeat(32)}` as const;

function renderDialog(sendTransfer: SendTransfer, onOpenChange = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SendDialog
        address={FROM}
        balanceEth="1.5"
        isOpen
        onOpenChange={onOpenChange}
        sendTransfer={sendTransfer}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

async function fillValid() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Address'), TO);
  await user.type(screen.getByLabelText('Amount (ETH)'), '0.25');
  return user;
}

beforeEach(() => {
  toast.dismiss();
});

describe('product.md 2 Send dialog and product.md 4 Send ETH', () => {
  it('shows Balance and the Network, and keeps Confirm disabled until both fields are valid', async () => {
    renderDialog(vi.fn());
    expect(screen.getByTestId('send-balance')).toHaveTextContent('1.5 ETH');
    expect(screen.getByText('Abstract Chain', { selector: 'dd' })).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Address'), TO);
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Amount (ETH)'), '2');
    expect(screen.getByText('The maximum amount is 1.5 ETH')).toBeInTheDocument();
    expect(confirm).toBeDisabled();
  });

  it('disables the inputs with a spinner while the provider works, then says Transaction successful and closes', async () => {
    let finish: (value: { userOpHash: `0x${string}`; succeeded: boolean }) => void = () => {};
    const sendTransfer = vi.fn<SendTransfer>(() => new Promise((resolve) => (finish = resolve)));
    const { onOpenChange } = renderDialog(sendTransfer);
    const user = await fillValid();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(sendTransfer).toHaveBeenCalledWith({ from: FROM, to: TO, valueWei: 250_000_000_000_000_000n });
    expect(screen.getByLabelText('Address')).toBeDisabled();
    expect(screen.getByLabelText('Amount (ETH)')).toBeDisabled();
    expect(screen.getByText('Sending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Confirm/ })).toBeDisabled();

    finish({ userOpHash: USER_OP, succeeded: true });
    expect(await screen.findByText('Transaction successful')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it.each([
    [
      'the provider reports it could not create the user operation',
      () => Promise.reject(new Error('Failed to create user operation')),
    ],
    [
      'the user operation reverted on chain',
      () => Promise.resolve({ userOpHash: USER_OP, succeeded: false }),
    ],
    [
      'the popup was blocked',
      () => {
        throw new Error('popup blocked');
      },
    ],
  ])('says Transaction failed when %s, and lets the player try again', async (_case, outcome) => {
    const { onOpenChange } = renderDialog(vi.fn(outcome as SendTransfer));
    const user = await fillValid();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Transaction failed')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (ETH)')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('refuses the whole balance, saying the fee comes from it, and a 42-character address that is not hex', async () => {
    renderDialog(vi.fn());
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Address'), `0x${'g'.repeat(40)}`);
    expect(screen.getByText('Please enter a valid ETH address')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), TO);
    await user.type(screen.getByLabelText('Amount (ETH)'), '1.5');
    expect(
      screen.getByText('The network fee is paid from this balance: send less than 1.5 ETH'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Amount (ETH)'));
    await user.type(screen.getByLabelText('Amount (ETH)'), '1.49');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });

  it('says where to approve while the account provider is asked', async () => {
    renderDialog(vi.fn<SendTransfer>(() => new Promise(() => {})));
    const user = await fillValid();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByTestId('send-waiting')).toHaveTextContent(/^Approve the transfer in .+…$/);
  });
});
