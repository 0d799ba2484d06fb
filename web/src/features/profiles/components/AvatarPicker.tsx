import { useId, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { useRevokedWhenGone } from '@/lib/previewUrl';
import { AVATAR_TYPES, avatarFileProblem } from '../avatarFile';

/** An image picked to become the avatar, with a local URL to preview it before it is saved. */
export interface ChosenAvatar {
  file: File;
  previewUrl: string;
}

interface AvatarPickerProps {
  name: string;
  currentUrl: string | null;
  chosen: ChosenAvatar | null;
  onChange: (chosen: ChosenAvatar | null) => void;
  disabled?: boolean;
}

/** Shows the chosen image before it is saved; refuses what the server would refuse. */
export function AvatarPicker({ name, currentUrl, chosen, onChange, disabled }: AvatarPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = chosen?.previewUrl;

  useRevokedWhenGone(previewUrl);

  return (
    <div className="flex items-center gap-4 sm:gap-5">
      <Avatar name={name} src={previewUrl ?? currentUrl} className="size-20" />
      <div className="min-w-0 space-y-2">
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          aria-label="Avatar image"
          aria-describedby={hintId}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            const reason = avatarFileProblem(file);
            setProblem(reason);
            if (!reason) onChange({ file, previewUrl: URL.createObjectURL(file) });
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
            {currentUrl || chosen ? 'Change avatar' : 'Upload avatar'}
          </Button>
          {chosen ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={disabled}
              onClick={() => {
                onChange(null);
              }}
            >
              Keep current
            </Button>
          ) : null}
        </div>
        <p id={hintId} className="text-xs text-zinc-500">
          PNG, JPEG or WebP, less than 2MB.
        </p>
        {problem ? (
          <p role="alert" className="text-sm text-red-300">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
