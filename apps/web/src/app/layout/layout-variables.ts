import { NO_TOP_BAR_ATTRIBUTE } from '@vuxo/shared/routes';
import { BREAKPOINTS, NAVBAR_HEIGHT, TOP_BAR_HEIGHT } from '../../ui-tuning';

/** The header's CSS variables for a screen size (the top bar's collapses to 0 while it is hidden). */
export function layoutVariables(sizes: { topBar: number; navbar: number; topBarHidden: boolean }) {
  return {
    '--top-bar-height': sizes.topBarHidden ? 0 : sizes.topBar,
    '--top-bar-full-height': sizes.topBar,
    '--navbar-height': sizes.navbar,
    '--header-height': sizes.topBar + sizes.navbar,
  };
}

const declarations = (vars: Record<string, number>) =>
  Object.entries(vars)
    .map(([name, px]) => `${name}:${px}px`)
    .join(';');

/** Set on <html> while the top bar is hidden: the stylesheet below then collapses its height. */
export const TOP_BAR_HIDDEN_ATTRIBUTE = 'data-top-bar-hidden';

/**
 * The variables as a stylesheet, per screen size and for a hidden top bar: a prerendered page has it in its head
 * (its header has its height before any script runs) and main.tsx adds it to any other. The layout only toggles
 * an attribute as the top bar hides: setting the variables on <html> at start restyled the whole page.
 */
export function layoutVariablesCss(): string {
  const at = (topBar: number, navbar: number) =>
    `:root{${declarations(layoutVariables({ topBar, navbar, topBarHidden: false }))}}` +
    `:root[${TOP_BAR_HIDDEN_ATTRIBUTE}]{${declarations(layoutVariables({ topBar, navbar, topBarHidden: true }))}}` +
    `:root[${NO_TOP_BAR_ATTRIBUTE}]{${declarations(layoutVariables({ topBar: 0, navbar, topBarHidden: false }))}}`;
  return [
    at(TOP_BAR_HEIGHT.desktop, NAVBAR_HEIGHT.desktop),
    `@media (max-width:${BREAKPOINTS.tablet}px){${at(TOP_BAR_HEIGHT.tablet, NAVBAR_HEIGHT.desktop)}}`,
    `@media (max-width:${BREAKPOINTS.mobile}px){${at(TOP_BAR_HEIGHT.tablet, NAVBAR_HEIGHT.mobile)}}`,
  ].join('');
}
