import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  importedTradesOf,
  ImportRowProblem,
  readImportRow,
  type ImportTradeRow,
} from '@synctrade/api/validation';
import { AppError } from '../../http/app-error';

export { MAX_IMPORT_ROWS } from '@synctrade/api/validation';

/** A broken rule of the shared row rules answers 400 with its message. */
function answer(error: unknown): never {
  if (error instanceof ImportRowProblem) throw AppError.badRequest(error.message);
  throw error;
}

/** Checks every imported row; the first bad one answers 400 naming its row number (1-based) and field. */
export function validateImportRows(body: unknown): ImportTradeRow[] {
  try {
    return importedTradesOf(body).map((raw: unknown, index) =>
      readImportRow((raw ?? {}) as Record<string, unknown>, index + 1),
    );
  } catch (error: unknown) {
    return answer(error);
  }
}

/** Rows checked between two turns of the event loop: a few milliseconds of work. */
const CHECK_CHUNK = 1_000;

/** `validateImportRows`, giving the event loop a turn between chunks of rows (the import route's form). */
export async function checkImportRows(body: unknown): Promise<ImportTradeRow[]> {
  try {
    const trades = importedTradesOf(body);
    const rows: ImportTradeRow[] = [];
    for (let index = 0; index < trades.length; index += 1) {
      if (index > 0 && index % CHECK_CHUNK === 0) await nextTurn();
      rows.push(readImportRow((trades[index] ?? {}) as Record<string, unknown>, index + 1));
    }
    return rows;
  } catch (error: unknown) {
    return answer(error);
  }
}
