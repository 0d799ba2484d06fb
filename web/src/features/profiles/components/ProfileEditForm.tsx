import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import toast from 'react-hot-toast';
import { errorCatalogue } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { fieldClasses } from '@/components/ui/fieldStyles';
import { FormError } from '@/components/ui/FormError';
import { TextField } from '@/components/ui/TextField';
import { serverMessageOr } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { updateMyProfile, uploadAvatar, useStoreMyProfile, type Profile } from '../api/myProfile';
import { AvatarPicker, type ChosenAvatar } from './AvatarPicker';
import { FeaturedPlaylistSelect } from './FeaturedPlaylistSelect';

const NAME_MAX_CHARS = 80;
const BIO_MAX_CHARS = 500;

interface ProfileEditFormProps {
  profile: Profile;
  onDone: () => void;
}

interface ProfileDraft {
  name: string;
  bio: string;
  twitter: string;
  instagram: string;
  spotify: string;
  /** '' for none. */
  featuredPlaylistId: string;
  avatar: ChosenAvatar | null;
}

/** An empty link field clears the link. */
function linkOf(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Edit mode of the own profile: display name, bio, social links, avatar and featured playlist. Email is read-only. */
export function ProfileEditForm({ profile, onDone }: ProfileEditFormProps) {
  const bioId = useId();
  const storeProfile = useStoreMyProfile();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ProfileDraft>({
    name: profile.name,
    bio: profile.bio,
    twitter: profile.social_links.twitter ?? '',
    instagram: profile.social_links.instagram ?? '',
    spotify: profile.social_links.spotify ?? '',
    featuredPlaylistId: profile.featured_playlist?.id ?? '',
    avatar: null,
  });
  // The avatar goes first. Once it is stored it is not sent again, even if the rest fails.
  const save = useMutation({
    mutationFn: async ({ avatar, ...fields }: ProfileDraft): Promise<Profile> => {
      if (avatar) {
        try {
          storeProfile(await uploadAvatar(avatar.file));
        } catch (error) {
          throw new Error(serverMessageOr(error, 'Failed to upload new avatar.'), { cause: error });
        }
        setDraft((current) => ({ ...current, avatar: null }));
      }
      try {
        return await updateMyProfile({
          name: fields.name.trim(),
          bio: fields.bio.trim(),
          social_links: {
            twitter: linkOf(fields.twitter),
            instagram: linkOf(fields.instagram),
            spotify: linkOf(fields.spotify),
          },
          featured_playlist_id: fields.featuredPlaylistId || null,
        });
      } catch (error) {
        throw new Error(serverMessageOr(error, 'Failed to update profile. Please try again.'), { cause: error });
      }
    },
    onSuccess: (saved) => {
      storeProfile(saved);
      // Playlists show whether they are the featured one.
      void queryClient.invalidateQueries({ queryKey: queryKeys.playlists.all() });
      toast.success('Profile updated.');
      onDone();
    },
  });

  const change = (field: keyof Omit<ProfileDraft, 'avatar'>) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(draft);
  };

  return (
    <form className="space-y-6 rounded-3xl border border-line bg-surface p-5 sm:p-8" onSubmit={submit}>
      <h1 className="text-2xl font-bold tracking-tight text-white">Edit Profile</h1>
      <FormError message={save.error?.message} />
      <AvatarPicker
        name={draft.name || profile.email}
        currentUrl={profile.avatar_url}
        chosen={draft.avatar}
        disabled={save.isPending}
        onChange={(avatar) => {
          setDraft((current) => ({ ...current, avatar }));
        }}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Display name"
          name="name"
          autoComplete="nickname"
          required
          maxLength={NAME_MAX_CHARS}
          value={draft.name}
          onChange={change('name')}
        />
        <TextField label="Email" type="email" value={profile.email} readOnly hint={errorCatalogue.email_read_only.message} />
      </div>
      <div>
        <label htmlFor={bioId} className="block text-sm font-medium text-zinc-200">
          Bio
        </label>
        <textarea
          id={bioId}
          name="bio"
          rows={4}
          maxLength={BIO_MAX_CHARS}
          placeholder="Tell listeners about yourself and your music."
          value={draft.bio}
          onChange={change('bio')}
          className={`mt-1.5 resize-y ${fieldClasses}`}
        />
        <p className="mt-1.5 text-right text-xs text-zinc-500">
          {draft.bio.length}/{BIO_MAX_CHARS}
        </p>
      </div>
      <FeaturedPlaylistSelect
        value={draft.featuredPlaylistId}
        current={profile.featured_playlist}
        disabled={save.isPending}
        onChange={(featuredPlaylistId) => {
          setDraft((current) => ({ ...current, featuredPlaylistId }));
        }}
      />
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-white">Social links</legend>
        <TextField label="Twitter" type="url" name="twitter" placeholder="https://twitter.com/you" value={draft.twitter} onChange={change('twitter')} />
        <TextField label="Instagram" type="url" name="instagram" placeholder="https://instagram.com/you" value={draft.instagram} onChange={change('instagram')} />
        <TextField label="Spotify" type="url" name="spotify" placeholder="https://open.spotify.com/artist/…" value={draft.spotify} onChange={change('spotify')} />
      </fieldset>
      <div className="flex flex-wrap gap-3 border-t border-line pt-6">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="secondary" disabled={save.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
