import { Button } from '@/components/ui/Button';
import { useLogOut } from './useLogOut';

export function LogOutButton() {
  const logOut = useLogOut();
  return (
    <Button
      variant="secondary"
      onClick={() => {
        void logOut();
      }}
    >
      Log Out
    </Button>
  );
}
