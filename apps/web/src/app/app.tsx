import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './provider.tsx';
import { patchRoutesOnNavigation, routes } from './routes.tsx';

const router = createBrowserRouter(routes, { patchRoutesOnNavigation });

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
