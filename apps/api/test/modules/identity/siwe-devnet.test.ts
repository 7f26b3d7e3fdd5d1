import { smartAccountFactoryAbi, smartAccountFactoryBytecode } from '@ojo/contracts/generated/abis';
import { type OjoSmartAccount, toOjoSmartAccount } from '@ojo/contracts/smart-account';
import { describeWithDatabases } from '@ojo/db/testing';
import { createDevnetPublicClient, createDevnetWalletClient } from '@ojo/devnet/clients';
import { devnetKeys } from '@ojo/devnet/keys';
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import type { Address, Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers';
import { devnetEnv, saasHeaders, siweMessage, startTestDevnet } from '../../support/identity';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

let chain: Awaited<ReturnType<typeof startTestDevnet>>;
/** A smart account that is not deployed (signs through EIP-6492) and one that is (EIP-1271). */
let counterfactual: OjoSmartAccount;
let deployed: OjoSmartAccount;
/** Accounts of another deployment of the same factory contract: real smart accounts, but not the product's. */
let rivalCounterfactual: OjoSmartAccount;
let rivalDeployed: OjoSmartAccount;

beforeAll(async () => {
  chain = await startTestDevnet();
  const { devnet } = chain;
  const client = createDevnetPublicClient(devnet.rpcUrl);
  const factoryAddress = devnet.deployments.contracts.SmartAccountFactory;
  counterfactual = await toOjoSmartAccount({
    client,
    factoryAddress,
    owner: privateKeyToAccount(generatePrivateKey()),
  });
  const deployedOwner = privateKeyToAccount(generatePrivateKey());
  const funder = createDevnetWalletClient(devnet.rpcUrl, devnetKeys.spare[0]);
  const hash = await funder.writeContract({
    address: factoryAddress,
    abi: smartAccountFactoryAbi,
    functionName: 'createAccount',
    args: [deployedOwner.address, 0n],
  });
  await client.waitForTransactionReceipt({ hash });
  deployed = await toOjoSmartAccount({ client, factoryAddress, owner: deployedOwner });

  const rivalDeployment = await funder.deployContract({
    abi: smartAccountFactoryAbi,
    bytecode: smartAccountFactoryBytecode,
    args: [devnet.deployments.entryPoint],
  });
  const rivalFactory = (await client.waitForTransactionReceipt({ hash: rivalDeployment })).contractAddress;
  if (!rivalFactory) throw new Error('the rival factory was not deployed');
  rivalCounterfactual = await toOjoSmartAccount({
    client,
    factoryAddress: rivalFactory,
    owner: privateKeyToAccount(generatePrivateKey()),
  });
  const rivalOwner = privateKeyToAccount(generatePrivateKey());
  await client.waitForTransactionReceipt({
    hash: await funder.writeContract({
      address: rivalFactory,
      abi: smartAccountFactoryAbi,
      functionName: 'createAccount',
      args: [rivalOwner.address, 0n],
    }),
  });
  rivalDeployed = await toOjoSmartAccount({ client, factoryAddress: rivalFactory, owner: rivalOwner });
}, 240_000);

afterAll(async () => {
  await chain?.stop();
});

describeWithDatabases(
  'identity layer: SIWE -> id token (real smart accounts on a devnet)',
  ({ database }) => {
    let app: TestApp;

    beforeAll(async () => {
      ({ app } = await buildTestApp(database(), {
        ...devnetEnv(chain.devnet, chain.dataDir),
        RATE_LIMIT_AUTH_MAX: '1000',
      }));
    });
    afterAll(async () => {
      await app?.close();
    });

    const getNonce = async (): Promise<string> => {
      const response = await app.inject({ method: 'GET', url: '/identity/siwe/nonce', headers: saasHeaders });
      expect(response.statusCode).toBe(200);
      return response.json().obj.nonce;
    };
    const verify = (message: string, signature: Hex) =>
      app.inject({
        method: 'POST',
        url: '/identity/siwe/verify',
        headers: saasHeaders,
        payload: { message, signature },
      });

    it('issues an ES256 id token for a counterfactual smart account (EIP-6492 signature)', async () => {
      const client = createDevnetPublicClient(chain.devnet.rpcUrl);
      expect(await client.getCode({ address: counterfactual.address })).toBeUndefined();
      const message = siweMessage(counterfactual.address, await getNonce());
      const signature = await counterfactual.signMessage({ message });
      const response = await verify(message, signature);
      expect(response.statusCode).toBe(200);
      const { idToken, expiresAt } = response.json().obj;

      const jwks = (await app.inject({ method: 'GET', url: '/identity/.well-known/jwks.json' })).json();
      expect(jwks.keys).toHaveLength(1);
      const header = decodeProtectedHeader(idToken);
      expect(header).toMatchObject({ alg: 'ES256', kid: jwks.keys[0].kid });
      const { payload } = await jwtVerify(idToken, await importJWK(jwks.keys[0], 'ES256'), {
        issuer: 'http://localhost:3001',
        audience: 'OJO Arena',
      });
      expect(payload.sub).toBe(counterfactual.address);
      // It lasts as the web session does (product.md 9: 604800 s from the sign-in).
      expect(payload.exp! - (payload.auth_time as number)).toBe(604_800);
      expect(expiresAt).toBe(payload.exp! * 1000);
    });

    it('issues an id token for a deployed smart account (EIP-1271 signature)', async () => {
      const message = siweMessage(deployed.address, await getNonce());
      const response = await verify(message, await deployed.signMessage({ message }));
      expect(response.statusCode).toBe(200);
      expect(decodeJwt(response.json().obj.idToken).sub).toBe(deployed.address);
    });

    describe('only product smart accounts sign in (accounts are free: anything else would farm referrals)', () => {
      const expectNotProduct = async (sign: (message: string) => Promise<Hex>, address: Address) => {
        const nonce = await getNonce();
        const message = siweMessage(address, nonce);
        const response = await verify(message, await sign(message));
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ success: false, msgKey: 'siwe.account.not.product' });
        // The nonce stays usable for a proper sign-in.
        const good = siweMessage(deployed.address, nonce);
        expect((await verify(good, await deployed.signMessage({ message: good }))).statusCode).toBe(200);
      };

      it('refuses a plain key: its signature is valid, but it is no smart account', async () => {
        const key = privateKeyToAccount(generatePrivateKey());
        await expectNotProduct((message) => key.signMessage({ message }), key.address);
      });

      it('refuses a counterfactual account of another factory (the EIP-6492 wrapper names it, not ours)', async () => {
        await expectNotProduct(
          (message) => rivalCounterfactual.signMessage({ message }),
          rivalCounterfactual.address,
        );
      });

      it('refuses a deployed account whose implementation is not our SmartAccount', async () => {
        await expectNotProduct((message) => rivalDeployed.signMessage({ message }), rivalDeployed.address);
      });
    });

    it('counts no referral at the login nor at profile creation: it waits for real activity', async () => {
      const signIn = async (account: OjoSmartAccount, inviteCode: string) => {
        const message = siweMessage(account.address, await getNonce());
        const { idToken } = (await verify(message, await account.signMessage({ message }))).json().obj;
        const login = await app.inject({
          method: 'POST',
          url: '/customer/login',
          headers: saasHeaders,
          payload: { idToken, publicKey: account.address, inviteCode, sourceType: 'web' },
        });
        expect(login.statusCode).toBe(200);
        return { ...saasHeaders, jwt_token: login.json().obj.jwtKey as string };
      };
      const referred = async (headers: Record<string, string>) =>
        (await app.inject({ method: 'GET', url: '/customer/invite', headers })).json().obj.invitedMap.web
          ?.count ?? 0;
      const client = createDevnetPublicClient(chain.devnet.rpcUrl);
      const newAccount = () =>
        toOjoSmartAccount({
          client,
          factoryAddress: chain.devnet.deployments.contracts.SmartAccountFactory,
          owner: privateKeyToAccount(generatePrivateKey()),
        });

      const referrer = await signIn(await newAccount(), '');
      const { inviteCode } = (
        await app.inject({ method: 'GET', url: '/customer/invite', headers: referrer })
      ).json().obj;
      const referee = await signIn(await newAccount(), inviteCode);
      expect(await referred(referrer)).toBe(0);

      const handle = `ref_${Date.now().toString(36)}`;
      const profile = await app.inject({
        method: 'POST',
        url: '/profile',
        headers: referee,
        payload: { handle },
      });
      expect(profile.statusCode).toBe(202);
      const status = async () =>
        (await app.inject({ method: 'GET', url: '/profile', headers: referee })).json().obj?.status;
      await expect.poll(status, { timeout: 30_000 }).toBe('created');
      // A profile costs the player nothing (the API pays its gas): the referral counts after a check-in and a bet
      // in a closed round (test/modules/referral/routes.test.ts), not here.
      expect(await referred(referrer)).toBe(0);
    });

    it('publishes an OpenID discovery document pointing at the JWKS', async () => {
      const response = await app.inject({ method: 'GET', url: '/identity/.well-known/openid-configuration' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        issuer: 'http://localhost:3001',
        jwks_uri: 'http://localhost:3001/identity/.well-known/jwks.json',
        id_token_signing_alg_values_supported: ['ES256'],
      });
    });

    it('refuses a replayed message: the nonce is single use', async () => {
      const message = siweMessage(deployed.address, await getNonce());
      const signature = await deployed.signMessage({ message });
      expect((await verify(message, signature)).statusCode).toBe(200);
      const replay = await verify(message, signature);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ success: false, msgKey: 'siwe.nonce.invalid' });
    });

    it('refuses a reused nonce in a new message', async () => {
      const nonce = await getNonce();
      const first = siweMessage(deployed.address, nonce);
      expect((await verify(first, await deployed.signMessage({ message: first }))).statusCode).toBe(200);
      const second = siweMessage(counterfactual.address, nonce, { statement: 'another message' });
      const response = await verify(second, await counterfactual.signMessage({ message: second }));
      expect(response.statusCode).toBe(401);
      expect(response.json().msgKey).toBe('siwe.nonce.invalid');
    });

    it('refuses an unknown nonce', async () => {
      const message = siweMessage(deployed.address, 'a1b2c3d4e5f60718293a4b5c6d7e8f90');
      const response = await verify(message, await deployed.signMessage({ message }));
      expect(response.statusCode).toBe(401);
      expect(response.json().msgKey).toBe('siwe.nonce.invalid');
    });

    it('does not consume the nonce when the signature is wrong, so the right one still works', async () => {
      const nonce = await getNonce();
      const message = siweMessage(deployed.address, nonce);
      const wrong = await counterfactual.signMessage({ message });
      const refused = await verify(message, wrong);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().msgKey).toBe('siwe.signature.invalid');
      expect((await verify(message, await deployed.signMessage({ message }))).statusCode).toBe(200);
    });

    const refusals: [string, (address: Address, nonce: string) => string, string][] = [
      ['a wrong domain', (a, n) => siweMessage(a, n, { domain: 'evil.example' }), 'siwe.domain.mismatch'],
      ['a wrong uri', (a, n) => siweMessage(a, n, { uri: 'https://evil.example' }), 'siwe.uri.mismatch'],
      ['a wrong chain id', (a, n) => siweMessage(a, n, { chainId: 1 }), 'siwe.chain.mismatch'],
      [
        'an expired message',
        (a, n) =>
          siweMessage(a, n, {
            issuedAt: new Date(Date.now() - 600_000),
            expirationTime: new Date(Date.now() - 1000),
          }),
        'siwe.expired',
      ],
      [
        'a message without expirationTime',
        (a, n) => siweMessage(a, n, { expirationTime: undefined }),
        'siwe.expiration.required',
      ],
      [
        'a message issued in the future',
        (a, n) => siweMessage(a, n, { issuedAt: new Date(Date.now() + 3_600_000) }),
        'siwe.issued.at.invalid',
      ],
    ];
    for (const [what, build, msgKey] of refusals) {
      it(`refuses ${what} and leaves the nonce usable`, async () => {
        const nonce = await getNonce();
        const message = build(deployed.address, nonce);
        const response = await verify(message, await deployed.signMessage({ message }));
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ success: false, msgKey });
        const good = siweMessage(deployed.address, nonce);
        expect((await verify(good, await deployed.signMessage({ message: good }))).statusCode).toBe(200);
      });
    }

    it('answers 400 for text that is not a SIWE message', async () => {
      const response = await verify('hello', '0x1234');
      expect(response.statusCode).toBe(400);
      expect(response.json().msgKey).toBe('siwe.message.invalid');
    });

    it('renews a valid id token and refuses a forged one', async () => {
      const message = siweMessage(deployed.address, await getNonce());
      const { idToken } = (await verify(message, await deployed.signMessage({ message }))).json().obj;
      const renewed = await app.inject({
        method: 'POST',
        url: '/identity/refresh',
        headers: saasHeaders,
        payload: { idToken },
      });
      expect(renewed.statusCode).toBe(200);
      expect(decodeJwt(renewed.json().obj.idToken).sub).toBe(deployed.address);
      // The renewed token keeps the time of the SIWE sign-in.
      expect(decodeJwt(renewed.json().obj.idToken).auth_time).toBe(decodeJwt(idToken).auth_time);
      expect(Math.abs((decodeJwt(idToken).auth_time as number) - Date.now() / 1000)).toBeLessThan(60);
      const [head, body] = idToken.split('.');
      const forged = await app.inject({
        method: 'POST',
        url: '/identity/refresh',
        headers: saasHeaders,
        payload: { idToken: `${head}.${body}.${'A'.repeat(86)}` },
      });
      expect(forged.statusCode).toBe(401);
    });

    it('answers 429 on the nonce and verify calls past the auth rate limit', async () => {
      const { app: limited } = await buildTestApp(database(), {
        ...devnetEnv(chain.devnet, chain.dataDir),
        RATE_LIMIT_AUTH_MAX: '3',
      });
      try {
        const nonceStatuses: number[] = [];
        for (let index = 0; index < 4; index += 1) {
          nonceStatuses.push(
            (await limited.inject({ method: 'GET', url: '/identity/siwe/nonce', headers: saasHeaders }))
              .statusCode,
          );
        }
        expect(nonceStatuses).toEqual([200, 200, 200, 429]);
        const verifyStatuses: number[] = [];
        for (let index = 0; index < 4; index += 1) {
          const response = await limited.inject({
            method: 'POST',
            url: '/identity/siwe/verify',
            headers: saasHeaders,
            payload: { message: 'not siwe', signature: '0x' },
          });
          verifyStatuses.push(response.statusCode);
        }
        expect(verifyStatuses).toEqual([400, 400, 400, 429]);
      } finally {
        await limited.close();
      }
    });

    it('serves the chain config with the deployed addresses', async () => {
      const response = await app.inject({ method: 'GET', url: '/chain/config', headers: saasHeaders });
      expect(response.statusCode).toBe(200);
      expect(response.json().obj).toEqual({
        chainId: 11124,
        rpcUrl: chain.devnet.rpcUrl,
        bundlerUrl: chain.devnet.bundlerUrl,
        entryPoint: chain.devnet.deployments.entryPoint,
        contracts: chain.devnet.deployments.contracts,
      });
    });
  },
);
