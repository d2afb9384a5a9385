import type { TTaskDefinitionInfo } from '@atlas/contracts';

type ArgSpec = TTaskDefinitionInfo['args'][number];

/** The text a field starts with, from the spec's default value. */
export function initialText(spec: ArgSpec): string {
  if (spec.value === null || spec.value === undefined) return '';
  if (spec.type === 'json' || typeof spec.value === 'object') return JSON.stringify(spec.value);
  return String(spec.value);
}

/** One field's value for the task, or the problem with its text. */
export function parseArg(spec: ArgSpec, text: string): { value: unknown } | { error: string } {
  switch (spec.type) {
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(text.trim()) ? { value: Number(text) } : { error: 'Value must be digit' };
    case 'boolean':
      return { value: text === 'true' };
    case 'json':
      try {
        return { value: JSON.parse(text) as unknown };
      } catch {
        return { error: 'Must be valid JSON' };
      }
    default:
      return { value: text };
  }
}

/** Where a value goes, in a seed of the task: the spec's positional args in order, the others as kwargs. */
export function taskInput(
  specs: readonly ArgSpec[],
  texts: Record<string, string>,
): { args: unknown[]; kwargs: Record<string, unknown>; errors: Record<string, string> } {
  const args: unknown[] = [];
  const kwargs: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const spec of specs) {
    const text = texts[spec.name] ?? initialText(spec);
    // An empty optional field is left out rather than sent as '' (a run id of '' is not a run id).
    if (!spec.positional && spec.type !== 'boolean' && text === '') continue;
    const parsed = parseArg(spec, text);
    if ('error' in parsed) errors[spec.name] = parsed.error;
    else if (spec.positional) args.push(parsed.value);
    else kwargs[spec.name] = parsed.value;
  }
  return { args, kwargs, errors };
}

/** Texts with a chosen run filled in: `run_id` fields take it, run ids inside paths are replaced by it. */
export function withRun(specs: readonly ArgSpec[], texts: Record<string, string>, runId: string) {
  const next = { ...texts };
  for (const spec of specs) {
    if (spec.type !== 'string') continue;
    const text = texts[spec.name] ?? initialText(spec);
    next[spec.name] = spec.name === 'run_id' ? runId : text.replace(/D\d{5,}/g, runId);
  }
  return next;
}
