import { violation, type CompanyRule } from './rule';

/** Spec create-company `shareholders`: when present, exactly one owner is the main incorporator. */
export const mainIncorporator: CompanyRule = (body) => {
  const owners = body.shareholders ?? [];
  if (!owners.length) return [];
  const flagged = owners.flatMap((o, i) => (o.main_incorporator ? [i] : []));
  if (flagged.length === 1) return [];
  if (!flagged.length) {
    return [
      violation(
        '$.shareholders',
        'no shareholder is the main incorporator',
        'Send "main_incorporator": true on exactly one shareholder, such as the first: $.shareholders[0].main_incorporator.',
        'custom',
      ),
    ];
  }
  return flagged
    .slice(1)
    .map((i) =>
      violation(
        `$.shareholders[${i}].main_incorporator`,
        'more than one shareholder is the main incorporator',
        `Send main_incorporator as false here, such as "main_incorporator": false, or leave it out: $.shareholders[${flagged[0]}] is already the main incorporator.`,
        'custom',
      ),
    );
};
