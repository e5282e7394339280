/** The CUSIP check digit (the "double-add-double" of the standard) of the first eight characters. */
export function cusipCheckDigit(base: string): string {
  let sum = 0;
  for (let index = 0; index < 8; index += 1) {
    const char = base[index] ?? '0';
    let value = /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 55;
    if (index % 2 === 1) value *= 2;
    sum += Math.floor(value / 10) + (value % 10);
  }
  return String((10 - (sum % 10)) % 10);
}

export function cusip(issuer: string, issue: string): string {
  const base = `${issuer}${issue}`.toUpperCase();
  return `${base}${cusipCheckDigit(base)}`;
}
