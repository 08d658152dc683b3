import type { FieldError } from '../../errors';
import { getFile } from '../../store/entities/file';
import type { Scope } from '../../scope';
import type { CreateCompanyBody } from '../schemas';

/**
 * A shareholder's `passport` must name an identity document already uploaded in this partner's mode
 * (POST /v1/files, purpose identity_document): verification counts an owner with a `passport` as
 * documented, so an invented or foreign file id must not pass.
 */
export async function checkPassportFiles(scope: Scope, body: CreateCompanyBody): Promise<FieldError[]> {
  const owners = (body.shareholders ?? []).map((o, i) => ({ i, passport: o.passport })).filter((o) => o.passport !== undefined);
  const files = await Promise.all(owners.map((o) => getFile(scope, o.passport!)));
  const out: FieldError[] = [];
  owners.forEach((o, n) => {
    const file = files[n];
    if (file?.purpose !== 'identity_document') {
      out.push({
        reason: file ? `'${o.passport}' is not an identity document` : `no file '${o.passport}' in this mode`,
        location: `$.shareholders[${o.i}].passport`,
        validation_type: 'exists',
        how_to_fix:
          'Upload the owner\'s identity document with POST /v1/files (purpose identity_document) in the same mode as this key and send its file id, such as "passport": "file_7Hq2Lr9XvB3kTz5NcW1pYd", or leave passport out and collect the document after creation.',
      });
    }
  });
  return out;
}
