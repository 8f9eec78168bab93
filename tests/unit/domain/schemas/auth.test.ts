import { describe, expect, it } from 'vitest';
import { PASSWORD_BLANK } from '../../../../src/domain/messages.ts';
import { signInSchema } from '../../../../src/domain/schemas/sign-in.ts';
import { signUpSchema } from '../../../../src/domain/schemas/sign-up.ts';
import { validateForm } from '../../../../src/domain/schemas/validate-form.ts';

describe('sign in', () => {
  it('accepts and trims the e-mail, keeps the password as typed', () => {
    expect(validateForm(signInSchema, { email: ' maya@example.com ', password: ' secret ' }))
      .toEqual({ ok: true, value: { email: 'maya@example.com', password: ' secret ' } });
  });

  it.each<[object, Record<string, string>]>([
    [{ email: '', password: 'x' }, { email: 'Email is required' }],
    [{ email: '   ', password: 'x' }, { email: 'Email is required' }],
    [{ email: 'maya@', password: 'x' }, { email: 'Please enter a valid email address' }],
    [{ email: 'maya@example.com', password: '' }, { password: 'Password is required' }],
    [{}, { email: 'Email is required', password: 'Password is required' }],
  ])('%j', (input, fieldErrors) => {
    const result = validateForm(signInSchema, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors).toEqual(fieldErrors);
  });
});

describe('sign up', () => {
  const valid = { name: ' Maya Lopez ', email: 'maya@example.com', password: 'abcdef', role: 'host' };

  it('accepts a password of exactly 6', () => {
    expect(validateForm(signUpSchema, valid)).toEqual({ ok: true, value: { ...valid, name: 'Maya Lopez' } });
  });

  it.each<[string, object, Record<string, string>]>([
    ['5-character password', { password: 'abcde' }, { password: 'Password must be at least 6 characters' }],
    ['empty password', { password: '' }, { password: 'Password is required' }],
    ['spaces-only password', { password: '       ' }, { password: PASSWORD_BLANK }],
    ['blank name', { name: '  ' }, { name: 'Full name is required' }],
    ['bad e-mail', { email: 'maya.example.com' }, { email: 'Please enter a valid email address' }],
    ['unknown role', { role: 'admin' }, { role: 'Please choose Guest or Host' }],
    ['no role', { role: undefined }, { role: 'Please choose Guest or Host' }],
  ])('%s', (_, overrides, fieldErrors) => {
    const result = validateForm(signUpSchema, { ...valid, ...overrides });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fieldErrors).toEqual(fieldErrors);
  });
});
