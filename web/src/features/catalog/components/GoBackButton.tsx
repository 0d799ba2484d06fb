import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';

/** Back to where the visitor came from; a page opened directly goes back to Explore. */
export function GoBackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const openedDirectly = location.key === 'default';
  return (
    <Button
      variant="secondary"
      onClick={() => {
        if (openedDirectly) void navigate('/explore');
        else void navigate(-1);
      }}
    >
      Go Back
    </Button>
  );
}
