/**
 * The byte budget of one import (issue 33): every reader charges what a file declares (an array's shape times its
 * item size, an archive entry's uncompressed size) BEFORE it inflates or reads it, and stops with a
 * SpatialLimitError naming the part and the setting when the declaration does not fit. The budget is the smaller of
 * the configured maximum and the input's size times the allowed expansion ratio, so a 1 MB zip cannot inflate to a
 * gigabyte whatever it claims to hold.
 */
import { IMPORT_LIMIT_MSG, IMPORT_MIN_BUDGET_BYTES, type TImportLimits } from '@atlas/contracts/genes/import-limits';
import { SpatialLimitError } from './errors.js';

export class ReadBudget {
  /** Bytes this import may still decompress or read into arrays. */
  private left: number;

  constructor(
    readonly limits: TImportLimits,
    readonly file: string,
    /** The stored size of the input, when known: it bounds the budget by the expansion ratio. */
    sourceBytes?: number,
  ) {
    const byRatio =
      sourceBytes === undefined ? Infinity : Math.max(IMPORT_MIN_BUDGET_BYTES, sourceBytes * limits.maxRatio);
    this.left = Math.min(limits.maxBytes, byRatio);
  }

  get remaining(): number {
    return this.left;
  }

  private fail(problem: string): never {
    throw new SpatialLimitError(this.file, problem);
  }

  /** Refuses `bytes` for `where` when they do not fit what is left; takes nothing. */
  check(where: string, bytes: number): void {
    if (!(bytes <= this.left)) this.fail(IMPORT_LIMIT_MSG.tooLarge(where, bytes, this.left));
  }

  /** Takes `bytes` from the budget for `where`, or refuses when they do not fit. */
  charge(where: string, bytes: number): void {
    this.check(where, bytes);
    this.left -= bytes;
  }

  /** A matrix's declared rows (observations) and columns (features). */
  checkShape(where: string, nObs: number, nVars: number): void {
    if (!(nObs <= this.limits.maxObs)) this.fail(IMPORT_LIMIT_MSG.tooManyObs(where, nObs, this.limits.maxObs));
    if (!(nVars <= this.limits.maxVars)) this.fail(IMPORT_LIMIT_MSG.tooManyVars(where, nVars, this.limits.maxVars));
  }

  /** The chunks of one array, or the entries of one archive. */
  checkChunks(where: string, count: number): void {
    if (!(count <= this.limits.maxChunks))
      this.fail(IMPORT_LIMIT_MSG.tooManyChunks(where, count, this.limits.maxChunks));
  }
}

/** The budget of a reader given limits, or none (callers that read trusted files of our own). */
export const budgetFor = (limits: TImportLimits | undefined, file: string, sourceBytes?: number) =>
  limits ? new ReadBudget(limits, file, sourceBytes) : undefined;
