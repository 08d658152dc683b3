import * as z from 'zod';
import { invalidField, parseOrRefuse, illegalTransition, resourceMissing, withArticle } from '../../errors';
import { changeCompany } from '../change-company';
import { addOwnerDocuments } from './owner-documents';
import { addNameChange } from './change-name';
import { requirementTransition } from '../../requirements/requirement-status';
import { getFile } from '../../store/entities/file';
import type { Scope } from '../../scope';
import { refuseInvalidAnswers } from '../../forms/form-answers';
import { informationAnswers } from '../../requirements/answers/information-answers';
import { addResolution, changeRequirement } from '../../requirements/change-requirement';
import { submitForm } from '../../orders/moves/submit-form';
import { waitsOnForm } from '../../orders/form-requirement';
import { readOrder } from '../../store/entities/service-order';
import { getRequirement, RequirementChanged, type RequirementRecord } from '../../store/entities/requirement';
import { exampleId, isId } from '../../ids';
import { callerKeyedRecord } from '../../resources/caller-keyed-record';

/** POST /requirements/{id}/fulfill: the body by type (docs/decisions.md, "Requirements"). */
export const fulfillBody = z.strictObject({ name: z.unknown().optional(), answers: z.unknown().optional(), file: z.unknown().optional() });
export type FulfillBody = z.infer<typeof fulfillBody>;

const BODY_FIELD = { name_change: 'name', information: 'answers', form: 'answers', document: 'file' } as const;

/** A valid body of each type, as a refusal shows it; a form's keys are on the order it belongs to. */
const bodyExample = (requirement: RequirementRecord) =>
  ({
    name_change: '{"name": "Acme Robotics"}',
    information: '{"answers": {"business_purpose": "Software consulting"}}',
    form: `{"answers": {"<key of a form field>": "<value>"}} (the keys of the order's form, GET /v1/service-orders/${requirement.service_order})`,
    document: '{"file": "file_4fRk2LxQ9cTz7VbN1mWs3D"} (an id from POST /v1/files)',
  })[requirement.type as keyof typeof BODY_FIELD];

/**
 * Answers an open requirement by its type (spec Requirement): `name_change` a new name (company
 * renamed, `company.name.changed`), `information` free-form answers, `form` answers checked against
 * its form, `document` a file uploaded with POST /files; `signature` only by its signers. Refused when
 * the requirement is not open. Resolves with `requirement.fulfilled`, carrying the response.
 */
export async function fulfillRequirement(scope: Scope, requirementId: string, body: FulfillBody): Promise<RequirementRecord> {
  const found = await getRequirement(scope, requirementId);
  if (!found) throw resourceMissing('requirement', requirementId);
  requirementTransition(found, 'fulfilled');
  if (found.type === 'signature') {
    throw illegalTransition(
      'requirement type',
      'signature',
      'a signature requirement is fulfilled only by its signers signing',
      'Each signer signs the document; the last signature fulfils it.',
    );
  }
  const field = BODY_FIELD[found.type];
  for (const other of Object.keys(body)) {
    if (other !== field)
      throw invalidField(
        `$.${other}`,
        `does not apply to ${withArticle(found.type)} requirement`,
        `Send only ${field}, such as ${bodyExample(found)}.`,
        'additionalProperties',
      );
  }
  if (body[field] === undefined)
    throw invalidField(
      `$.${field}`,
      `is required to fulfil ${withArticle(found.type)} requirement`,
      `Send ${field}, such as ${bodyExample(found)}.`,
      'required',
    );

  switch (found.type) {
    case 'information': {
      const { answers } = parseOrRefuse(z.strictObject({ answers: informationAnswers }), body, 'body');
      return changeRequirement(
        scope,
        requirementId,
        ({ requirement, ws, at }) => addResolution(ws, scope, requirement, { answers }, at),
        found,
      );
    }
    case 'form': {
      const { answers } = parseOrRefuse(z.strictObject({ answers: callerKeyedRecord(z.string(), z.unknown()) }), body, 'body');
      const order = found.service_order ? await readOrder(scope, found.service_order) : undefined;
      if (order && waitsOnForm(order, requirementId)) {
        // The form the order waits on: its submission checks the answers, moves the order on and
        // resolves this requirement, in one transaction. A form the operator opened on an order that
        // is not waiting on it (sandbox `requirements` with `service_order`) is answered on its own
        // below: routed to the order, it was refused for ever ("not waiting on a form").
        await submitForm(scope, order.id, answers, order); // decides on the order just read: not read twice
        return (await getRequirement(scope, requirementId))!;
      }
      await refuseInvalidAnswers(scope, found.company, found.form!, answers);
      return changeRequirement(
        scope,
        requirementId,
        ({ requirement, ws, at }) => addResolution(ws, scope, requirement, { answers }, at),
        found,
      );
    }
    case 'name_change': {
      const { result } = await changeCompany<RequirementRecord>(scope, found.company, async (ctx) => {
        const requirement = await currentOpen(scope, requirementId);
        const next = addNameChange(ctx, body);
        return { next, result: addResolution(ctx.ws, scope, requirement, { name: next.name }, ctx.at) };
      });
      return result!;
    }
    case 'document':
      return fulfillDocument(scope, found, body.file);
  }
}

