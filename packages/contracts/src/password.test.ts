import { describe, expect, it } from 'vitest';
import { isEmail, isValidPassword, operatorPasswordRefusal, passwordProblems } from './password.js';

describe('password rules (spec 01 §5)', () => {
  it('accepts a password with length, lower, upper, digit and a listed symbol', () => {
    expect(isValidPassword('Abcdef1!')).toBe(true);
    expect(isValidPassword('Xy9{zzzz')).toBe(true);
  });

  it.each([
    ['Abc1!', 'length'],
    ['ABCDEFG1!', 'lower'],
    ['abcdefg1!', 'upper'],
    ['Abcdefgh!', 'digit'],
    ['Abcdefgh1', 'symbol'],
    ['Abcdefg1-', 'symbol'],
  ])('names what %s lacks: %s', (password, rule) => {
    expect(passwordProblems(password).map((r) => r.id)).toEqual([rule]);
  });

  it('tells the operator what a chosen password lacks, naming where it came from', () => {
    expect(operatorPasswordRefusal('Abcdef1!', 'ATLAS_ADMIN_PASSWORD')).toBeNull();
    expect(operatorPasswordRefusal('abcdefgh', 'ATLAS_ADMIN_PASSWORD')).toMatch(
      /^ATLAS_ADMIN_PASSWORD does not satisfy the password rules: it needs at least 1 uppercase letter, at least 1 number, at least 1 symbol/,
    );
  });

  it('checks the simple email shape', () => {
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('a b@c.de')).toBe(false);
  });
});
