import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';

/**
 * Back to where the visitor came from, as the browser's Back button would go: within the app,
 * or to the page before a link was opened or typed in. Only a page with nothing before it (a new
 * tab) goes to Explore instead.
 */
export function GoBackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const openedDirectly = location.key === 'default';
  return (
    <Button
      variant="secondary"
      onClick={() => {
        if (!openedDirectly) void navigate(-1);
        else if (window.history.length > 1) window.history.back();
        else void navigate('/explore');
      }}
    >
      Go Back
    </Button>
  );
}
