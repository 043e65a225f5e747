/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits, both of which Egyptian keyboards type. */
const easternDigits = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** The text with Arabic-Indic and Persian digits written as 0-9; everything else is left as it is. */
export function westernDigits(text: string): string {
  // Both blocks end in 0-9 in their low nibble (U+0660 is ٠, U+06F0 is ۰).
  return text.replace(easternDigits, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}
