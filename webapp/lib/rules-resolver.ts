import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver from a shared rule function (`shared/auth/credential-rules.ts`): the
 * first problem of each field, or the values (passed through `output`, e.g. trimmed) when there is
 * none. The sign-in pages use it instead of a schema library, which they would otherwise download.
 */
export function rulesResolver<Values extends FieldValues, Output extends FieldValues = Values>(
  problemsOf: (values: Values) => Partial<Record<string, string>>,
  output: (values: Values) => Output = (values) => values as unknown as Output,
): Resolver<Values, unknown, Output> {
  return (values) => {
    const problems = Object.entries(problemsOf(values)).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    if (problems.length === 0) return { values: output(values), errors: {} };
    const errors = Object.fromEntries(
      problems.map(([field, message]) => [field, { type: 'validate', message }]),
    ) as FieldErrors<Values>;
    return { values: {}, errors };
  };
}