async function currentOpen(scope: Scope, requirementId: string): Promise<RequirementRecord> {
  const requirement = await getRequirement(scope, requirementId);
  if (!requirement) throw new RequirementChanged(requirementId);
  requirementTransition(requirement, 'fulfilled');
  return requirement;
}

/**
 * A `document` requirement takes a file of its company, uploaded under its purpose (and, for an
 * identity document, for its owner). An identity document the owner did not have on file yet counts
 * as received (`company.document.received`, verification when everyone is in).
 */
async function fulfillDocument(scope: Scope, found: RequirementRecord, fileId: unknown): Promise<RequirementRecord> {
  if (typeof fileId !== 'string' || !isId('file', fileId)) {
    throw invalidField(
      '$.file',
      'is not a file id',
      `Upload the document with POST /v1/files and send its id, such as "file": "${exampleId('file')}".`,
      'pattern',
    );
  }
  const file = await getFile(scope, fileId);
  if (!file || file.company !== found.company || file.published)
    throw invalidField(
      '$.file',
      `names no uploaded file of company ${found.company}`,
      `Upload the document with POST /v1/files for company ${found.company} (-F company=${found.company} -F purpose=${found.purpose ?? 'identity_document'}) and send the id it returns, such as "file": "${exampleId('file')}".`,
      'exists',
    );
  if (file.purpose !== found.purpose)
    throw invalidField(
      '$.file',
      `was uploaded as ${file.purpose}; this requirement collects ${found.purpose}`,
      `Upload the document again with -F purpose=${found.purpose} and send that file's id.`,
      'purpose',
    );
  if (found.purpose === 'identity_document' && file.shareholder !== found.shareholder) {
    throw invalidField(
      '$.file',
      `is the identity document of another owner`,
      `Upload the identity document of ${found.shareholder} (-F shareholder=${found.shareholder}) and send that file's id.`,
      'shareholder',
    );
  }
  if (found.purpose !== 'identity_document') {
    return changeRequirement(scope, found.id, ({ requirement, ws, at }) => addResolution(ws, scope, requirement, { file: fileId }, at));
  }
  const { result } = await changeCompany<RequirementRecord>(scope, found.company, async (ctx) => {
    const requirement = await currentOpen(scope, found.id);
    const owner = ctx.company.shareholders.find((s) => s.id === found.shareholder);
    const plan =
      owner && owner.passport !== fileId
        ? await addOwnerDocuments(ctx, [{ shareholder: owner.id, file: fileId }], { skipRequirement: found.id })
        : { next: ctx.company };
    return { ...plan, result: addResolution(ctx.ws, scope, requirement, { file: fileId }, ctx.at) };
  });
  return result!;
}
