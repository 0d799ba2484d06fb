import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '@/components/ui/Button';

const HOUR_MS = 60 * 60_000;
const UPDATE_TOAST_ID = 'app-update';

/** Asks the server for a new service worker every hour and whenever the app comes back into view. */
function checkForUpdatesRegularly(registration: ServiceWorkerRegistration): void {
  const check = () => {
    if (!navigator.onLine || registration.installing) return;
    registration.update().catch(() => undefined);
  };
  setInterval(check, HOUR_MS);
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

function UpdateToast({ onReload }: { onReload: () => void }) {
  return (
    <span className="flex items-center gap-3">
      <span>A new version is available</span>
      <Button size="sm" onClick={onReload}>
        Reload
      </Button>
    </span>
  );
}

/**
 * Registers the service worker (in a production build; `vite dev` has none) and offers a new
 * version when one is waiting. The open app keeps its version until the listener reloads: the
 * waiting worker then takes over and the page reloads once it controls it, so the new app's
 * files all come from the new worker's precache, never mixed with the old ones.
 */
export function AppUpdates() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) checkForUpdatesRegularly(registration);
    },
  });

  useEffect(() => {
    if (!needRefresh) return undefined;
    // Whichever tab takes the update, every tab that offered it reloads once the new worker
    // controls it (the plugin's own reload skips a tab the first worker was installed from).
    const reload = () => {
      window.location.reload();
    };
    navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
    toast(
      (shown) => (
        <UpdateToast
          onReload={() => {
            toast.dismiss(shown.id);
            void updateServiceWorker();
          }}
        />
      ),
      { id: UPDATE_TOAST_ID, duration: Infinity },
    );
    return () => {
      navigator.serviceWorker.removeEventListener('controllerchange', reload);
    };
  }, [needRefresh, updateServiceWorker]);

  return null;
}
