/** A value a file cannot hold, named by file, line and column so a person can fix it. */
export class MarketDataError extends Error {
  override readonly name = 'MarketDataError';
}

export type CsvRecord = { line: number; get(column: string): string };

/**
 * Rows of CSV text as records keyed by the header's column names (RFC 4180: fields may be
 * quoted, a quoted field may hold commas, line breaks and doubled quotes). Every column in
 * `required` must be in the header.
 */
export function parseCsv(text: string, file: string, required: readonly string[]): CsvRecord[] {
  const rows = splitRows(text, file);
  const header = rows.shift();
  if (!header) throw new MarketDataError(`${file}: the file is empty.`);
  const columns = new Map(header.cells.map((name, index) => [name.trim(), index]));
  const missing = required.filter((name) => !columns.has(name));
  if (missing.length > 0) {
    throw new MarketDataError(`${file}: the header lacks ${missing.join(', ')}.`);
  }
  return rows
    .filter((row) => row.cells.some((cell) => cell.trim() !== ''))
    .map((row) => ({
      line: row.line,
      get: (column: string) => (row.cells[columns.get(column) ?? -1] ?? '').trim(),
    }));
}

function splitRows(text: string, file: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      line += 1;
      rowLine = line;
    } else cell += char;
  }
  if (quoted) throw new MarketDataError(`${file}:${rowLine}: a quoted field is never closed.`);
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  return rows;
}

/** Readers of one record's fields that fail with the file, line and column. */
export function fieldReader(file: string, record: CsvRecord) {
  const fail = (column: string, what: string): never => {
    throw new MarketDataError(`${file}:${record.line}: ${column} ${what}.`);
  };
  return {
    text(column: string): string {
      const value = record.get(column);
      return value === '' ? fail(column, 'is empty') : value;
    },
    number(column: string, range?: { min: number; max: number }): number {
      const raw = record.get(column);
      const value = Number(raw);
      if (raw === '' || !Number.isFinite(value)) return fail(column, `is not a number ("${raw}")`);
      if (range && (value < range.min || value > range.max)) {
        return fail(column, `is ${value}, outside ${range.min} to ${range.max}`);
      }
      return value;
    },
    fail,
  };
}
