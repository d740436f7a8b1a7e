import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AUTH_MSG } from '@vuxo/shared/messages';
import { SIGNED_IN_HINT_KEY } from '@vuxo/shared/storage-keys';
import { AuthProvider } from '../src/features/auth/auth-provider';
import { AuthGate } from '../src/features/auth/auth-gate';
import { useAuth } from '../src/features/auth/use-auth';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SiteStatus /> },
      { element: <AuthGate />, children: [{ path: '/dashboard/bots', element: <p>app</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
}

function SiteStatus() {
  const { status, user } = useAuth();
  return <p>site: {status === 'ready' && !user ? 'signed out' : status}</p>;
}

describe('the auth provider', () => {
  it("shows 'Initialization Error' with the message when Firebase cannot be set up", async () => {
    document.getElementById('vuxo-config')?.remove();
    renderAt('/dashboard/bots');
    expect(await screen.findByRole('heading', { name: AUTH_MSG.initializationError })).toBeTruthy();
    expect(screen.getByText('The app configuration is missing from the page.')).toBeTruthy();
    expect(screen.queryByText('app')).toBeNull();
  });

  it('shows a site page at once, signed out, when no one signed in on this device', () => {
    localStorage.removeItem(SIGNED_IN_HINT_KEY);
    renderAt('/');
    expect(screen.getByText('site: signed out')).toBeTruthy();
  });

  it('waits for the identity provider when someone signed in on this device before', () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    renderAt('/');
    expect(screen.getByText('site: loading')).toBeTruthy();
    localStorage.removeItem(SIGNED_IN_HINT_KEY);
  });
});
