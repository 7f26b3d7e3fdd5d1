import type { SimulatedCoinParams } from './model';
import { priceUnits } from './price';

/** A coin of the simulated feed: its model parameters and the name the game shows. */
export interface SimulatedCoin extends SimulatedCoinParams {
  readonly name: string;
}

function coin(symbol: string, name: string, usd: string, volatilityPpb: number, marketWeightBps: number) {
  return { symbol, name, basePrice: priceUnits(usd).toString(), volatilityPpb, marketWeightBps };
}

/**
 * The default list of the simulated feed, rounds draw their 5 tracks from it. Volatility is per 250 ms step:
 * 300,000 ppb gives Bitcoin a typical move of about 0.27 % over a 20 s race and about 15 % over a day; the
 * meme coins move about three times as much and follow the market less. ETH is also the wallet's ETH/USD ticker.
 */
export const DEFAULT_MARKET_COINS: readonly SimulatedCoin[] = [
  coin('BTC', 'Bitcoin', '97000', 300_000, 7000),
  coin('ETH', 'Ethereum', '3500', 400_000, 6500),
  coin('SOL', 'Solana', '180', 600_000, 5500),
  coin('BNB', 'BNB', '620', 350_000, 5500),
  coin('XRP', 'XRP', '2.4', 550_000, 5000),
  coin('DOGE', 'Dogecoin', '0.32', 800_000, 4500),
  coin('ADA', 'Cardano', '0.9', 600_000, 5000),
  coin('AVAX', 'Avalanche', '35', 650_000, 5000),
  coin('LINK', 'Chainlink', '20', 600_000, 5000),
  coin('DOT', 'Polkadot', '6.5', 600_000, 5000),
  coin('TON', 'Toncoin', '5.2', 550_000, 4000),
  coin('SUI', 'Sui', '3.6', 750_000, 4500),
  coin('LTC', 'Litecoin', '105', 500_000, 5500),
  coin('PEPE', 'Pepe', '0.000012', 1_000_000, 3500),
  coin('SHIB', 'Shiba Inu', '0.000022', 900_000, 3500),
  coin('WIF', 'dogwifhat', '1.9', 1_100_000, 3000),
];

/** The model parameters of a coin (what a round commits to), without its display name. */
export function coinParams(coin: SimulatedCoinParams): SimulatedCoinParams {
  return {
    symbol: coin.symbol,
    basePrice: coin.basePrice,
    volatilityPpb: coin.volatilityPpb,
    marketWeightBps: coin.marketWeightBps,
  };
}
