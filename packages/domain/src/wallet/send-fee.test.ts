import { describe, expect, it } from 'vitest';
import { sendFeeRoomError } from './send-fee';

describe('a send leaves room for its network fee, paid from the same balance', () => {
  it('refuses the whole balance and says why', () => {
    expect(sendFeeRoomError('1', '1')).toBe(
      'The network fee is paid from this balance: send less than 1 ETH',
    );
    expect(sendFeeRoomError('1235.4430226', '1235.4430226')).toBe(
      'The network fee is paid from this balance: send less than 1,235.4430226 ETH',
    );
  });

  it('lets anything less through, and leaves other mistakes to the spec checks', () => {
    expect(sendFeeRoomError('0.99999999', '1')).toBeNull();
    expect(sendFeeRoomError('2', '1')).toBeNull();
    expect(sendFeeRoomError('', '1')).toBeNull();
    expect(sendFeeRoomError('1.', '1')).toBeNull();
    expect(sendFeeRoomError('0', '0')).toBeNull();
  });
});
