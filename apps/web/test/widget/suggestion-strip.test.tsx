import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { SuggestionStrip } from '../../src/features/widget/components/suggestion-strip';

const QUESTIONS = ['What are your opening hours?', 'Is parking available?', 'How can I contact you?'];

/** The page as a device shows it: a touch screen or reduced motion (the media query matches) or a mouse. */
function device(standStill: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: standStill,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** A strip laid out this wide (the browser's ResizeObserver). */
function stripWidth(width: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe() {
        this.report([{ contentRect: { width } } as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      disconnect() {}
    },
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () =>
  act(() => {
    render(<SuggestionStrip questions={QUESTIONS} error={null} disabled={false} onPick={() => undefined} />);
  });
const strip = () => screen.getByRole('group', { name: 'Suggested questions' });
const chipNames = () => screen.getAllByRole('button').map((b) => b.getAttribute('title'));

describe('the suggestion strip (decisions 103 and 107)', () => {
  it('on a touch screen shows each question once and whole, standing still to scroll by hand', async () => {
    device(true);
    stripWidth(358);
    await show();
    expect(chipNames()).toEqual(QUESTIONS);
    expect(strip().hasAttribute('data-whole')).toBe(true);
    expect(strip().querySelectorAll('li')).toHaveLength(QUESTIONS.length);
  });

  it('loops with a mouse when the chips do not fit, its copies out of reach of screen readers and the keyboard', async () => {
    device(false);
    stripWidth(358);
    await show();
    // Read once: the copies that fill the loop are hidden and inert.
    expect(chipNames()).toEqual(QUESTIONS);
    const items = [...strip().querySelectorAll('li')];
    expect(items.length).toBeGreaterThan(QUESTIONS.length);
    const copies = items.slice(QUESTIONS.length);
    expect(copies.every((li) => li.getAttribute('aria-hidden') === 'true' && li.hasAttribute('inert'))).toBe(
      true,
    );
    expect(strip().hasAttribute('data-static')).toBe(false);
  });

  it('stands still with a mouse when every chip fits: no copy is shown', async () => {
    device(false);
    stripWidth(1200);
    await show();
    expect(strip().hasAttribute('data-static')).toBe(true);
    expect(strip().querySelectorAll('li')).toHaveLength(QUESTIONS.length);
  });
});
