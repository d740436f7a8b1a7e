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

/**
 * The same variables as a stylesheet, per screen size, for a prerendered page: its header has its height
 * before the app's script sets the variables, so nothing moves when it does.
 */
export function layoutVariablesCss(): string {
  const at = (topBar: number, navbar: number) =>
    `:root{${declarations(layoutVariables({ topBar, navbar, topBarHidden: false }))}}`;
  return [
    at(TOP_BAR_HEIGHT.desktop, NAVBAR_HEIGHT.desktop),
    `@media (max-width:${BREAKPOINTS.tablet}px){${at(TOP_BAR_HEIGHT.tablet, NAVBAR_HEIGHT.desktop)}}`,
    `@media (max-width:${BREAKPOINTS.mobile}px){${at(TOP_BAR_HEIGHT.tablet, NAVBAR_HEIGHT.mobile)}}`,
  ].join('');
}
