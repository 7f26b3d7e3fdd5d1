import { describeWithDatabases } from '@ojo/db/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers';
import { bearer, operatorTokenOf } from '../../support/console';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>['app'];

describeWithDatabases('the audit log: filters, pages and the CSV export', ({ database }) => {
  let app: TestApp;
  const owner = privateKeyToAccount(generatePrivateKey());
  let ownerToken = '';
  const added: { id: string; address: string }[] = [];
  let startMs = 0;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database(), { OPERATOR_OWNER_ADDRESSES: owner.address }));
    startMs = Date.now() - 1000;
    ownerToken = await operatorTokenOf(app, owner);
    for (const role of ['viewer', 'support', 'operator'] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/console/operators',
        headers: bearer(ownerToken),
        payload: { address: privateKeyToAccount(generatePrivateKey()).address, role },
      });
      added.push(response.json().data);
    }
    await app.inject({
      method: 'PATCH',
      url: `/console/operators/${added[0]!.id}`,
      headers: bearer(ownerToken),
      payload: { role: 'support' },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const list = async (query: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/console/audit?${query}`,
      headers: bearer(ownerToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      entries: { id: number; action: string; target: string; before: unknown; after: unknown }[];
      nextBefore: number | null;
    };
  };

  it('lists newest first, by action, operator, time and text', async () => {
    const all = await list('');
    expect(all.entries.map((entry) => entry.action)).toEqual([
      'operator:role',
      'operator:add',
      'operator:add',
      'operator:add',
      'operator:owner-from-configuration',
    ]);
    expect(all.entries[0]).toMatchObject({
      target: `operator:${added[0]!.id}`,
      before: { role: 'viewer' },
      after: { role: 'support' },
    });

    expect((await list('action=operator%3Aadd')).entries).toHaveLength(3);
    const ownerId = all.entries.at(-1)!.target.slice('operator:'.length);
    expect((await list(`operatorId=${ownerId}`)).entries).toHaveLength(5);
    expect((await list(`operatorId=${added[1]!.id}`)).entries).toHaveLength(0);
    expect((await list(`from=${startMs}&to=${Date.now() + 1000}`)).entries).toHaveLength(5);
    expect((await list(`to=${startMs}`)).entries).toHaveLength(0);
    // The text is found in the JSON of before and after, in any case; a % is no wildcard.
    const byAddress = await list(`text=${added[2]!.address.toUpperCase().replace('0X', '0x')}`);
    expect(byAddress.entries.map((entry) => entry.target)).toEqual([`operator:${added[2]!.id}`]);
    expect((await list('text=%25')).entries).toHaveLength(0);
  });

  it('pages with nextBefore until the last page', async () => {
    const first = await list('limit=2');
    expect(first.entries).toHaveLength(2);
    const second = await list(`limit=2&before=${first.nextBefore}`);
    const third = await list(`limit=2&before=${second.nextBefore}`);
    expect(third.nextBefore).toBeNull();
    const ids = [...first.entries, ...second.entries, ...third.entries].map((entry) => entry.id);
    expect(ids).toEqual((await list('')).entries.map((entry) => entry.id));
  });

  it('refuses a bad filter with a 400', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/console/audit?operatorId=nope&limit=500',
      headers: bearer(ownerToken),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
  });

  it('exports the filtered entries as CSV, oldest first, JSON quoted', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/console/audit/export?action=operator%3Arole',
      headers: bearer(ownerToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('audit-log.csv');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,at,operator_id,operator_address,action,target,before,after');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${owner.address},operator:role,operator:${added[0]!.id},`);
    // before and after: JSON in one quoted field each, its quotes doubled (RFC 4180).
    expect(lines[1]).toMatch(
      /,"\{[^"]*""role"":""viewer""[^\r\n]*\}","\{[^"]*""role"":""support""[^\r\n]*\}"$/,
    );
  });
});
