import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessageOr } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { sendTrack, type Track, type TrackUpload } from './api/sendTrack';
import { uploadPercent } from './uploadRules';

type UploadPhase = 'idle' | 'processing' | 'success';

export interface TrackUploadState {
  phase: UploadPhase;
  /** 0-90 while the bytes go out, 100 once the server has the track. */
  percent: number;
  /** Why the last attempt failed, in the server's words when it gave them. */
  error: string | null;
  /** The new track, once uploaded. */
  track: Track | undefined;
  start: (upload: TrackUpload) => void;
  /** Back to an empty form: 'Upload Another Track'. */
  reset: () => void;
}

/** Lists and counts that a new track changes. */
const changedByAnUpload = [
  queryKeys.me.uploadLimit(),
  queryKeys.me.uploads(),
  queryKeys.home(),
  queryKeys.tracks.all(),
  queryKeys.artists.all(),
];

/** The upload's state machine: idle, processing (with the bytes sent), success. */
export function useTrackUpload(): TrackUploadState {
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState(0);
  const mutation = useMutation({
    mutationFn: (upload: TrackUpload) =>
      sendTrack(upload, (sent, total) => {
        setPercent(uploadPercent(sent, total));
      }),
    onMutate: () => {
      setPercent(0);
    },
    onSuccess: () => {
      setPercent(100);
    },
    // A refusal at the limit also means the count on the page was out of date.
    onSettled: () =>
      Promise.all(changedByAnUpload.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });

  const phase: UploadPhase = mutation.isPending ? 'processing' : mutation.isSuccess ? 'success' : 'idle';
  return {
    phase,
    percent,
    error: mutation.isError ? serverMessageOr(mutation.error, 'Failed to upload track. Please try again.') : null,
    track: mutation.data,
    start: mutation.mutate,
    reset: mutation.reset,
  };
}
