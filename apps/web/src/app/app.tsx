import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AuthProvider } from '../features/auth/auth-provider';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function App({ router }: { router: AppRouter }) {
  return (
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
