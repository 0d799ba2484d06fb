import { useId, useState, type SubmitEvent } from 'react';
import { errorCatalogue } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { fieldClasses } from '@/components/ui/fieldStyles';
import { FormError } from '@/components/ui/FormError';
import { TextField } from '@/components/ui/TextField';
import type { PlaylistDraft } from '../api/playlists';

const NAME_MAX_CHARS = 100;
const DESCRIPTION_MAX_CHARS = 500;

interface PlaylistFormProps {
  initial: PlaylistDraft;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Why the last attempt failed. */
  error: string | null;
  onSubmit: (draft: PlaylistDraft) => void;
  onCancel: () => void;
}

/** A playlist's name (required, trimmed) and description (optional). */
export function PlaylistForm({ initial, submitLabel, pendingLabel, pending, error, onSubmit, onCancel }: PlaylistFormProps) {
  const descriptionId = useId();
  const [draft, setDraft] = useState(initial);
  const [missingName, setMissingName] = useState(false);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const blank = draft.name.trim() === '';
    setMissingName(blank);
    if (!blank) onSubmit(draft);
  };

  return (
    <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
      <FormError message={missingName ? errorCatalogue.playlist_name_required.message : error} />
      <TextField
        label="Name"
        name="name"
        required
        maxLength={NAME_MAX_CHARS}
        placeholder="Late night drives"
        value={draft.name}
        data-autofocus
        onChange={(event) => {
          setDraft((current) => ({ ...current, name: event.target.value }));
        }}
      />
      <div>
        <label htmlFor={descriptionId} className="block text-sm font-medium text-zinc-200">
          Description <span className="font-normal text-zinc-500">(optional)</span>
        </label>
        <textarea
          id={descriptionId}
          name="description"
          rows={3}
          maxLength={DESCRIPTION_MAX_CHARS}
          value={draft.description}
          onChange={(event) => {
            setDraft((current) => ({ ...current, description: event.target.value }));
          }}
          className={`mt-1.5 resize-y ${fieldClasses}`}
        />
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
