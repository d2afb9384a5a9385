import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allTasks } from './index.js';
import { createTaskRegistry, defineTask, parseInput, TaskInputError } from './registry.js';

const noop = (name: string, queue: 'atxcloud_core' | 'atxcloud_gene') =>
  defineTask({
    name,
    queue,
    description: name,
    argSpecs: [],
    parse: () => ({}),
    touches: () => ({}),
    run: async () => null,
  });

describe('task registry', () => {
  it('finds definitions by name and lists them per queue in registration order', () => {
    const registry = createTaskRegistry([
      noop('a.one', 'atxcloud_gene'),
      noop('b.two', 'atxcloud_core'),
      noop('a.three', 'atxcloud_gene'),
    ]);
    expect(registry.get('b.two')?.queue).toBe('atxcloud_core');
    expect(registry.get('missing')).toBeUndefined();
    expect(registry.list('atxcloud_gene').map((d) => d.name)).toEqual(['a.one', 'a.three']);
    expect(registry.list().map((d) => d.name)).toEqual(['a.one', 'b.two', 'a.three']);
  });

  it('refuses two definitions with one name', () => {
    expect(() => createTaskRegistry([noop('a.one', 'atxcloud_gene'), noop('a.one', 'atxcloud_core')])).toThrow(
      "Task 'a.one' is defined twice",
    );
  });

  it('describes every real task with complete argument specs', () => {
    expect(() => createTaskRegistry(allTasks)).not.toThrow();
    for (const task of allTasks) {
      expect(task.name).toMatch(/^[a-z]+\.[a-z0-9_]+$/);
      expect(task.description).not.toBe('');
      for (const spec of task.argSpecs)
        expect(
          Object.keys(spec)
            .filter((k) => k !== 'positional')
            .sort(),
        ).toEqual(['caption', 'description', 'name', 'type', 'value']);
    }
  });
});

describe('parseInput', () => {
  const schema = z.object({ bucket: z.string(), rows: z.array(z.number()) });

  it('returns the parsed value', () => {
    expect(parseInput(schema, { bucket: 'b', rows: [1] }, 'kwargs')).toEqual({ bucket: 'b', rows: [1] });
  });

  it('throws TaskInputError naming the first bad field', () => {
    expect(() => parseInput(schema, { bucket: 'b', rows: [1, 'x'] }, 'kwargs')).toThrow(TaskInputError);
    expect(() => parseInput(schema, { bucket: 'b', rows: [1, 'x'] }, 'kwargs')).toThrow(/^kwargs\.rows\.1: /);
    expect(() => parseInput(schema, 'nope', 'kwargs')).toThrow(/^kwargs: /);
  });
});
