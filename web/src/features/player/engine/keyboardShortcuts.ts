import type { PlayerStore } from '../stores/playerStore';

const SEEK_STEP_S = 5;
const VOLUME_STEP = 0.05;

const TEXT_ENTRY = 'input, textarea, select';
/** Controls that space activates by itself. */
const SPACE_CONTROLS = `${TEXT_ENTRY}, button, a[href], summary, [role="button"], [role="menuitem"], [role="tab"], [role="switch"], [role="checkbox"]`;
/** Controls that arrow keys move within. */
const ARROW_CONTROLS = `${TEXT_ENTRY}, [role="slider"], [role="menu"], [role="menuitem"], [role="tablist"], [role="listbox"]`;

function isWithin(target: EventTarget | null, selector: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest(selector) !== null;
}

/**
 * The player's keyboard shortcuts: space plays or pauses, left and right seek 5 s, up and down
 * change the volume. Keys typed into a field, or that the focused control uses itself, are left
 * alone. Returns whether the key was handled (the caller then prevents its default).
 */
export function handlePlayerKey(event: KeyboardEvent, player: PlayerStore): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || !player.currentTrack) return false;
  if (event.key === ' ') {
    if (isWithin(event.target, SPACE_CONTROLS)) return false;
    player.togglePlay();
    return true;
  }
  const arrowActions: Partial<Record<string, () => void>> = {
    ArrowLeft: () => { player.seek(player.currentTime - SEEK_STEP_S); },
    ArrowRight: () => { player.seek(player.currentTime + SEEK_STEP_S); },
    ArrowUp: () => { player.setVolume(player.volume + VOLUME_STEP); },
    ArrowDown: () => { player.setVolume(player.volume - VOLUME_STEP); },
  };
  const action = arrowActions[event.key];
  if (!action || isWithin(event.target, ARROW_CONTROLS)) return false;
  action();
  return true;
}
