import type { Database } from '@ojo/db/client';
import { nativeTransfers } from '@ojo/db/schema/wallet-index';
import { and, desc, eq, or } from '@ojo/db/sql';
import { BALANCE_ASSET } from '@ojo/domain/constants';
import { fromBaseUnits } from '@ojo/domain/format/decimal';

/** Rows the local explorer page shows at most (newest first). */
const EXPLORER_PAGE_ROWS = 200;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The local devnet's block-explorer address page (product.md 2 'View more in Scan' works offline): the address's ETH
 * transfers from the index, as a plain HTML page. On a real network the web links the configured explorer instead.
 */
export async function renderExplorerAddressPage(
  db: Database,
  options: { chainId: number; address: string; productName: string },
): Promise<string> {
  const address = options.address.toLowerCase();
  const rows = await db
    .select()
    .from(nativeTransfers)
    .where(
      and(
        eq(nativeTransfers.chainId, options.chainId),
        or(eq(nativeTransfers.fromAddress, address), eq(nativeTransfers.toAddress, address)),
      ),
    )
    .orderBy(
      desc(nativeTransfers.blockNumber),
      desc(nativeTransfers.txIndex),
      desc(nativeTransfers.traceAddress),
    )
    .limit(EXPLORER_PAGE_ROWS);
  const body = rows
    .map((row) => {
      const cells = [
        row.blockTime.toISOString().replace('T', ' ').slice(0, 19),
        row.blockNumber.toString(),
        row.txHash,
        row.fromAddress === address ? 'OUT' : 'IN',
        row.fromAddress,
        row.toAddress,
        `${fromBaseUnits(row.valueWei, BALANCE_ASSET.decimals)} ${BALANCE_ASSET.symbol}`,
        row.status,
      ];
      return `<tr>${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`;
    })
    .join('\n');
  const title = `Address ${escapeHtml(address)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${escapeHtml(options.productName)} local explorer</title></head>
<body><h1>${title}</h1><p>Local devnet explorer (chain ${options.chainId}): ETH transfers from the index.</p>
${
  rows.length === 0
    ? '<p>No transactions found.</p>'
    : `<table><thead><tr><th>Time (UTC)</th><th>Block</th><th>Transaction</th><th>Direction</th><th>From</th><th>To</th><th>Value</th><th>Status</th></tr></thead>
<tbody>
${body}
</tbody></table>`
}
</body></html>`;
}
