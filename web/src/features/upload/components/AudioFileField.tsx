import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { formatDuration } from '@/lib/duration';
import { AUDIO_ACCEPT } from '../audioFile';
import { formatFileSize } from '../fileFormat';

/** An audio file that passed the checks, with its length when the browser could read it. */
export interface ChosenAudio {
  file: File;
  duration: number | null;
}

interface AudioFileFieldProps {
  audio: ChosenAudio | null;
  checking: boolean;
  problem: string | null;
  disabled: boolean;
  onChoose: (file: File) => void;
}

function WaveIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
      <path d="M3 12h1.5M7 8v8M10.5 5v14M14 9v6M17.5 6.5v11M21 12h-.5" />
    </svg>
  );
}

/** The track's audio: pick it or drop it here. */
export function AudioFileField({ audio, checking, problem, disabled, onChoose }: AudioFileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onChoose(file);
  };

  return (
    <div>
      <p className="text-sm font-medium text-zinc-200">Audio file</p>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => {
          setDragging(false);
        }}
        onDrop={drop}
        className={`mt-1.5 flex flex-col gap-4 rounded-2xl border border-dashed p-4 transition sm:flex-row sm:items-center sm:p-5 ${
          dragging ? 'border-brand-soft bg-brand/10' : problem ? 'border-red-400/50 bg-red-500/5' : 'border-white/15 bg-night/40'
        }`}
      >
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand/15 text-brand-soft">
          <WaveIcon />
        </span>
        <div className="min-w-0 flex-1">
          {checking ? (
            <Spinner label="Reading the file…" />
          ) : audio ? (
            <>
              <p className="truncate font-semibold text-white">{audio.file.name}</p>
              <p className="text-sm text-zinc-400">
                {formatFileSize(audio.file.size)}
                {audio.duration !== null ? ` · ${formatDuration(audio.duration)}` : ''}
              </p>
            </>
          ) : (
            <>
              <p className="font-semibold text-white">Choose a track to upload</p>
              <p className="text-sm text-zinc-400">or drop the file here</p>
            </>
          )}
          <p id={hintId} className="mt-1 text-xs text-zinc-500">
            MP3, WAV, OGG or FLAC, less than 50MB.
          </p>
        </div>
        <input
          ref={input}
          type="file"
          accept={AUDIO_ACCEPT}
          aria-label="Audio file"
          aria-describedby={hintId}
          className="sr-only"
          tabIndex={-1}
          disabled={disabled}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onChoose(file);
          }}
        />
        <Button
          variant="secondary"
          size="sm"
          className="self-start sm:self-auto"
          disabled={disabled || checking}
          onClick={() => {
            input.current?.click();
          }}
        >
          {audio ? 'Change file' : 'Choose file'}
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
