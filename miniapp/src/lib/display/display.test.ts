import { describe, expect, it } from 'vitest';
import { applyDisplay, DEFAULT_DISPLAY, getDisplay, readDisplay, setDisplay } from './display';

const storageWith = (value: string | null) => ({ getItem: () => value });

describe('display toggles', () => {
  it('reads stored toggles and treats anything unreadable as off', () => {
    expect(readDisplay(storageWith('{"reducedMotion":true,"largeText":"yes"}'))).toEqual({
      reducedMotion: true,
      highContrast: false,
      largeText: false,
    });
    expect(readDisplay(storageWith('not json'))).toEqual(DEFAULT_DISPLAY);
    expect(readDisplay(storageWith(null))).toEqual(DEFAULT_DISPLAY);
  });

  it('marks the document for each toggle that is on, and unmarks it when turned off', () => {
    const root = document.createElement('html');
    applyDisplay({ reducedMotion: true, highContrast: false, largeText: true }, root);
    expect(root.hasAttribute('data-reduced-motion')).toBe(true);
    expect(root.hasAttribute('data-high-contrast')).toBe(false);
    expect(root.hasAttribute('data-large-text')).toBe(true);
    applyDisplay(DEFAULT_DISPLAY, root);
    expect(root.hasAttribute('data-reduced-motion')).toBe(false);
    expect(root.hasAttribute('data-large-text')).toBe(false);
  });

  it('keeps the choice in this browser and applies it to the page', () => {
    setDisplay({ reducedMotion: false, highContrast: true, largeText: false });
    expect(getDisplay().highContrast).toBe(true);
    expect(document.documentElement.hasAttribute('data-high-contrast')).toBe(true);
    expect(readDisplay(localStorage).highContrast).toBe(true);
    setDisplay(DEFAULT_DISPLAY);
    expect(document.documentElement.hasAttribute('data-high-contrast')).toBe(false);
  });
});
