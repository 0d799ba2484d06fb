import { useEffect } from 'react';
import { usePlayerStore } from '../stores/playerStore';
import { handlePlayerKey } from './keyboardShortcuts';

/** Binds the player's keyboard shortcuts to the window while the player is mounted. */
export function useKeyboardShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (handlePlayerKey(event, usePlayerStore.getState())) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
