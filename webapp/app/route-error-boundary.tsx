import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/error-screen';
import { NotFoundPage } from './pages/not-found-page';

/** The route-level errorElement: a 404 response shows the 404 page, anything else the error screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorScreen error={error} />;
}
