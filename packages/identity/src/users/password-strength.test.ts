import { describe, expect, it } from 'vitest';
import { checkPasswordStrength } from './password-strength.ts';

describe('password strength', () => {
  const luds = { kind: 'luds', complexity: 3, minimumCount: 12 } as const;

  it.each([
    ['short1A', { valid: false, missingComplexity: 0, missingCharacters: 5 }],
    ['alllowercaseletters', { valid: false, missingComplexity: 2, missingCharacters: 0 }],
    ['lowerUPPER12345', { valid: true, missingComplexity: 0, missingCharacters: 0 }],
    ['lower and symbols!', { valid: false, missingComplexity: 1, missingCharacters: 0 }],
  ])('LUDS: %s', async (password, expected) => {
    const result = await checkPasswordStrength(password, luds);
    expect(result.strength_policy).toBe('luds');
    expect(result.valid_password).toBe(expected.valid);
    expect(result.feedback.luds_requirements.missing_complexity).toBe(expected.missingComplexity);
    expect(result.feedback.luds_requirements.missing_characters).toBe(expected.missingCharacters);
  });

  it('zxcvbn: refuses a common password with feedback, accepts a long passphrase', async () => {
    const policy = { kind: 'zxcvbn', minimumScore: 3 } as const;
    const weak = await checkPasswordStrength('password123', policy);
    expect(weak).toMatchObject({
      valid_password: false,
      strength_policy: 'zxcvbn',
      breached_password: false,
    });
    expect(weak.feedback.warning.length + weak.feedback.suggestions.length).toBeGreaterThan(0);
    expect(
      await checkPasswordStrength('copper lanterns drift past harbor 7183', policy),
    ).toMatchObject({
      valid_password: true,
      score: 4,
    });
  });

  it('zxcvbn: counts the address as a guess, so the e-mail is not a strong password', async () => {
    const policy = { kind: 'zxcvbn', minimumScore: 3 } as const;
    const address = await checkPasswordStrength('ada.lovelace1815', policy, [
      'ada.lovelace1815@ballast.test',
    ]);
    expect(address.valid_password).toBe(false);
  });
});
