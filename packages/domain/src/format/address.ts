/**
 * product.md 5 Other: 'Addresses longer than 10 characters show as the first 6 characters, an ellipsis and the last 4.'
 */
export function shortenAddress(address: string | null | undefined): string {
  const text = address ?? '';
  return text.length > 10 ? `${text.slice(0, 6)}...${text.slice(-4)}` : text;
}
