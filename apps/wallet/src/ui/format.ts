import { type Address, formatEther } from 'viem';

export const shortAddress = (address: Address) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** The host people recognise in an origin ('localhost:3000', 'play.example.org'). */
export const originHost = (origin: string) => new URL(origin).host;

export const formatEth = (wei: bigint) => `${formatEther(wei)} ETH`;

export const formatUnixSeconds = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
