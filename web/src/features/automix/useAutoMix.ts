import { useEffect } from 'react';
import { serverMessageOr } from '@/lib/api';
import { followEventStream } from '@/lib/eventStream';
import type { StemSource, Stems, StemsPlayer } from '@/lib/stems';
import { fetchStems, startStems, stemsChangeOf, stemsOf } from './api/stems';

/**
 * How long a running separation may go without news before the player asks the server about it:
 * the live `stems` events tell each step, so this is the fallback for when the event stream is down.
 */
export const STEMS_POLL_MS = 5_000;

export interface AutoMix {
  stems: Stems;
  /** The AutoMix/Reset button: starts the separation (again, after an error), or resets ready stems. */
  press: () => void;
  /** The Vocals/Music switch; the full mix with 'mix'. */
  select: (source: StemSource) => void;
}

/** Numbers the questions about stems, in the order they are asked. */
let questionsAsked = 0;
/**
 * For each track, how many questions had been asked when the server answered its AutoMix start.
 * A 'none' answer to a question asked before that only says the start had not landed yet (the
 * question that opens the live events races the start itself); a later one means it.
 */
const startAnsweredAfter = new Map<string, number>();

/** Shows what the server says of `trackId`'s stems; the progress of a running separation never goes back. */
function show(player: StemsPlayer, trackId: string, next: Stems): void {
  const current = player.stems();
  if (next.status === 'loading' && current.status === 'loading' && next.progress < current.progress) return;
  player.setStems(trackId, next);
}

/**
 * AutoMix for `trackId`, the current track of `player` (which keeps the stems, and clears them
 * when the track changes): the stems' state, the button's action and the source switch. While the stems load, it follows the live events: each `stems` event about the
 * track shows its progress, and a ready or failed one has the stems read (the signed URLs, or the
 * message). When no news came for {@link STEMS_POLL_MS} (the event stream is down), it asks the
 * server itself. It stops when the stems are ready or failed, when the track changes (the store
 * clears the stems) and when the component unmounts; an answer that arrives after that is ignored.
 */
export function useAutoMix(trackId: string, player: StemsPlayer): AutoMix {
  const stems = player.useStems();
  const loading = stems.status === 'loading';

  useEffect(() => {
    if (!loading) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const askLater = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void ask(), STEMS_POLL_MS);
    };
    const ask = async () => {
      clearTimeout(timer);
      const question = ++questionsAsked;
      try {
        const status = await fetchStems(trackId);
        if (stopped) return;
        if (status.status === 'none' && question <= (startAnsweredAfter.get(trackId) ?? Infinity)) {
          askLater();
          return;
        }
        show(player, trackId, stemsOf(status));
        if (status.status === 'loading') askLater();
      } catch (error) {
        if (stopped) return;
        const message = serverMessageOr(error, 'The state of AutoMix could not be loaded. Please try again.');
        player.setStems(trackId, { status: 'error', message });
      }
    };
    askLater();
    const controller = new AbortController();
    void followEventStream({
      signal: controller.signal,
      // What happened before the stream was up (or while it was down) is read once.
      onConnect: () => void ask(),
      onEvent: ({ event, data }) => {
        if (event !== 'stems' || stopped) return;
        const change = stemsChangeOf(data);
        if (change === null) {
          console.error('An unreadable stems event was skipped', data);
          return;
        }
        if (change.track_id !== trackId) return;
        if (change.status === 'loading') {
          show(player, trackId, { status: 'loading', progress: change.progress });
          askLater();
        } else {
          void ask();
        }
      },
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [trackId, loading, player]);

  const press = () => {
    const current = player.stems();
    if (current.status === 'ready') {
      player.resetStems();
      return;
    }
    if (current.status === 'loading') return;
    player.setStems(trackId, { status: 'loading', progress: 0 });
    startAnsweredAfter.delete(trackId);
    startStems(trackId).then(
      (status) => {
        startAnsweredAfter.set(trackId, questionsAsked);
        // Only while this start is what the player waits for: not after a track change or a reset.
        if (player.stems().status === 'loading') show(player, trackId, stemsOf(status));
      },
      (error: unknown) => {
        if (player.stems().status !== 'loading') return;
        player.setStems(trackId, { status: 'error', message: serverMessageOr(error, 'AutoMix could not start. Please try again.') });
      },
    );
  };

  const select = (source: StemSource) => {
    player.selectStemSource(source);
  };

  return { stems, press, select };
}
