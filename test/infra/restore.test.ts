import { PROD_FULL, PROD_SETTINGS, synthStage } from './support/synth';

describe('a restored table switched in by a stage setting', () => {
  const restoredTable = {
    name: 'papi-prod-table-1a2b3c4d-r202612010300',
    streamArn: 'arn:aws:dynamodb:us-east-1:123456789012:table/papi-prod-table-1a2b3c4d-r202612010300/stream/2026-12-01T04:00:00.000',
  };
  const restored = synthStage('prod', { settings: { ...PROD_SETTINGS, restoredTable } });
  const own = synthStage('prod', PROD_FULL);

  it('gives every function the restored table’s name, and no function the stack’s own', () => {
    const functions = restored.resources.filter(
      (r) => r.type === 'AWS::Lambda::Function' && /^papi-prod-/.test(r.props.FunctionName ?? ''),
    );
    expect(functions.length).toBeGreaterThan(100);
    for (const fn of functions)
      expect({ fn: fn.props.FunctionName, table: fn.props.Environment.Variables.TABLE_NAME }).toEqual({
        fn: fn.props.FunctionName,
        table: restoredTable.name,
      });
    expect(restored.parent.toJSON().Outputs.TableName.Value).toBe(restoredTable.name);
  });

  it('grants the table rights on the restored table, and reads its stream', () => {
    const text = JSON.stringify(restored.resources.filter((r) => r.type === 'AWS::IAM::Role').map((r) => r.props.Policies));
    expect(text).toContain(`:table/${restoredTable.name}`);
    const mappings = restored.resources.filter((r) => r.type === 'AWS::Lambda::EventSourceMapping' && r.props.StartingPosition);
    // Every consumer of the table's stream: the fan-out and the sequencer's backstop (the mail sender reads its queue).
    expect(mappings.length).toBe(2);
    for (const m of mappings)
      expect({ fn: m.props.FunctionName, stream: m.props.EventSourceArn }).toEqual({
        fn: m.props.FunctionName,
        stream: restoredTable.streamArn,
      });
  });

  it('keeps the stack’s own table as it was (retained, never replaced by the switch)', () => {
    const table = (s: typeof own) => s.resources.find((r) => r.type === 'AWS::DynamoDB::Table')!;
    expect(table(restored).props).toEqual(table(own).props);
    expect(table(restored).id).toBe(table(own).id);
  });
});
