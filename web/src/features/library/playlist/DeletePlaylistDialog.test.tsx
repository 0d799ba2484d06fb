import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { DeletePlaylistDialog } from './DeletePlaylistDialog';

function renderDialog(pending = false) {
  const onCancel = vi.fn();
  const onConfirm = vi.fn();
  const { user } = renderRoute(
    <DeletePlaylistDialog name="Late night drives" pending={pending} onCancel={onCancel} onConfirm={onConfirm} />,
  );
  return { user, onCancel, onConfirm };
}

describe('DeletePlaylistDialog', () => {
  it('asks whether to delete the playlist, naming it, with Cancel focused', () => {
    renderDialog();

    const dialog = screen.getByRole('alertdialog', { name: 'Delete Playlist' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Late night drives? This cannot be undone.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('deletes on Delete', async () => {
    const { user, onConfirm, onCancel } = renderDialog();

    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('keeps the playlist on Cancel or Escape', async () => {
    const { user, onConfirm, onCancel } = renderDialog();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');

    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('disables both answers while the playlist is being deleted', () => {
    renderDialog(true);

    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
  });
});
