import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPANY_STAGES } from '../../lib/resources/vocabulary';
import { COMPANY_STAGE_MOVES, type CompanyStage, stageMove, stagePath, stagesBeforeFiling } from '../../lib/lifecycle/company-stage';
import { stageMachineMarkdown } from '../../lib/docs/stage-machine';
import { COMPANY_STATUS_TRANSITIONS, statusTransition } from '../../lib/lifecycle/company-status';
import { requirementTransition } from '../../lib/requirements/requirement-status';
import { allOwnerDocumentsIn, assertVerificationPending } from '../../lib/lifecycle/verification';
import type { ApiError } from '../../lib/errors';

/** The company a refusal is about: its how_to_fix names the real path, never a placeholder. */
const COMPANY = 'cmp_PXhc4wczxEBQ6cwaxAZc1r';
const inStage = (stage: CompanyStage | undefined) => ({ id: COMPANY, stage });

const refusal = (fn: () => unknown): ApiError => {
  try {
    fn();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a refusal');
};

describe('company status', () => {
  it('verification moves requires_information to in_progress, and only that', () => {
    expect(statusTransition('verified', { status: 'requires_information', pre_existing: false })).toMatchObject({
      to: 'in_progress',
      events: ['company.status.changed', 'company.verified'],
    });
    const refused = refusal(() => statusTransition('verified', { status: 'active', pre_existing: false }));
    expect(refused.code).toBe('invalid_request');
    expect(refused.detail).toContain("'active'");
    expect(refused.errors![0]).toMatchObject({ location: '$', validation_type: 'state' });
  });

  it('incorporation is for companies we form, onboarding for pre_existing ones', () => {
    expect(statusTransition('incorporated', { status: 'in_progress', pre_existing: false }).events).toEqual([
      'company.status.changed',
      'company.incorporated',
    ]);
    expect(refusal(() => statusTransition('incorporated', { status: 'in_progress', pre_existing: true })).detail).toContain('pre_existing');
    expect(statusTransition('onboarding_completed', { status: 'in_progress', pre_existing: true }).to).toBe('active');
    expect(refusal(() => statusTransition('onboarding_completed', { status: 'in_progress', pre_existing: false })).code).toBe(
      'invalid_request',
    );
  });

  it('a refusal before verification names the way out and the company itself, not a placeholder', () => {
    const id = 'cmp_7Hq2Lr9XvB3kTz5NcW1pYd';
    const fix = refusal(() => statusTransition('incorporated', { id, status: 'requires_information', pre_existing: false })).errors![0]
      .how_to_fix!;
    expect(fix).toContain(`POST /v1/sandbox/companies/${id}/verify`);
    expect(fix).toContain('purpose identity_document');
    expect(fix).toContain(`GET /v1/companies/${id}`);
    expect(fix).not.toContain('{id}');
    expect(
      refusal(() => statusTransition('incorporated', { id, status: 'active', pre_existing: false })).errors![0].how_to_fix,
    ).not.toContain('identity document');
  });

  it('dissolved is terminal: nothing leaves it', () => {
    for (const row of COMPANY_STATUS_TRANSITIONS) expect(row.from).not.toContain('dissolved');
    expect(refusal(() => statusTransition('dissolved', { status: 'dissolved', pre_existing: false })).detail).toContain("'dissolved'");
  });
});

describe('company stage', () => {
  it('every move names stages of the spec, and every stage but the first is reachable', () => {
    for (const move of COMPANY_STAGE_MOVES) for (const s of [...move.from, move.to]) expect(COMPANY_STAGES).toContain(s);
    const reachable = new Set(COMPANY_STAGE_MOVES.map((m) => m.to));
    for (const stage of COMPANY_STAGES.filter((s) => s !== 'preparing_documents')) expect(reachable).toContain(stage);
  });

  it('the filing waits for verification', () => {
    expect(refusal(() => stageMove(inStage('documents_generated'), 'submitted_to_state', 'stage', false)).detail).toContain("'pending'");
    expect(stageMove(inStage('documents_generated'), 'submitted_to_state', 'stage', true).to).toBe('submitted_to_state');
  });

  it('incorporated, name_conflict and closed are reached only by their own operation', () => {
    expect(refusal(() => stageMove(inStage('submitted_to_state'), 'incorporated', 'stage', true)).errors![0].how_to_fix).toContain(
      `POST /v1/sandbox/companies/${COMPANY}/incorporate`,
    );
    expect(refusal(() => stageMove(inStage('documents_generated'), 'name_conflict', 'stage', true)).errors![0].how_to_fix).toContain(
      '/name-conflict',
    );
    expect(stageMove(inStage('submitted_to_state'), 'incorporated', 'incorporate', true).to).toBe('incorporated');
    expect(refusal(() => stageMove(inStage('submitted_to_state'), 'incorporated', 'incorporate', false)).detail).toContain("'pending'");
    expect(refusal(() => stageMove(inStage('name_conflict'), 'incorporated', 'incorporate', true)).detail).toContain("'name_conflict'");
    expect(stageMove(inStage('preparing_documents'), 'name_conflict', 'name_conflict', true).to).toBe('name_conflict');
  });

  it('the state accepts only a filing it was sent: incorporation comes from submitted_to_state, and the refusal names the walk there', () => {
    for (const from of ['preparing_documents', 'documents_generated', 'signature_requested'] as const) {
      const refused = refusal(() => stageMove(inStage(from), 'incorporated', 'incorporate', true));
      expect(refused.detail).toContain(`'${from}'`);
      expect(refused.errors![0].how_to_fix).toContain("'submitted_to_state' first");
    }
    expect(refusal(() => stageMove(inStage('preparing_documents'), 'incorporated', 'incorporate', true)).errors![0].how_to_fix).toBe(
      `Move the stage to 'documents_generated', then 'submitted_to_state' first (POST /v1/sandbox/companies/${COMPANY}/stage {"stage": "documents_generated"}); 'incorporated' comes from 'submitted_to_state'.`,
    );
    expect(stagePath('preparing_documents', ['submitted_to_state'])).toEqual(['documents_generated', 'submitted_to_state']);
    expect(stagePath('signature_requested', ['submitted_to_state'])).toEqual(['submitted_to_state']);
    expect(stagePath('name_conflict', ['submitted_to_state'])).toBeUndefined();
  });

  it('a company in name_conflict is told to answer its name_change requirement, whatever moves it is asked', () => {
    for (const [to, via] of [
      ['name_conflict', 'name_conflict'],
      ['incorporated', 'incorporate'],
      ['documents_generated', 'stage'],
    ] as const) {
      expect(refusal(() => stageMove(inStage('name_conflict'), to, via, true)).errors![0].how_to_fix).toContain(
        'answer its open name_change requirement',
      );
    }
  });

  it('an incorporation from an earlier forming stage walks the plain moves to submitted_to_state first; none from name_conflict', () => {
    expect(stagesBeforeFiling('preparing_documents')).toEqual(['documents_generated', 'submitted_to_state']);
    expect(stagesBeforeFiling('documents_generated')).toEqual(['submitted_to_state']);
    expect(stagesBeforeFiling('signature_requested')).toEqual(['submitted_to_state']);
    expect(stagesBeforeFiling('submitted_to_state')).toEqual([]);
    expect(stagesBeforeFiling('name_conflict')).toEqual([]);
    expect(stagesBeforeFiling(undefined)).toEqual([]);
  });

  it('the stage table the lifecycle guide and the reference show is this table, one row per move', () => {
    const table = stageMachineMarkdown().split('\n');
    expect(table).toHaveLength(2 + COMPANY_STAGE_MOVES.length);
    expect(table).toContain(
      '| `incorporated` | `submitted_to_state` | the state accepted the filing: status `active`, `company.incorporated` (sandbox: `POST /v1/sandbox/companies/{id}/incorporate`, which from an earlier forming stage first walks this table to `submitted_to_state`, one `company.status.changed` per stage); only once every owner’s identity document is in (`verification: verified`) |',
    );
    const guide = readFileSync(join(__dirname, '..', '..', 'docs', 'guide', 'lifecycle.md'), 'utf8');
    expect(
      guide.includes(stageMachineMarkdown())
        ? 'the lifecycle guide shows the table'
        : `docs/guide/lifecycle.md must show this table exactly:\n${stageMachineMarkdown()}`,
    ).toBe('the lifecycle guide shows the table');
  });

  it('a name conflict is left only by the name change', () => {
    expect(refusal(() => stageMove(inStage('name_conflict'), 'documents_generated', 'stage', true)).code).toBe('invalid_request');
    expect(stageMove(inStage('name_conflict'), 'preparing_documents', 'name_changed', true).to).toBe('preparing_documents');
  });

  it('a pre_existing company has no stage to move', () => {
    expect(refusal(() => stageMove(inStage(undefined), 'documents_generated', 'stage', true)).detail).toContain('pre_existing');
  });
});

describe('verification and requirements', () => {
  it('verified never goes back; every owner needs a document', () => {
    expect(() => assertVerificationPending('pending')).not.toThrow();
    expect(refusal(() => assertVerificationPending('verified')).detail).toContain("'verified'");
    expect(allOwnerDocumentsIn([{ passport: 'file_1' }, {}])).toBe(false);
    expect(allOwnerDocumentsIn([{ passport: 'file_1' }, { passport: 'file_2' }])).toBe(true);
  });

  it('only an open requirement can be answered or closed', () => {
    expect(requirementTransition({ status: 'open', company: COMPANY }, 'fulfilled')).toMatchObject({
      to: 'resolved',
      events: ['requirement.fulfilled'],
    });
    expect(requirementTransition({ status: 'open', company: COMPANY }, 'declined').to).toBe('canceled');
    for (const status of ['resolved', 'canceled'] as const)
      expect(refusal(() => requirementTransition({ status, company: COMPANY }, 'fulfilled'))).toMatchObject({
        detail: expect.stringContaining(`'${status}'`),
        errors: [{ how_to_fix: `List the open requirements with GET /v1/companies/${COMPANY}/requirements.` }],
      });
  });
});
