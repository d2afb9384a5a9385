import { Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function Screen({ name }: { name: string }) {
  return <p>{`screen ${name}`}</p>;
}

const page = (View: ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<p>loading</p>}>
      <View name="x" />
    </Suspense>,
  );

describe('preloadable', () => {
  it('renders the screen in its first render once the module has arrived (React.lazy would suspend)', async () => {
    let loads = 0;
    const View = preloadable(async () => {
      loads += 1;
      return Screen;
    });
    await View.preload();
    expect(page(View)).toContain('screen x');
    expect(loads).toBe(1);
  });

  it('shows the fallback while its module has not arrived', () => {
    const View = preloadable(() => new Promise<typeof Screen>(() => undefined));
    expect(page(View)).toContain('loading');
  });

  it('loads again after a failed load', async () => {
    let attempt = 0;
    const View = preloadable(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('chunk failed');
      return Screen;
    });
    await expect(View.preload()).rejects.toThrow('chunk failed');
    await View.preload();
    expect(page(View)).toContain('screen x');
  });
});
