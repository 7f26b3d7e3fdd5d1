import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnvilHandle, startAnvil } from '@ojo/devnet/anvil';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { findFreePort } from '@ojo/devnet/ports';
import { type Address, getAddress, type Hex, type PublicClient, zeroAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeNFTAbi, badgeNFTBytecode } from '../generated/abis';
import { type MintRequest, signMintRequest } from '../src/badge-mint';
import { LOCAL_CHAIN_ID } from '../src/chain';
import { DEVNET_BADGE_SIGNER_KEY } from '../src/devnet-keys';
import { expectRevert } from './revert';

const badgeSigner = privateKeyToAccount(DEVNET_BADGE_SIGNER_KEY);
const stranger = privateKeyToAccount(devnetKeys.spare[3]);

describe('BadgeNFT', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ojo-badge-'));
  let anvil: AnvilHandle;
  let publicClient: PublicClient;
  let badgeNft: Address;
  let otherBadgeNft: Address;
  const owner = () => createDevnetWalletClient(anvil.rpcUrl, devnetKeys.deployer);
  const minter = () => createDevnetWalletClient(anvil.rpcUrl, devnetKeys.spare[0]);
  const player = privateKeyToAccount(devnetKeys.spare[1]).address;
  let uidCounter = 0;

  const deploy = async () => {
    const hash = await owner().deployContract({
      abi: badgeNFTAbi,
      bytecode: badgeNFTBytecode,
      args: [owner().account.address, badgeSigner.address],
    });
    return getAddress((await publicClient.waitForTransactionReceipt({ hash })).contractAddress!);
  };
  const now = async () => (await publicClient.getBlock()).timestamp;
  const request = async (overrides: Partial<MintRequest> = {}): Promise<MintRequest> => {
    const time = await now();
    uidCounter += 1;
    return {
      to: player,
      royaltyRecipient: owner().account.address,
      royaltyBps: 500n,
      primarySaleRecipient: owner().account.address,
      tokenId: 101n,
      uri: 'ipfs://badge/101',
      quantity: 1n,
      pricePerToken: 0n,
      currency: zeroAddress,
      validityStart: time - 60n,
      validityEnd: time + 3600n,
      uid: `0x${uidCounter.toString(16).padStart(64, '0')}`,
      ...overrides,
    };
  };
  const mint = async (req: MintRequest, signature: Hex, address = badgeNft) => {
    const { request: call } = await publicClient.simulateContract({
      account: minter().account,
      address,
      abi: badgeNFTAbi,
      functionName: 'mintWithSignature',
      args: [req, signature],
    });
    return publicClient.waitForTransactionReceipt({ hash: await minter().writeContract(call) });
  };
  const sign = (req: MintRequest, options: { chainId?: number; contract?: Address } = {}) =>
    signMintRequest(badgeSigner, req, {
      chainId: options.chainId ?? LOCAL_CHAIN_ID,
      badgeNft: options.contract ?? badgeNft,
    });
  const balance = (tokenId: bigint) =>
    publicClient.readContract({
      address: badgeNft,
      abi: badgeNFTAbi,
      functionName: 'balanceOf',
      args: [player, tokenId],
    });

  beforeAll(async () => {
    anvil = await startAnvil({ dataDir, port: await findFreePort() });
    publicClient = createDevnetPublicClient(anvil.rpcUrl);
    badgeNft = await deploy();
    otherBadgeNft = await deploy();
  });

  afterAll(async () => {
    await anvil?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('mints a request the badge signer signed, to its recipient, with its royalty and uri', async () => {
    const req = await request();
    const receipt = await mint(req, await sign(req));
    expect(receipt.status).toBe('success');
    expect(await balance(101n)).toBe(1n);
    const [recipient, royalty] = await publicClient.readContract({
      address: badgeNft,
      abi: badgeNFTAbi,
      functionName: 'royaltyInfo',
      args: [101n, 10_000n],
    });
    expect([recipient, royalty]).toEqual([owner().account.address, 500n]);
    expect(
      await publicClient.readContract({
        address: badgeNft,
        abi: badgeNFTAbi,
        functionName: 'uri',
        args: [101n],
      }),
    ).toBe('ipfs://badge/101');
    expect(
      await publicClient.readContract({
        address: badgeNft,
        abi: badgeNFTAbi,
        functionName: 'isUidUsed',
        args: [req.uid],
      }),
    ).toBe(true);
  });

  it('refuses a reused uid', async () => {
    const req = await request({ tokenId: 102n });
    const signature = await sign(req);
    await mint(req, signature);
    await expectRevert(mint(req, signature), 'UidAlreadyUsed');
    expect(await balance(102n)).toBe(1n);
  });

  it('refuses a request before or after its validity window', async () => {
    const time = await now();
    const early = await request({ validityStart: time + 600n, validityEnd: time + 1200n });
    await expectRevert(mint(early, await sign(early)), 'RequestNotValidYet');
    const late = await request({ validityStart: time - 1200n, validityEnd: time - 600n });
    await expectRevert(mint(late, await sign(late)), 'RequestExpired');
  });

  it('refuses a request signed by another key, or changed after signing', async () => {
    const req = await request();
    const foreign = await stranger.signTypedData({
      domain: { name: 'BadgeNFT', version: '1', chainId: LOCAL_CHAIN_ID, verifyingContract: badgeNft },
      types: (await import('../src/badge-mint')).MINT_REQUEST_TYPES,
      primaryType: 'MintRequest',
      message: req,
    });
    await expectRevert(mint(req, foreign), 'InvalidSigner');
    const signature = await sign(req);
    await expectRevert(mint({ ...req, quantity: 5n }, signature), 'InvalidSigner');
  });

  it('refuses a signature made for another chain or another contract', async () => {
    const req = await request();
    await expectRevert(mint(req, await sign(req, { chainId: 1 })), 'InvalidSigner');
    await expectRevert(mint(req, await sign(req, { contract: otherBadgeNft })), 'InvalidSigner');
    // The same request signed for the other contract mints there, not here.
    expect((await mint(req, await sign(req, { contract: otherBadgeNft }), otherBadgeNft)).status).toBe(
      'success',
    );
  });

  it('refuses a royalty over the 10000 bps cap, and takes exactly the cap', async () => {
    const over = await request({ royaltyBps: 10_001n, tokenId: 103n });
    await expectRevert(mint(over, await sign(over)), 'RoyaltyTooHigh');
    const cap = await request({ royaltyBps: 10_000n, tokenId: 103n });
    expect((await mint(cap, await sign(cap))).status).toBe('success');
  });

  it('refuses a paid mint (badges are free) and lets only the owner change the signer', async () => {
    const paid = await request({ pricePerToken: 1n });
    await expectRevert(mint(paid, await sign(paid)), 'PaidMintNotSupported');
    await expectRevert(
      publicClient.simulateContract({
        account: minter().account,
        address: badgeNft,
        abi: badgeNFTAbi,
        functionName: 'setSigner',
        args: [minter().account.address],
      }),
      'OwnableUnauthorizedAccount',
    );
  });
});
