import { Navigate, useLocation, useParams } from 'react-router';
import { type RedirectId, resolveRedirect } from '~/shared/routes';

// Old and alias URLs: replace the history entry with the current page's address.
export default function RedirectPage({ redirectId }: { redirectId: RedirectId }) {
  const params = useParams();
  const location = useLocation();
  return <Navigate to={`${resolveRedirect(redirectId, params)}${location.search}${location.hash}`} replace />;
}
