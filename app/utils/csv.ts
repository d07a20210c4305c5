/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, or a leading tab or carriage return) gets a
 * leading apostrophe, so opening an export can never run what someone typed into a product (OWASP CSV
 * injection).
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}
