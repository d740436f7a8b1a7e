import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, NavLink, useLocation } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { navItemsFor, type NavItem } from './nav-items';
import styles from './desktop-nav.module.css';

const NavIcon = lazy(() => import('./nav-icons'));

type MenuItem = Extract<NavItem, { kind: 'menu' }>;
/** Which dropdown is open, on which path (menus close on route change), and whether a click pinned it. */
type OpenState = { id: string; path: string; pinned: boolean } | null;

const HOVER_CLOSE_MS = 150;
const panelId = (id: string) => `nav-menu-${id}`;

/** The desktop navbar: dropdowns open on hover or click, full keyboard support. */
export function DesktopNav() {
  const { pathname } = useLocation();
  const [state, setState] = useState<OpenState>(null);
  const openId = state?.path === pathname ? state.id : null;
  const listRef = useRef<HTMLUListElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!openId) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!listRef.current?.contains(event.target as Node)) setState(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openId]);

  useEffect(
    () => () => {
      if (hoverTimer.current) clearTimeout(hoverTimer.current);
    },
    [],
  );

  const cancelHoverClose = () => {
    if (hoverTimer.current) clearTimeout(hoverTimer.current);
    hoverTimer.current = null;
  };

  const onTriggerClick = (id: string) => {
    cancelHoverClose();
    if (openId === id && state && !state.pinned) setState({ ...state, pinned: true });
    else setState(openId === id ? null : { id, path: pathname, pinned: true });
  };

  const onPointerEnter = (event: PointerEvent, id: string) => {
    if (event.pointerType !== 'mouse') return;
    cancelHoverClose();
    if (openId !== id) setState({ id, path: pathname, pinned: false });
  };

  const onPointerLeave = (event: PointerEvent, id: string) => {
    if (event.pointerType !== 'mouse') return;
    cancelHoverClose();
    hoverTimer.current = setTimeout(
      () => setState((s) => (s?.id === id && !s.pinned ? null : s)),
      HOVER_CLOSE_MS,
    );
  };

  const topItems = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[data-nav-top]') ?? []);
  const menuLinks = (id: string) =>
    Array.from(document.getElementById(panelId(id))?.querySelectorAll<HTMLElement>('a') ?? []);

  const openAndFocus = (id: string, which: 'first' | 'last') => {
    flushSync(() => setState({ id, path: pathname, pinned: true }));
    const links = menuLinks(id);
    (which === 'first' ? links[0] : links[links.length - 1])?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement;
    const li = target.closest<HTMLElement>('[data-top-item]');
    if (!li) return;
    const id = li.dataset.menuId;
    const inMenu = target.closest('[data-menu-panel]') !== null;
    const tops = topItems();
    const index = Number(li.dataset.index);
    const moveTop = (to: number) => {
      setState(null);
      tops[(to + tops.length) % tops.length]?.focus();
    };
    const moveInMenu = (delta: number | 'first' | 'last') => {
      const links = id ? menuLinks(id) : [];
      const at = links.indexOf(target);
      const next =
        delta === 'first'
          ? 0
          : delta === 'last'
            ? links.length - 1
            : (at + delta + links.length) % links.length;
      links[next]?.focus();
    };
    let handled = true;
    switch (event.key) {
      case 'ArrowRight':
        moveTop(index + 1);
        break;
      case 'ArrowLeft':
        moveTop(index - 1);
        break;
      case 'ArrowDown':
        if (inMenu) moveInMenu(1);
        else if (id) openAndFocus(id, 'first');
        else handled = false;
        break;
      case 'ArrowUp':
        if (inMenu) moveInMenu(-1);
        else if (id) openAndFocus(id, 'last');
        else handled = false;
        break;
      case 'Home':
        if (inMenu) moveInMenu('first');
        else moveTop(0);
        break;
      case 'End':
        if (inMenu) moveInMenu('last');
        else moveTop(tops.length - 1);
        break;
      case 'Escape':
        if (id && openId === id) {
          setState(null);
          li.querySelector<HTMLElement>('[data-menu-trigger]')?.focus();
        } else handled = false;
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  return (
    <nav aria-label="Main" className={styles.nav}>
      <ul
        ref={listRef}
        className={styles.list}
        role="list"
        onKeyDown={onKeyDown}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('[data-menu-panel] a')) setState(null);
        }}
      >
        {navItemsFor(pathname).map((item, index) =>
          item.kind === 'link' ? (
            <li key={item.label} className={styles.item} data-top-item data-index={index}>
              <NavLink to={item.to} end className={styles.topLink} data-nav-top>
                {item.label}
              </NavLink>
            </li>
          ) : (
            <li
              key={item.id}
              className={styles.item}
              data-top-item
              data-index={index}
              data-menu-id={item.id}
              onPointerEnter={(event) => onPointerEnter(event, item.id)}
              onPointerLeave={(event) => onPointerLeave(event, item.id)}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null))
                  setState((s) => (s?.id === item.id ? null : s));
              }}
            >
              <MenuEntry
                item={item}
                open={openId === item.id}
                active={item.children.some((child) => child.to === pathname) || item.parent?.to === pathname}
                onToggle={() => onTriggerClick(item.id)}
              />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

interface MenuEntryProps {
  item: MenuItem;
  open: boolean;
  active: boolean;
  onToggle: () => void;
}

function MenuEntry({ item, open, active, onToggle }: MenuEntryProps) {
  const trigger = {
    type: 'button' as const,
    'aria-expanded': open,
    'aria-haspopup': true,
    'aria-controls': panelId(item.id),
    'data-menu-trigger': true,
    onClick: onToggle,
  };
  return (
    <>
      {item.parent ? (
        <span className={styles.split} data-active={active || undefined}>
          <NavLink to={item.parent.to} className={styles.topLink} data-nav-top>
            {item.label}
          </NavLink>
          <button {...trigger} className={styles.chevronButton} aria-label={`${item.label} menu`}>
            <ChevronDown className={styles.chevron} aria-hidden="true" />
          </button>
        </span>
      ) : (
        <button {...trigger} className={styles.topLink} data-nav-top data-active={active || undefined}>
          {item.label}
          <ChevronDown className={styles.chevron} aria-hidden="true" />
        </button>
      )}
      <div id={panelId(item.id)} className={styles.panel} hidden={!open} data-menu-panel>
        <ul className={styles.menu} role="list" aria-label={item.label}>
          {item.children.map((child) => (
            <li key={child.to}>
              <Link
                to={child.to}
                className={styles.menuLink}
                aria-label={child.label}
                aria-describedby={`${panelId(item.id)}-${child.to.slice(1)}`}
              >
                <span className={styles.menuIcon} aria-hidden="true">
                  <Suspense fallback={null}>
                    <NavIcon name={child.icon} />
                  </Suspense>
                </span>
                <span className={styles.menuText}>
                  <span className={styles.menuLabel}>{child.label}</span>
                  <span id={`${panelId(item.id)}-${child.to.slice(1)}`} className={styles.menuDescription}>
                    {child.description}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
