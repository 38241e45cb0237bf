import { useSyncExternalStore } from 'react';
import { guardedLocalStorage } from '@/lib/storage/guarded-storage';
import './display.css';

/** The shape of `settings.display` in GET /api/settings/appearance (shared's DisplaySettings). */
export type DisplaySettings = { reducedMotion: boolean; highContrast: boolean; largeText: boolean };
export type DisplayToggle = keyof DisplaySettings;
export const DISPLAY_TOGGLES = ['reducedMotion', 'highContrast', 'largeText'] as const satisfies DisplayToggle[];

export const DEFAULT_DISPLAY: DisplaySettings = { reducedMotion: false, highContrast: false, largeText: false };
const STORAGE_KEY = 'ziver-display';

/** The stored toggles; anything unreadable counts as off. */
export function readDisplay(storage: Pick<Storage, 'getItem'>): DisplaySettings {
  try {
    const raw = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Partial<Record<DisplayToggle, unknown>> | null;
    if (!raw || typeof raw !== 'object') return DEFAULT_DISPLAY;
    return {
      reducedMotion: raw.reducedMotion === true,
      highContrast: raw.highContrast === true,
      largeText: raw.largeText === true,
    };
  } catch {
    return DEFAULT_DISPLAY;
  }
}

/**
 * Marks the document: `data-reduced-motion`, `data-high-contrast`, `data-large-text` on <html>,
 * which the global styles act on (no animations, stronger colours, a larger root font size).
 */
export function applyDisplay(settings: DisplaySettings, root: HTMLElement = document.documentElement): void {
  root.toggleAttribute('data-reduced-motion', settings.reducedMotion);
  root.toggleAttribute('data-high-contrast', settings.highContrast);
  root.toggleAttribute('data-large-text', settings.largeText);
}

let current: DisplaySettings = typeof window === 'undefined' ? DEFAULT_DISPLAY : readDisplay(guardedLocalStorage);
const listeners = new Set<() => void>();

/** Applies and keeps (in this browser) the display toggles; the server copy is saved separately. */
export function setDisplay(next: DisplaySettings): void {
  current = next;
  try {
    guardedLocalStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Kept in memory for this page only.
  }
  applyDisplay(next);
  for (const listener of listeners) listener();
}

export function getDisplay(): DisplaySettings {
  return current;
}

const REDUCE_QUERY = '(prefers-reduced-motion: reduce)';
let svgWatcher: MutationObserver | undefined;

/**
 * telegram-ui's spinners turn by an SVG <animateTransform>, which no CSS can stop: while Reduced
 * Motion is on (the toggle or the device's setting), every SVG on the page, and each one added
 * later, has its animations paused; they resume when it is turned off.
 */
export function pauseSvgAnimations(isReduced: boolean, root: HTMLElement = document.body): void {
  const each = (node: Node) => {
    if (!(node instanceof Element)) return;
    for (const svg of node instanceof SVGSVGElement ? [node] : node.querySelectorAll('svg')) {
      if (isReduced) svg.pauseAnimations();
      else svg.unpauseAnimations();
    }
  };
  svgWatcher?.disconnect();
  svgWatcher = undefined;
  each(root);
  if (!isReduced) return;
  svgWatcher = new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(each)));
  svgWatcher.observe(root, { childList: true, subtree: true });
}

function applyMotion(): void {
  pauseSvgAnimations(current.reducedMotion || (window.matchMedia?.(REDUCE_QUERY).matches ?? false));
}

/** Applies the stored toggles before the first render, so a large-text page does not jump. */
export function initDisplay(): void {
  applyDisplay(current);
  applyMotion();
  window.matchMedia?.(REDUCE_QUERY).addEventListener?.('change', applyMotion);
  listeners.add(applyMotion);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDisplay(): DisplaySettings {
  return useSyncExternalStore(subscribe, getDisplay, getDisplay);
}
