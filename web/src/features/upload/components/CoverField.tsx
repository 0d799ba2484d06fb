import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { useRevokedWhenGone } from '@/lib/previewUrl';
import { COVER_RECOMMENDED_SIZE, COVER_TYPES, isRecommendedCoverSize } from '../coverFile';

/** An image picked as the cover, with a local URL to preview it before it is sent. */
export interface ChosenCover {
  file: File;
  previewUrl: string;
}

interface CoverFieldProps {
  cover: ChosenCover | null;
  problem: string | null;
  disabled: boolean;
  onChoose: (file: File) => void;
  onRemove: () => void;
}

const recommended = `${COVER_RECOMMENDED_SIZE} × ${COVER_RECOMMENDED_SIZE} px`;

/** The optional cover art, previewed as it will look. */
export function CoverField({ cover, problem, disabled, onChoose, onRemove }: CoverFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [size, setSize] = useState<{ url: string; width: number; height: number } | null>(null);
  const previewUrl = cover?.previewUrl;

  useRevokedWhenGone(previewUrl);

  // The size read from the image on show now, not from one chosen before.
  const shownSize = size?.url === previewUrl ? size : null;
  return (
    <div>
      <p className="text-sm font-medium text-zinc-200">
        Cover image <span className="font-normal text-zinc-500">(optional)</span>
      </p>
      <div className="mt-1.5 flex items-start gap-4">
        <div className="flex size-28 shrink-0 items-center justify-center overflow-hidden rounded-2xl border border-dashed border-white/15 bg-night/40 sm:size-32">
          {previewUrl ? (
            <img
              src={previewUrl}
              alt="Cover preview"
              className="size-full object-cover"
              onLoad={(event) => {
                setSize({ url: previewUrl, width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight });
              }}
            />
          ) : (
            <svg viewBox="0 0 24 24" className="size-8 text-zinc-600" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
              <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
              <circle cx="9" cy="9.5" r="1.8" />
              <path strokeLinejoin="round" d="m4 17 5-4.5 4 3.5 3-2.5 4.5 3.5" />
            </svg>
          )}
        </div>
        <div className="min-w-0 space-y-2">
          <input
            ref={input}
            type="file"
            accept={COVER_TYPES.join(',')}
            aria-label="Cover image"
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
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={disabled}
              onClick={() => {
                input.current?.click();
              }}
            >
              {cover ? 'Change cover' : 'Choose cover'}
            </Button>
            {cover ? (
              <Button variant="ghost" size="sm" disabled={disabled} onClick={onRemove}>
                Remove
              </Button>
            ) : null}
          </div>
          <p id={hintId} className="text-xs text-zinc-500">
            JPG, PNG or WebP, less than 5MB. Square, at least {recommended}, looks best.
          </p>
          {shownSize && !isRecommendedCoverSize(shownSize.width, shownSize.height) ? (
            <p className="text-xs text-amber-200">
              This image is {shownSize.width} × {shownSize.height} px: a square of at least {recommended} looks sharper.
            </p>
          ) : null}
          {problem ? (
            <p role="alert" className="text-sm text-red-300">
              {problem}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
