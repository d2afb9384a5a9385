import { describe, expect, it } from 'vitest';
import { readPublicLink } from './publicLink';

describe('readPublicLink', () => {
  it('accepts a complete public link', () => {
    const params = new URLSearchParams('component=PublicGeneViewer&run_id=D00042&public=true&token=abc');
    expect(readPublicLink(params)).toEqual({ ok: true, runId: 'D00042', token: 'abc' });
  });

  it('lists everything that is missing or wrong', () => {
    expect(readPublicLink(new URLSearchParams(''))).toEqual({
      ok: false,
      problems: ['no component', 'no run_id', 'public is not true', 'no token'],
    });
    const params = new URLSearchParams('component=AdminPanel&run_id=D1&public=false&token=t');
    expect(readPublicLink(params)).toEqual({
      ok: false,
      problems: ["unknown component 'AdminPanel'", 'public is not true'],
    });
  });
});
