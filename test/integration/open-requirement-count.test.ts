import { keyedProxyEvent } from '../../infra/local/proxy-event';
import { TransactWriteCommand } from '../../lib/store/dynamodb';
import { mockStore } from '../support/aws-mock';
import { useStackDatabase } from '../support/stack';
import { aFreshPartner } from '../support/partners';
import { anLlc, anOwner } from '../support/companies';
import { lambdaContext } from '../support/handler-chain';
import { db } from '../../lib/store/client';
import { newId } from '../../lib/ids';
import { countRoundTrips, countRoundTripsOn } from '../../bench/round-trip-counter';
import { createCompany } from '../../lib/companies/operations/create-company';
import { createCompanyBody } from '../../lib/companies/schemas';
import { getCompany, getCompanyAndOpenCount, openRequirementCount } from '../../lib/store/entities/company';
import { companyKey } from '../../lib/store/keys';
import { requirementsOfCompany } from '../../lib/store/entities/requirement';
import { openRequirement } from '../../lib/lifecycle/operations/open-requirement';
import { changeCompany } from '../../lib/lifecycle/change-company';
import { dissolveCompany } from '../../lib/lifecycle/operations/dissolve-company';
import { handler as getCompanyHandler } from '../../functions/api/get-company';
import { listCompanies, listCompaniesQuery } from '../../lib/companies/list-companies';
import type { Scope } from '../../lib/scope';

useStackDatabase();
countRoundTripsOn(db());

/**
 * A company's `open_requirements` lives on the company item (docs/decisions.md, "Requirements"): moved
 * by ADD when a requirement opens or closes, never written by a company change, which SETs the
 * company's attributes conditioned on `version` (the ADD does not bump it). DynamoDB Local never
 * interleaves two writers by itself: each race below is made by committing the other writer's change
 * between a writer's read and its write.
 */
const scope = (): Scope => ({ partnerId: newId('partner'), mode: 'test' });
const withOneOwner = () => createCompanyBody.parse(anLlc({ shareholders: [anOwner()] }));
const anInformationRequest = (companyId: string) =>
  ({ companyId, type: 'information', requestedBy: 'operations', message: 'Which bank will the company use?' }) as const;

describe('a requirement opened while the company changes', () => {
  it('neither fails the change nor is lost by it', async () => {
    const s = scope();
    const company = await createCompany({ scope: s, body: withOneOwner(), expand: [] });
    const read = await getCompanyAndOpenCount(s, company.id);
    expect(read.open).toBe(1);

    // Another request opens a requirement after this change read the company, before it writes.
    await openRequirement(s, anInformationRequest(company.id));
    expect(await openRequirementCount(s, company.id)).toBe(2);

    let plans = 0;
    const changed = await changeCompany(
      s,
      company.id,
      ({ company: current }) => {
        plans++;
        return { next: { ...current, metadata: { crm: 'A-17' } } };
      },
      read,
    );

    expect(plans).toBe(1); // committed on the version it read: no retry
    expect(changed.company.version).toBe(read.record!.version + 1);
    const stored = await getCompanyAndOpenCount(s, company.id);
    expect(stored.record).toMatchObject({ metadata: { crm: 'A-17' }, version: read.record!.version + 1 });
    expect(stored.open).toBe(2);
    expect(stored.record).not.toHaveProperty('open_requirements');
  });
});

describe('a requirement opened while the company is dissolved', () => {
  it('makes the dissolution run again, which closes it too and leaves the count at zero', async () => {
    const s = scope();
    const company = await createCompany({ scope: s, body: withOneOwner(), expand: [] });
    const client = db();
    const realSend = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const ddb = mockStore(client);
    ddb.onAnyCommand().callsFake(() => realSend(ddb.send.lastCall.args[0]));
    let late: Awaited<ReturnType<typeof openRequirement>> | undefined;
    ddb
      .on(TransactWriteCommand)
      .callsFakeOnce(async () => {
        // The dissolution has read the company with its count (1) and listed its one open requirement:
        // another request opens one more before the dissolution's write reaches the store.
        const dissolution = ddb.send.lastCall.args[0];
        late = await openRequirement(s, anInformationRequest(company.id));
        return realSend(dissolution);
      })
      .callsFake(() => realSend(ddb.send.lastCall.args[0]));
    try {
      await dissolveCompany(s, company.id);
    } finally {
      ddb.restore();
    }

    expect(late).toBeDefined();
    expect((await getCompany(s, company.id, { consistent: true }))!.status).toBe('dissolved');
    const requirements = await requirementsOfCompany(s, company.id);
    expect(requirements.map((r) => [r.id === late!.id, r.status]).sort()).toEqual([
      [false, 'canceled'],
      [true, 'canceled'],
    ]);
    expect(await openRequirementCount(s, company.id)).toBe(0);
  });
});

describe('GET /companies/{id}', () => {
  const get = (secret: string, id: string) =>
    getCompanyHandler(
      keyedProxyEvent({
        method: 'GET',
        path: `/v1/companies/${id}`,
        key: secret,
        resource: '/v1/companies/{companyID}',
        pathParameters: { companyID: id },
      }),
      lambdaContext,
    );

  it('reads the company and its open-requirement count as one item, in one round trip', async () => {
    const { partnerId, testKey } = await aFreshPartner();
    const s: Scope = { partnerId, mode: 'test' };
    const company = await createCompany({ scope: s, body: withOneOwner(), expand: [] });
    await openRequirement(s, anInformationRequest(company.id));
    expect((await get(testKey, company.id)).statusCode).toBe(200); // this process learns the key

    const { result, tally } = await countRoundTrips(() => get(testKey, company.id));
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ id: company.id, open_requirements: 2 });
    const { pk, sk } = companyKey(s, company.id);
    const ofTheCompany = tally.requests.flatMap((r) => r.reads).filter((item) => item.startsWith(`${pk}|`));
    expect(ofTheCompany).toEqual([`${pk}|${sk}`]);
    expect(tally.requests.filter((r) => r.partitions.includes(pk))).toHaveLength(1);
    expect(tally.roundTrips).toBe(1);
  });
});

describe('GET /companies', () => {
  it('answers each company’s open-requirement count from the item its page already holds: no read per company', async () => {
    const s = scope();
    const one = await createCompany({ scope: s, body: withOneOwner(), expand: [] });
    const none = await createCompany({ scope: s, body: createCompanyBody.parse(anLlc()), expand: [] });
    await openRequirement(s, anInformationRequest(one.id));

    const { result, tally } = await countRoundTrips(() => listCompanies(s, listCompaniesQuery.parse({})));
    expect(Object.fromEntries(result.items.map((c) => [c.id, c.open_requirements]))).toEqual({ [one.id]: 2, [none.id]: 0 });
    expect(tally.requests.filter((r) => r.partitions.some((p) => p.startsWith('CMP#')))).toEqual([]);
    expect(tally.roundTrips).toBe(1);
  });
});
