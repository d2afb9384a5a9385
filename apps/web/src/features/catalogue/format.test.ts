import { describe, expect, it } from 'vitest';
import { formatRunDate, renderMicrons, speciesLabel } from './format';

describe('catalogue formatting', () => {
  it('renders "number um" with a micro sign (spec 01 §5)', () => {
    expect(renderMicrons('50 channels of 20 um on a 10 um section')).toBe('50 channels of 20 µm on a 10 µm section');
    expect(renderMicrons('2.5 um')).toBe('2.5 µm');
    expect(renderMicrons('20um, 5 umbrellas, drum')).toBe('20um, 5 umbrellas, drum');
  });

  it('shows dates as weekday, month, day, year', () => {
    expect(formatRunDate(Date.UTC(2024, 4, 14, 12))).toBe('Tuesday, May 14, 2024');
  });

  it('reads species ids as names', () => {
    expect(speciesLabel('mus_musculus')).toBe('Mus musculus');
    expect(speciesLabel('homo_sapiens')).toBe('Homo sapiens');
    expect(speciesLabel('')).toBe('');
  });
});
