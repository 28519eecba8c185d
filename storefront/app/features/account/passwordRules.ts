// Magento's default rule: at least 8 characters and characters from 3 of the 4 classes; a shop
// may change both in its configuration (storeConfig minimum_password_length and
// required_character_classes_number).
export const DEFAULT_MIN_LENGTH = 8;
export const DEFAULT_REQUIRED_CLASSES = 3;

export type CharacterClass = 'lower' | 'upper' | 'digit' | 'special';

export interface PasswordRules {
  minLength: number;
  requiredClasses: number;
}

export interface PasswordCheck {
  longEnough: boolean;
  classes: ReadonlySet<CharacterClass>;
  enoughClasses: boolean;
  /** Magento also refuses leading or trailing spaces. */
  noOuterSpaces: boolean;
  valid: boolean;
}

export function passwordRulesFrom(
  config:
    { minimum_password_length?: string | null; required_character_classes_number?: string | null } | null | undefined,
): PasswordRules {
  const min = Number(config?.minimum_password_length);
  const classes = Number(config?.required_character_classes_number);
  return {
    minLength: Number.isInteger(min) && min > 0 ? min : DEFAULT_MIN_LENGTH,
    requiredClasses: Number.isInteger(classes) && classes >= 1 && classes <= 4 ? classes : DEFAULT_REQUIRED_CLASSES,
  };
}

export function characterClasses(password: string): Set<CharacterClass> {
  const classes = new Set<CharacterClass>();
  for (const char of password) {
    if (/\p{Ll}/u.test(char)) classes.add('lower');
    else if (/\p{Lu}/u.test(char)) classes.add('upper');
    else if (/\p{Nd}/u.test(char)) classes.add('digit');
    else if (!/\s/u.test(char)) classes.add('special');
  }
  return classes;
}

export function checkPassword(
  password: string,
  rules: PasswordRules = { minLength: DEFAULT_MIN_LENGTH, requiredClasses: DEFAULT_REQUIRED_CLASSES },
): PasswordCheck {
  const classes = characterClasses(password);
  // Length counts characters as people see them, not UTF-16 units.
  const longEnough = [...password].length >= rules.minLength;
  const enoughClasses = classes.size >= rules.requiredClasses;
  const noOuterSpaces = password.trim() === password;
  return { longEnough, classes, enoughClasses, noOuterSpaces, valid: longEnough && enoughClasses && noOuterSpaces };
}
