import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AUTH_MSG } from '@vuxo/shared';
import { AuthProvider } from '../src/features/auth/auth-provider';

describe('the auth provider', () => {
  it("shows 'Initialization Error' with the message when Firebase cannot be set up", () => {
    document.getElementById('vuxo-config')?.remove();
    render(
      <AuthProvider>
        <p>app</p>
      </AuthProvider>,
    );
    expect(screen.getByRole('heading', { name: AUTH_MSG.initializationError })).toBeTruthy();
    expect(screen.getByText('The app configuration is missing from the page.')).toBeTruthy();
    expect(screen.queryByText('app')).toBeNull();
  });
});
