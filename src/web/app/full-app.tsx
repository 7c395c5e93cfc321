import { RouterProvider } from 'react-router';
import { router } from './router';

/** Every page, on React Router: loaded when the visitor first opens a page other than / and /campaign/:id. */
export function FullApp() {
  return <RouterProvider router={router} />;
}
