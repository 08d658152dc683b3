import { checkFormAnswers, fieldApplies } from '../../lib/forms/form-answers';

const form = {
  title: 'T',
  fields: [
    { field_name: 'Agree', field_type: 'checkbox', key: 'agree', required: true },
    { field_name: 'Kind', field_type: 'select', key: 'kind', required: false, options: ['a', 'b'] },
    { field_name: 'B detail', field_type: 'text', key: 'b_detail', required: true, conditional: { field: 'kind', values: ['b'] } },
  ],
};
const noFiles = async () => undefined;

describe('form answers', () => {
  it('a conditional field applies only when its condition holds', () => {
    expect(fieldApplies(form.fields[2], { kind: 'b' })).toBe(true);
    expect(fieldApplies(form.fields[2], { kind: 'a' })).toBe(false);
    expect(fieldApplies(form.fields[2], {})).toBe(false);
  });

  it('returns one violation per field with its keyword', async () => {
    const errors = await checkFormAnswers(form, { agree: 'yes', kind: 'c', extra: 1 }, noFiles);
    expect(errors.map((e) => [e.location, e.validation_type])).toEqual([
      ['$.answers.extra', 'additionalProperties'],
      ['$.answers.agree', 'type'],
      ['$.answers.kind', 'enum'],
    ]);
  });

  it('accepts complete answers', async () => {
    expect(await checkFormAnswers(form, { agree: true, kind: 'b', b_detail: 'x' }, noFiles)).toEqual([]);
  });
});
