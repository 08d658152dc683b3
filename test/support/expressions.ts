/**
 * An expression of a sent command with its placeholders replaced by what they stand for (`#n0` by the
 * attribute's name, `:v0` by the value as JSON), so a test can say what a command asks of DynamoDB
 * without depending on how placeholders are numbered (lib/store/expression.ts renders them).
 */
export function readable(
  expression: string | undefined,
  input: { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> },
): string {
  return (expression ?? '').replace(/[#:][A-Za-z0-9_]+/g, (ph) =>
    ph.startsWith('#')
      ? (input.ExpressionAttributeNames?.[ph] ?? ph)
      : ph in (input.ExpressionAttributeValues ?? {})
        ? JSON.stringify(input.ExpressionAttributeValues![ph])
        : ph,
  );
}
