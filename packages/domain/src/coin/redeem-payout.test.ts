import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ojoCostWei } from './buy-ojo';
import {
  atRate,
  bidRate,
  type CostBasis,
  consumeBasis,
  lowerRate,
  type Rate,
  redeemPayout,
} from './redeem-payout';
import { discountedWei } from './withdraw-limits';

const ETH = 10n ** 18n;

describe('redeemPayout', () => {
  it('pays a package bought 10 % below list at most what it cost, at the bid price when that is lower', () => {
    // 2,000 OJO at 2,000 OJO per ETH: list 1 ETH, the package 0.9 ETH.
    const paid = discountedWei(ojoCostWei(2000n, '2000') as bigint, 10);
    expect(paid).toBe((ETH * 9n) / 10n);
    const basis = { qty: 2000n, wei: paid };
    const bid = bidRate(2000n, 0, 300);
    expect(atRate(2000n, bid)).toBe((ETH * 97n) / 100n);
    const lowestPaid = { wei: paid, qty: 2000n };
    expect(redeemPayout({ amount: 2000n, basis, bid, lowestPaid })).toEqual({
      payoutWei: paid,
      covered: 2000n,
      capWei: paid,
    });
    // The price fell by half: the bid (0.485 ETH) is below the cost, so the bid is paid.
    const lowBid = bidRate(4000n, 0, 300);
    expect(redeemPayout({ amount: 2000n, basis, bid: lowBid, lowestPaid }).payoutWei).toBe(
      (ETH * 485n) / 1000n,
    );
  });

  it('pays won OJO at the lower of the bid and the cheapest rate ever paid, and nothing when none was paid', () => {
    const bid = bidRate(2000n, 0, 300);
    const none = { qty: 0n, wei: 0n };
    expect(redeemPayout({ amount: 100n, basis: none, bid, lowestPaid: null }).payoutWei).toBe(0n);
    const cheap = { wei: ETH, qty: 4000n };
    expect(redeemPayout({ amount: 100n, basis: none, bid, lowestPaid: cheap }).payoutWei).toBe(ETH / 40n);
    const dear = { wei: ETH, qty: 1000n };
    expect(redeemPayout({ amount: 100n, basis: none, bid, lowestPaid: dear }).payoutWei).toBe(
      atRate(100n, bid),
    );
    // Part bought, part won: each part by its own rule.
    const basis = { qty: 60n, wei: ETH / 100n };
    const mixed = redeemPayout({ amount: 100n, basis, bid, lowestPaid: cheap });
    expect(mixed).toEqual({ payoutWei: ETH / 100n + ETH / 100n, covered: 60n, capWei: ETH / 100n });
  });

  it('takes the average cost of the part it uses, floored', () => {
    expect(consumeBasis(1n, { qty: 3n, wei: 10n })).toEqual({ covered: 1n, capWei: 3n });
    expect(consumeBasis(5n, { qty: 3n, wei: 10n })).toEqual({ covered: 3n, capWei: 10n });
    expect(consumeBasis(5n, { qty: 0n, wei: 0n })).toEqual({ covered: 0n, capWei: 0n });
  });

  it('compares rates exactly', () => {
    const a = { wei: 10n ** 30n + 1n, qty: 10n ** 12n };
    const b = { wei: 10n ** 30n, qty: 10n ** 12n };
    expect(lowerRate(a, b)).toBe(b);
    expect(lowerRate(b, a)).toBe(b);
    expect(lowerRate(null, a)).toBe(a);
  });

  it('never pays out more ETH than purchases brought in, whatever players buy, bet, redeem and cancel', () => {
    const player = fc.integer({ min: 0, max: 3 });
    const price = fc.record({
      units: fc.bigInt({ min: 1n, max: 10n ** 9n }),
      scale: fc.integer({ min: 0, max: 4 }),
    });
    const action = fc.oneof(
      fc.record({
        kind: fc.constant('buy' as const),
        player,
        qty: fc.bigInt({ min: 1n, max: 100_000n }),
        // A quote at any price (an old one included) and any package discount.
        price,
        discount: fc.integer({ min: 0, max: 99 }),
      }),
      fc.record({ kind: fc.constant('price' as const), price }),
      fc.record({
        kind: fc.constant('bet' as const),
        from: player,
        to: player,
        amount: fc.bigInt({ min: 1n, max: 100_000n }),
      }),
      fc.record({
        kind: fc.constant('redeem' as const),
        player,
        amount: fc.bigInt({ min: 1n, max: 100_000n }),
        spreadBps: fc.integer({ min: 0, max: 2000 }),
      }),
      fc.record({ kind: fc.constant('cancel' as const), index: fc.nat() }),
      fc.record({ kind: fc.constant('pay' as const), index: fc.nat() }),
    );
    fc.assert(
      fc.property(price, fc.array(action, { maxLength: 60 }), (start, actions) => {
        let mid = start;
        let received = 0n;
        let paid = 0n;
        let lowestPaid: Rate | null = null;
        const ojo = [0n, 0n, 0n, 0n];
        const basis: CostBasis[] = ojo.map(() => ({ qty: 0n, wei: 0n }));
        const pending: {
          player: number;
          amount: bigint;
          covered: bigint;
          capWei: bigint;
          payoutWei: bigint;
        }[] = [];
        for (const step of actions) {
          if (step.kind === 'buy') {
            const text = decimal(step.price.units, step.price.scale);
            const wei = discountedWei(ojoCostWei(step.qty, text) as bigint, step.discount);
            received += wei;
            ojo[step.player] = (ojo[step.player] as bigint) + step.qty;
            const held = basis[step.player] as CostBasis;
            basis[step.player] = { qty: held.qty + step.qty, wei: held.wei + wei };
            lowestPaid = lowerRate(lowestPaid, { wei, qty: step.qty });
          } else if (step.kind === 'price') {
            mid = step.price;
          } else if (step.kind === 'bet') {
            const amount = min(step.amount, ojo[step.from] as bigint);
            ojo[step.from] = (ojo[step.from] as bigint) - amount;
            ojo[step.to] = (ojo[step.to] as bigint) + amount;
          } else if (step.kind === 'redeem') {
            const amount = min(step.amount, ojo[step.player] as bigint);
            if (amount <= 0n) continue;
            const held = basis[step.player] as CostBasis;
            const bid = bidRate(mid.units, mid.scale, step.spreadBps);
            const payout = redeemPayout({ amount, basis: held, bid, lowestPaid });
            basis[step.player] = { qty: held.qty - payout.covered, wei: held.wei - payout.capWei };
            ojo[step.player] = (ojo[step.player] as bigint) - amount;
            pending.push({ player: step.player, amount, ...payout });
          } else if (pending.length > 0) {
            const [taken] = pending.splice(step.index % pending.length, 1);
            if (!taken) continue;
            if (step.kind === 'pay') {
              paid += taken.payoutWei;
            } else {
              ojo[taken.player] = (ojo[taken.player] as bigint) + taken.amount;
              const held = basis[taken.player] as CostBasis;
              basis[taken.player] = { qty: held.qty + taken.covered, wei: held.wei + taken.capWei };
            }
          }
          const owed = pending.reduce((sum, item) => sum + item.payoutWei, 0n);
          if (paid + owed > received) return false;
        }
        // Everyone redeems everything at the end: still no more out than in.
        for (const [index, amount] of ojo.entries()) {
          if (amount <= 0n) continue;
          const held = basis[index] as CostBasis;
          const payout = redeemPayout({
            amount,
            basis: held,
            bid: bidRate(mid.units, mid.scale, 0),
            lowestPaid,
          });
          basis[index] = { qty: held.qty - payout.covered, wei: held.wei - payout.capWei };
          paid += payout.payoutWei;
        }
        return paid + pending.reduce((sum, item) => sum + item.payoutWei, 0n) <= received;
      }),
      { numRuns: 500 },
    );
  });
});

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function decimal(units: bigint, scale: number): string {
  const text = units.toString().padStart(scale + 1, '0');
  return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
}
