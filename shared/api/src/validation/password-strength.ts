import { LIMITS } from './constants';

export type StrengthLabel = 'Very Weak' | 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordStrength {
  /** How many of the five criteria hold (0-5). */
  score: number;
  label: StrengthLabel;
}

/** The sign-up strength meter: length ≥ 8, lowercase, uppercase, digit, special (spec section 5). */
export function passwordStrength(password: string): PasswordStrength {
  const criteria = [
    password.length >= LIMITS.passwordMin,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /\d/.test(password),
    /[@$!%*?&]/.test(password),
  ];
  const score = criteria.filter(Boolean).length;
  const label: StrengthLabel =
    score <= 1 ? 'Very Weak' : score === 2 ? 'Weak' : score === 3 ? 'Fair' : score === 4 ? 'Good' : 'Strong';
  return { score, label };
}
