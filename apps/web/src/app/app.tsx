import { RouterProvider } from 'react-router';
import { router } from './router';

/** The app shell: the router. Toasts mount their own root on the first one (lib/toaster.tsx). */
export function App() {
  return <RouterProvider router={router} />;
}
