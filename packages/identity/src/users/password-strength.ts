import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { ProjectSettings } from '../identity-options.ts';

/** The `strength_check` answer of the protocol; `create` and resets refuse what is not valid. */
export type PasswordStrength = {
  valid_password: boolean;
  score: number;
  breached_password: boolean;
  strength_policy: 'zxcvbn' | 'luds';
  breach_detection_on_create: boolean;
  feedback: {
    warning: string;
    suggestions: string[];
    luds_requirements: {
      has_lower_case: boolean;
      has_upper_case: boolean;
      has_digit: boolean;
      has_symbol: boolean;
      missing_complexity: number;
      missing_characters: number;
    };
  };
};

let scorer: Promise<ZxcvbnFactory> | undefined;

/**
 * The scorer with its dictionaries, loaded at the first password it scores: loading takes most of
 * a second, which every start of the server (and of each restart) would otherwise pay.
 */
function zxcvbn(): Promise<ZxcvbnFactory> {
  scorer ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, english]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        translations: english.translations,
      }),
  );
  return scorer;
}

export async function checkPasswordStrength(
  password: string,
  policy: ProjectSettings['passwordPolicy'],
  userInputs: string[] = [],
): Promise<PasswordStrength> {
  const classes = {
    has_lower_case: /\p{Ll}/u.test(password),
    has_upper_case: /\p{Lu}/u.test(password),
    has_digit: /\p{Nd}/u.test(password),
    has_symbol: /[^\p{Ll}\p{Lu}\p{Nd}]/u.test(password),
  };
  const classCount = Object.values(classes).filter(Boolean).length;

  if (policy.kind === 'luds') {
    const missingComplexity = Math.max(0, policy.complexity - classCount);
    const missingCharacters = Math.max(0, policy.minimumCount - [...password].length);
    return {
      valid_password: missingComplexity === 0 && missingCharacters === 0,
      score: 0,
      breached_password: false,
      strength_policy: 'luds',
      breach_detection_on_create: false,
      feedback: {
        warning: '',
        suggestions: [],
        luds_requirements: {
          ...classes,
          missing_complexity: missingComplexity,
          missing_characters: missingCharacters,
        },
      },
    };
  }

  const result = (await zxcvbn()).check(password, expandUserInputs(userInputs));
  return {
    valid_password: result.score >= policy.minimumScore,
    score: result.score,
    breached_password: false,
    strength_policy: 'zxcvbn',
    breach_detection_on_create: false,
    feedback: {
      warning: result.feedback.warning ?? '',
      suggestions: result.feedback.suggestions,
      luds_requirements: { ...classes, missing_complexity: 0, missing_characters: 0 },
    },
  };
}

/**
 * An address is guessed piece by piece: "ada.lovelace1815@ballast.test" also gives its local
 * part and the words in it, so none of them makes a password look strong.
 */
function expandUserInputs(inputs: readonly string[]): string[] {
  return inputs.flatMap((input) => {
    const local = input.split('@')[0] ?? '';
    return [input, local, ...local.split(/[^\p{L}\p{N}]+/u)].filter((piece) => piece.length >= 3);
  });
}
