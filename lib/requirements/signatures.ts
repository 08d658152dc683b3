import type { EventType } from '../resources/event';
import { ApiError, illegalTransition } from '../errors';
import { renderRequirement, type Signer } from '../resources/requirement';
import type { Scope } from '../scope';
import { addCancellation, addResolution, changeRequirement } from './change-requirement';
import { addRequirementUpdate, type RequirementRecord } from '../store/entities/requirement';

/**
 * Signature requirements (spec Requirement status and "Signers"): each signer opening the document
 * fires `requirement.signature.viewed` once, each signing `requirement.signature.signed` once; the
 * last signature is followed by `requirement.fulfilled`; a decline cancels the requirement with its
 * `cancel_reason`. Signing without having opened the document counts as opening it first.
 */
export type SignerAction = 'view' | 'sign' | 'decline';

/**
 * The signer at `index` of a signature requirement. An index past the last signer names no signer: the
 * path names something that does not exist, `resource_missing` (404) as an unknown id is, with the
 * valid range (docs/decisions.md, "Sandbox triggers and the operator CLI"); the index's shape is checked with the path.
 */
function signerAt(requirement: RequirementRecord, index: number, action: SignerAction): Signer {
  if (requirement.type !== 'signature') {
    throw illegalTransition(
      'requirement type',
      requirement.type,
      'only a signature requirement has signers',
      'Use the signer endpoints on signature requirements only.',
    );
  }
  const signer = requirement.signers?.[index];
  if (!signer) {
    const count = requirement.signers?.length ?? 0;
    throw new ApiError(
      'resource_missing',
      `No such signer: requirement '${requirement.id}' has ${count} signer${count === 1 ? '' : 's'}.`,
      [
        {
          reason: `has no signer at index ${index}`,
          location: '$.index',
          validation_type: 'maximum',
          how_to_fix: `Use a signer index from 0 to ${count - 1} (its position in \`signers\`), such as /v1/sandbox/requirements/${requirement.id}/signers/0/${action}.`,
        },
      ],
    );
  }
  return signer;
}

export async function actAsSigner(scope: Scope, requirementId: string, index: number, action: SignerAction): Promise<RequirementRecord> {
  return changeRequirement(scope, requirementId, ({ requirement, ws, at }) => {
    const signer = signerAt(requirement, index, action);
    if (requirement.status !== 'open') {
      throw illegalTransition(
        'requirement status',
        requirement.status,
        'its signers can no longer act',
        'Only an open signature requirement can be viewed, signed or declined.',
      );
    }
    if (signer.status === 'signed' || signer.status === 'declined') {
      throw illegalTransition(
        `signer ${index}`,
        signer.status,
        'a signer acts once',
        `Nothing more for signer ${index}: a signer acts once; the requirement's signers and their progress are on GET /v1/requirements/${requirement.id}.`,
      );
    }
    const signers = requirement.signers!.map((s) => ({ ...s }));
    const me = signers[index];
    let current = requirement;
    const step = (changes: Partial<Signer>, type?: EventType) => {
      Object.assign(me, changes);
      current = addRequirementUpdateInPlace(current, { signers: signers.map((s) => ({ ...s })) });
      if (type) ws.recordEvent({ type, companyId: requirement.company, resource: renderRequirement(current) });
    };
    // Viewing again is harmless and fires nothing: the viewed event is once per signer.
    if (me.status === 'pending') step({ status: 'viewed', viewed_at: at }, 'requirement.signature.viewed');
    if (action === 'view') return finish(ws, scope, requirement, current);
    if (action === 'decline') {
      Object.assign(me, { status: 'declined', declined_at: at });
      return addCancellation(
        ws,
        scope,
        requirement,
        'declined',
        `${me.name} declined to sign ${requirement.document_name ?? 'the document'}.`,
        at,
        { signers },
        current,
      );
    }
    step({ status: 'signed', signed_at: at }, 'requirement.signature.signed');
    // The last signature resolves it; like every fulfilment it carries its response (spec: requirement.fulfilled
    // "carries its response"): for a signature, who signed and when.
    if (signers.every((s) => s.status === 'signed')) {
      const signatures = signers.map((s) => ({ name: s.name, email: s.email, signed_at: s.signed_at }));
      return addResolution(ws, scope, requirement, { signatures }, at, { signers }, current);
    }
    return finish(ws, scope, requirement, current);
  });
}

/** The snapshots between steps are the record as it will read after each; one write persists the last. */
function addRequirementUpdateInPlace(current: RequirementRecord, changes: Partial<RequirementRecord>): RequirementRecord {
  return { ...current, ...changes };
}

function finish(
  ws: Parameters<typeof addRequirementUpdate>[0],
  scope: Scope,
  read: RequirementRecord,
  next: RequirementRecord,
): RequirementRecord {
  if (next === read) return read;
  return addRequirementUpdate(ws, scope, read, next);
}
