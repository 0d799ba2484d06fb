import { useEffect } from 'react';
import { serverMessageOr } from '@/lib/api';
import { followEventStream } from '@/lib/eventStream';
import { fetchStems, startStems, stemsChangeOf, stemsOf } from './api/stems';
import { usePlayerStore, type StemSource, type Stems } from './stores/playerStore';

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
function show(trackId: string, next: Stems): void {
  const { stems: current, setStems } = usePlayerStore.getState();
  if (next.status === 'loading' && current.status === 'loading' && next.progress < current.progress) return;
  setStems(trackId, next);
}

/**
 * AutoMix for `trackId`, the current track: the stems' state, the button's action and the
 * source switch. While the stems load, it follows the live events: each `stems` event about the
 * track shows its progress, and a ready or failed one has the stems read (the signed URLs, or the
 * message). When no news came for {@link STEMS_POLL_MS} (the event stream is down), it asks the
 * server itself. It stops when the stems are ready or failed, when the track changes (the store
 * clears the stems) and when the component unmounts; an answer that arrives after that is ignored.
 */
export function useAutoMix(trackId: string): AutoMix {
  const stems = usePlayerStore((state) => state.stems);
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
        show(trackId, stemsOf(status));
        if (status.status === 'loading') askLater();
      } catch (error) {
        if (stopped) return;
        const message = serverMessageOr(error, 'The state of AutoMix could not be loaded. Please try again.');
        usePlayerStore.getState().setStems(trackId, { status: 'error', message });
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
          show(trackId, { status: 'loading', progress: change.progress });
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
  }, [trackId, loading]);

  const press = () => {
    const { stems: current, setStems, resetStems } = usePlayerStore.getState();
    if (current.status === 'ready') {
      resetStems();
      return;
    }
    if (current.status === 'loading') return;
    setStems(trackId, { status: 'loading', progress: 0 });
    startAnsweredAfter.delete(trackId);
    startStems(trackId).then(
      (status) => {
        startAnsweredAfter.set(trackId, questionsAsked);
        // Only while this start is what the player waits for: not after a track change or a reset.
        if (usePlayerStore.getState().stems.status === 'loading') show(trackId, stemsOf(status));
      },
      (error: unknown) => {
        if (usePlayerStore.getState().stems.status !== 'loading') return;
        setStems(trackId, { status: 'error', message: serverMessageOr(error, 'AutoMix could not start. Please try again.') });
      },
    );
  };

  const select = (source: StemSource) => {
    usePlayerStore.getState().selectStemSource(source);
  };

  return { stems, press, select };
}
