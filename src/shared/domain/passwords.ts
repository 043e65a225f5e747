/** Password rules for accounts: at least 8 characters, at most 200, and not a well-known one. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

// The most common passwords of public breach lists (lower-cased), plus obvious shop words.
const common = new Set(
  `123456 123456789 12345678 password qwerty123 qwerty 1234567890 1234567 111111 123123 abc123 password1 iloveyou 000000
  1q2w3e4r 123321 qwertyuiop 654321 666666 987654321 123qwe 1qaz2wsx 11111111 12341234 88888888 00000000 11223344 55555555
  passw0rd password123 admin123 administrator welcome welcome1 letmein monkey dragon football baseball sunshine princess
  shadow master superman michael jennifer trustno1 starwars whatever freedom computer internet qazwsxedc zaq12wsx asdfghjk
  asdfasdf zxcvbnm zxcvbnm1 aaaaaaaa abcdefgh abcd1234 a1b2c3d4 q1w2e3r4 1qazxsw2 changeme default secret123 test1234
  testtest mustang access hello123 lovely123 loveyou 147258369 159753 987654 789456123 147852369 egypt123 cairo123 nasma123
  shop1234 candles1 fragrance`
    .split(/\s+/)
    .filter(Boolean),
);

export type PasswordProblem = 'too_short' | 'too_long' | 'too_common';

/** What is wrong with a new password, or null when it is acceptable. */
export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN) return 'too_short';
  if (password.length > PASSWORD_MAX) return 'too_long';
  const lower = password.toLowerCase();
  if (common.has(lower) || /^(.)\1+$/.test(password) || (email && lower === email.toLowerCase().split('@')[0])) return 'too_common';
  return null;
}
