import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test-support/render';
import { CatchThumbnail } from './catch-photo.tsx';

/** A thumbnail that could not be loaded (offline, not kept) shows its placeholder and is tried again later. */
const bass = { fishType: 'Bass', photo: '/api/photos/3f1c.webp' };

describe('a catch thumbnail', () => {
  it('shows the placeholder when the photo fails, and a new image when the connection is back', () => {
    renderScreen(<CatchThumbnail item={bass} />);
    fireEvent.error(screen.getByRole('img', { name: 'Photo of Bass' }));
    screen.getByRole('img', { name: 'Bass (no photo)' });

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('img', { name: 'Photo of Bass' }).getAttribute('src')).toBe(
      `${bass.photo}?size=thumb`,
    );
  });

  it('tries again with a new image element when the failure and a new round land in one render', () => {
    renderScreen(<CatchThumbnail item={bass} />);
    const failed = screen.getByRole('img', { name: 'Photo of Bass' });
    // The error and the next round (here the connection coming back) are rendered together: the placeholder never
    // shows, so the same element would stay, broken, because a browser does not load an unchanged src again.
    act(() => {
      fireEvent.error(failed);
      window.dispatchEvent(new Event('online'));
    });
    const shown = screen.getByRole('img', { name: 'Photo of Bass' });
    expect(shown).not.toBe(failed);
    expect(failed.isConnected).toBe(false);
  });
});
