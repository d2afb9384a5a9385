/** Password rules of spec 01 §5, shared by the server and the live checklist in the web app. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SYMBOLS = '!@#$%^&*()<>?/[{}';

export interface PasswordRule {
  id: 'length' | 'lower' | 'upper' | 'digit' | 'symbol';
  label: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'lower', label: 'At least 1 lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'upper', label: 'At least 1 uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'digit', label: 'At least 1 number', test: (p) => /[0-9]/.test(p) },
  {
    id: 'symbol',
    label: `At least 1 symbol (${PASSWORD_SYMBOLS.split('').join(' ')})`,
    test: (p) => [...p].some((c) => PASSWORD_SYMBOLS.includes(c)),
  },
];

export function passwordProblems(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password));
}

export function isValidPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}

/**
 * Why a password the server's operator chose outside the forms (ATLAS_ADMIN_PASSWORD, `npm run admin`'s standard
 * input) breaks the rules, naming where it came from; null when it keeps them.
 */
export function operatorPasswordRefusal(password: string, source: string): string | null {
  const rules = passwordProblems(password).map((rule) => rule.label.toLowerCase());
  return rules.length ? `${source} does not satisfy the password rules: it needs ${rules.join(', ')}` : null;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isEmail(text: string): boolean {
  return EMAIL_SHAPE.test(text);
}
