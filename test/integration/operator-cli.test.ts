import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc, anOwner, createCompany } from '../support/companies';
import { runOps, type OpsIo } from '../../lib/operator/run-ops';
import { auditOfMonth } from '../../lib/operator/audit';

const c = useStackDatabase();
jest.setTimeout(90_000); // each run resolves its target and writes an audit: slow on a loaded shared machine
process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR; // the CLI finds the stack through its credentials.json

/** Runs the CLI in-process; `answer` is what the operator types at the confirmation prompt. */
async function ops(argv: string[], answer?: string) {
  const out: string[] = [];
  const err: string[] = [];
  const questions: string[] = [];
  const io: OpsIo = {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    ask: async (q) => {
      questions.push(q);
      if (answer === undefined) throw new Error('unexpected prompt');
      return answer;
    },
  };
  const code = await runOps(
    argv.includes('--stage') || argv.includes('--no-stage') ? argv.filter((a) => a !== '--no-stage') : [...argv, '--stage', 'local'],
    io,
  );
  return { code, out: out.join('\n'), err: err.join('\n'), questions };
}

const month = () => new Date().toISOString().slice(0, 7);
const lastAudit = async (action: string) => (await auditOfMonth(month())).filter((a) => a.action === action).at(-1)!;
const runsOf = async (action: string) => (await auditOfMonth(month())).filter((a) => a.action === action);

describe('npm run ops', () => {
  it('asks before changing live data; "no" changes nothing and is recorded', async () => {
    const company = await createCompany(c.live_key, anLlc({ shareholders: [anOwner()] }));
    const run = await ops(['verify', company.id, '--partner', c.partner_id, '--as', 'alice@ops'], 'no');
    expect(run.code).toBe(1);
    expect(run.questions[0]).toContain(`LIVE data of partner ${c.partner_id}`);
    expect(run.questions[0]).toContain('DynamoDB Local');
    expect((await api(c.live_key).get(`/companies/${company.id}`)).body.verification).toBe('pending');
    expect(await lastAudit('verify')).toMatchObject({
      operator: 'alice@ops',
      outcome: 'declined',
      partner_id: c.partner_id,
      mode: 'live',
      argv: ['verify', company.id, '--partner', c.partner_id, '--as', 'alice@ops', '--stage', 'local'],
    });
    // Recorded before it asked (a run that cannot be audited does not run), then how it ended.
    const last = await lastAudit('verify');
    expect((await runsOf('verify')).filter((a) => a.run_id === last.run_id).map((a) => a.outcome)).toEqual(['started', 'declined']);
  });

  it('runs the same operation as the sandbox trigger once confirmed: same state, same events, audited', async () => {
    const company = await createCompany(c.live_key, anLlc({ shareholders: [anOwner()] }));
    const run = await ops(['verify', company.id, '--partner', c.partner_id, '--as', 'alice@ops'], 'yes');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({ id: company.id, status: 'in_progress', verification: 'verified', livemode: true });
    const events = (await api(c.live_key).get(`/events?company_id=${company.id}&sort=created_at`)).body.items.map((e: any) => e.type);
    // The owner's document recorded, the identity-document requirement creation opened for it resolved,
    // and the formation order's fulfilment started with the verified company.
    expect(events.slice(-5)).toEqual([
      'company.document.received',
      'requirement.fulfilled',
      'company.status.changed',
      'company.verified',
      'service_order.status.changed',
    ]);
    expect(await lastAudit('verify')).toMatchObject({ operator: 'alice@ops', outcome: 'succeeded' });
  });

  it('cancels a live company not yet formed (a pre_existing one has no formation order to cancel)', async () => {
    const company = await createCompany(
      c.live_key,
      anLlc({ pre_existing: true, address: { line1: '500 Market St', city: 'Cheyenne', state: 'WY', postal_code: '82001' } }),
    );
    const run = await ops(['cancel', company.id, '--partner', c.partner_id, '--as', 'alice@ops'], 'yes');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({ id: company.id, status: 'cancelled', livemode: true });
    const events = (await api(c.live_key).get(`/events?company_id=${company.id}&sort=created_at`)).body.items.map((e: any) => e.type);
    expect(events.at(-1)).toBe('company.status.changed');
    expect(await lastAudit('cancel')).toMatchObject({ operator: 'alice@ops', outcome: 'succeeded' });
  });

  it('works on test data without a prompt, and reports an illegal transition as the API does', async () => {
    const company = await createCompany(c.test_key, anLlc());
    const moved = await ops(['stage', company.id, 'documents_generated', '--partner', c.partner_id, '--mode', 'test']);
    expect(moved.code).toBe(0);
    expect(moved.questions).toEqual([]);
    expect(JSON.parse(moved.out).stage).toBe('documents_generated');
    const refused = await ops(['incorporate', company.id, '--partner', c.partner_id, '--mode', 'test']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("invalid_request: The company status is 'requires_information'");
    expect(await lastAudit('incorporate')).toMatchObject({ outcome: 'failed' });
    const opened = await ops([
      'open-requirement',
      company.id,
      '--partner',
      c.partner_id,
      '--mode',
      'test',
      '--json',
      '{"type":"information","message":"Describe the business."}',
    ]);
    expect(JSON.parse(opened.out)).toMatchObject({
      object: 'requirement',
      type: 'information',
      status: 'open',
      requested_by: 'operations',
    });
  });

  it('refuses a run without a stage, without a partner, an unknown action, and the retired --table', async () => {
    const noStage = await ops(['verify', 'cmp_x', '--partner', c.partner_id, '--no-stage'], 'yes');
    expect(noStage.code).toBe(2);
    expect(noStage.err).toContain('--stage is required');
    expect((await ops(['verify', 'cmp_x'])).code).toBe(2);
    expect((await ops(['nope'])).code).toBe(2);
    const table = await ops(['verify', 'cmp_x', '--partner', c.partner_id, '--table', 'partner-api-prod', '--stage', 'prod'], 'yes');
    expect(table.code).toBe(2);
    expect(table.err).toContain('--table is gone');
  });
});
