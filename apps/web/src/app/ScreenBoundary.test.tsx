// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { MSG } from '@atlas/contracts';
import { ScreenBoundary } from './ScreenBoundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A screen that throws what it is given, or shows its name. */
function Failing({ error }: { error: Error | null }) {
  if (error) throw error;
  return <p>screen shown</p>;
}

let navigate: (to: string) => void = () => undefined;
function Navigator() {
  navigate = useNavigate();
  return null;
}

const page = (error: Error | null, at = '/?component=AtlasAnalytics') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <Navigator />
      <ScreenBoundary>
        <Failing error={error} />
      </ScreenBoundary>
    </MemoryRouter>,
  );

describe('ScreenBoundary', () => {
  it('says a screen that did not load could not be loaded, with Reload and Back to Home', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    page(new TypeError('Failed to fetch dynamically imported module: /assets/AtlasAnalytics-x.js'));
    expect(screen.getByRole('heading', { name: MSG.screenNotLoadedTitle })).toBeTruthy();
    expect(screen.getByText(MSG.screenNotLoaded)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('shows the error of a screen that failed until another screen is opened', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = { error: new Error('The run table has no column tixel_id.') as Error | null };
    function Screen() {
      return <Failing error={failure.error} />;
    }
    render(
      <MemoryRouter initialEntries={['/?component=AtlasAnalytics']}>
        <Navigator />
        <ScreenBoundary>
          <Screen />
        </ScreenBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: MSG.screenFailedTitle })).toBeTruthy();
    expect(screen.getByText(MSG.screenFailed('The run table has no column tixel_id.'))).toBeTruthy();
    // The same screen at another address (its search changes, not its component) would render now: the error stays.
    failure.error = null;
    act(() => navigate('/?component=AtlasAnalytics&run_id=D90001'));
    expect(screen.getByRole('heading', { name: MSG.screenFailedTitle })).toBeTruthy();
    // Another screen renders afresh.
    act(() => navigate('/?component=AdminPanel'));
    expect(screen.getByText('screen shown')).toBeTruthy();
  });
});
