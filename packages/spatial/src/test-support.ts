/** Helpers shared by the package's tests (not shipped: no entry exports this file). */
import { expect } from 'vitest';
import { SpatialFormatError } from './io/errors.js';

/** The message of the SpatialFormatError that `run` throws; fails the test when it throws anything else. */
export function formatProblem(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SpatialFormatError);
    return (error as Error).message;
  }
  throw new Error('expected a SpatialFormatError');
}
