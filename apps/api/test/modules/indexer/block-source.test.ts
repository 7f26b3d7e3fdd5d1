import { describe, expect, it } from 'vitest';
import { valueMovesOfCallTree } from '../../../src/modules/indexer/block-source';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const C = '0x00000000000000000000000000000000000000cc';
const tx = { txHash: '0x01' as const, txIndex: 3 };

describe('value moves of a call tree', () => {
  it('keeps value-moving calls with their positions, and marks frames inside a reverted one as failed', () => {
    const moves = valueMovesOfCallTree(
      {
        type: 'CALL',
        from: A,
        to: B,
        value: '0x0',
        calls: [
          { type: 'DELEGATECALL', from: B, to: C, value: '0x5' },
          { type: 'CALL', from: B, to: C, value: '0x10' },
          {
            type: 'CALL',
            from: B,
            to: A,
            value: '0x1',
            error: 'execution reverted',
            calls: [{ type: 'CALL', from: A, to: C, value: '0x2' }],
          },
          { type: 'STATICCALL', from: B, to: C },
        ],
      },
      tx,
    );
    expect(moves).toEqual([
      { ...tx, traceAddress: '1', from: B, to: C, valueWei: 16n, succeeded: true },
      { ...tx, traceAddress: '2', from: B, to: A, valueWei: 1n, succeeded: false },
      { ...tx, traceAddress: '2.0', from: A, to: C, valueWei: 2n, succeeded: false },
    ]);
  });

  it('takes the transaction itself at position "" and lower-cases addresses', () => {
    const moves = valueMovesOfCallTree(
      { type: 'CALL', from: A.toUpperCase().replace('0X', '0x') as never, to: B, value: '0x3' },
      tx,
    );
    expect(moves).toEqual([{ ...tx, traceAddress: '', from: A, to: B, valueWei: 3n, succeeded: true }]);
  });
});
