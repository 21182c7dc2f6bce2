import { describe, expect, it } from 'vitest';
import { rulesResolver } from './rules-resolver';

type Values = { email: string; name: string };
const resolver = rulesResolver<Values>(
  (values) => ({
    email: values.email.includes('@') ? undefined : 'Please enter a valid email address',
    name: values.name ? undefined : 'Name is required',
  }),
  (values) => ({ ...values, email: values.email.trim() }),
);
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<typeof resolver>[2];

describe('rulesResolver', () => {
  it('answers each field’s problem as a react-hook-form error', async () => {
    const result = await resolver({ email: 'ada', name: '' }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      email: { type: 'validate', message: 'Please enter a valid email address' },
      name: { type: 'validate', message: 'Name is required' },
    });
  });

  it('answers the output values when nothing is wrong', async () => {
    const result = await resolver({ email: ' ada@example.com ', name: 'Ada' }, undefined, options);
    expect(result).toEqual({ values: { email: 'ada@example.com', name: 'Ada' }, errors: {} });
  });
});
