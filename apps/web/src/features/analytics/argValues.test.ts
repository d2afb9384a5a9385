import { describe, expect, it } from 'vitest';
import { initialText, parseArg, taskInput, withRun } from './argValues';

const spec = (name: string, type: string, value: unknown, positional?: boolean) => ({
  name,
  type,
  value,
  caption: name,
  description: '',
  ...(positional ? { positional } : {}),
});

describe('task runner argument values', () => {
  const specs = [
    spec('aws_path', 'string', 'data/D00001/h5/obj', true),
    spec('rna_flag', 'boolean', true, true),
    spec('bucket_name', 'string', 'atx-data', true),
    spec('run_id', 'string', ''),
    spec('limit', 'number', 5),
    spec('files', 'json', []),
  ];

  it('starts from the defaults and types each value', () => {
    expect(specs.map(initialText)).toEqual(['data/D00001/h5/obj', 'true', 'atx-data', '', '5', '[]']);
    expect(parseArg(specs[4]!, '12')).toEqual({ value: 12 });
    expect(parseArg(specs[4]!, '12a')).toEqual({ error: 'Value must be digit' });
    expect(parseArg(specs[5]!, '[1,')).toEqual({ error: 'Must be valid JSON' });
    expect(parseArg(specs[1]!, 'false')).toEqual({ value: false });
  });

  it('puts positional values in args, in order, and the others in kwargs, leaving empty ones out', () => {
    expect(taskInput(specs, {})).toEqual({
      args: ['data/D00001/h5/obj', true, 'atx-data'],
      kwargs: { limit: 5, files: [] },
      errors: {},
    });
    expect(taskInput(specs, { limit: 'x' }).errors).toEqual({ limit: 'Value must be digit' });
  });

  it('fills a chosen run into run ids and paths', () => {
    const texts = withRun(specs, {}, 'D00042');
    expect(texts.aws_path).toBe('data/D00042/h5/obj');
    expect(texts.run_id).toBe('D00042');
    expect(texts.bucket_name).toBe('atx-data');
  });
});
