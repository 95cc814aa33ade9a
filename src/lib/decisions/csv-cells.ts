/**
 * CSV (RFC 4180; CRLF or LF) read cell by cell with where each cell starts (line and column, from 1), so a problem
 * in a decisions file can be named by file, line and column. A quote left open or a quote inside an unquoted cell
 * is malformed: reading stops with the position.
 */
export interface CsvCellAt {
  value: string;
  line: number;
  column: number;
}

export class CsvSyntaxError extends Error {
  override readonly name = 'CsvSyntaxError';
  readonly line: number;
  readonly column: number;
  constructor(message: string, line: number, column: number) {
    super(message);
    this.line = line;
    this.column = column;
  }
}

export function readCsvCells(text: string): CsvCellAt[][] {
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const rows: CsvCellAt[][] = [];
  let row: CsvCellAt[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  const endRow = () => {
    if (!(row.length === 1 && row[0]?.value === '')) rows.push(row); // a blank line is no row
    row = [];
  };
  while (i <= text.length) {
    const cell: CsvCellAt = { value: '', line, column: i - lineStart + 1 };
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= text.length) throw new CsvSyntaxError('a quoted cell is never closed', cell.line, cell.column);
        const c = text[i] as string;
        if (c === '"' && text[i + 1] !== '"') break;
        if (c === '\n') {
          line += 1;
          lineStart = i + 1;
        }
        cell.value += c;
        i += c === '"' ? 2 : 1; // a doubled quote is one quote
      }
      i += 1;
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
        throw new CsvSyntaxError('text after a closing quote', line, i - lineStart + 1);
    } else {
      while (i < text.length && !',\r\n'.includes(text[i] as string)) {
        if (text[i] === '"') throw new CsvSyntaxError('a quote inside an unquoted cell', line, i - lineStart + 1);
        cell.value += text[i];
        i += 1;
      }
    }
    row.push(cell);
    if (i >= text.length) {
      endRow();
      break;
    }
    if (text[i] === ',') i += 1;
    else {
      i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      lineStart = i;
      endRow();
      if (i >= text.length) break;
    }
  }
  return rows;
}
