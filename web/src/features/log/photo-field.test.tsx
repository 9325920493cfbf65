import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test-support/render';
import type { PhotoFacts } from '../catches/photo-prep.ts';
import { PhotoField, photoToKeep } from './photo-field.tsx';

/**
 * The photo control (docs/decisions/045-photos-prepared-on-the-phone.md) as an angler drives it: Take or Choose,
 * the preview with Replace and Remove, and the offer of the photo's own time and place, used only when tapped.
 * Preparing the photo itself is measured in Chromium (e2e/photo-prep.test.ts): happy-dom has no image decoder.
 */

/** A small camera JPEG with the EXIF a phone writes: capture time and, when given, the GPS position. */
async function cameraJpeg(name: string, gps: boolean): Promise<File> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4080c0' } })
    .withExif({
      IFD2: { DateTimeOriginal: '2026:11:26 18:42:07', OffsetTimeOriginal: '-06:00' },
      ...(gps
        ? {
            IFD3: {
              GPSLatitudeRef: 'N',
              GPSLatitude: '45/1 7/1 1200/100',
              GPSLongitudeRef: 'W',
              GPSLongitude: '93/1 24/1 0/100',
            },
          }
        : {}),
    })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
}

function Field({ onUseFacts }: { onUseFacts: (facts: PhotoFacts) => void }) {
  const [photo, setPhoto] = useState<File | null>(null);
  return <PhotoField id="photo" photo={photo} onChange={setPhoto} onUseFacts={onUseFacts} />;
}

afterEach(() => vi.restoreAllMocks());

describe('the photo control', () => {
  it('opens the camera or the gallery from its two buttons, the pickers themselves never shown', async () => {
    const { user, container } = renderScreen(<Field onUseFacts={() => undefined} />);
    screen.getByText('Add a photo of your catch (optional).');
    const opened: Array<string | null> = [];
    vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
      opened.push(this.getAttribute('capture'));
    });
    await user.click(screen.getByRole('button', { name: 'Take photo' }));
    await user.click(screen.getByRole('button', { name: 'Choose photo' }));
    expect(opened).toEqual(['environment', null]);
    const pickers = [...container.querySelectorAll('input[type=file]')];
    expect(pickers.map((picker) => picker.hasAttribute('hidden'))).toEqual([true, true]);
  });

  it('offers the photo’s time and place under the preview and gives them to the form only when tapped', async () => {
    const onUseFacts = vi.fn();
    const { user } = renderScreen(<Field onUseFacts={onUseFacts} />);
    await user.upload(screen.getByLabelText('Photo'), await cameraJpeg('IMG_2041.jpg', true));
    screen.getByRole('img', { name: 'Preview of the selected catch' });
    screen.getByRole('button', { name: 'Replace photo' });
    await screen.findByText('This photo was taken 26 Nov 2026, 6:42 pm at 45.12, -93.4');
    expect(onUseFacts).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Use its time and place' }));
    expect(onUseFacts).toHaveBeenCalledTimes(1);
    const [facts] = onUseFacts.mock.calls[0] as [PhotoFacts];
    expect(facts.takenAt).toEqual({ catchDate: '2026-11-26', timeOfDay: '18:42' });
    expect(facts.position?.latitude).toBeCloseTo(45.12, 6);
    expect(facts.position?.longitude).toBeCloseTo(-93.4, 6);
    expect(screen.queryByRole('button', { name: 'Use its time and place' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    screen.getByText('Add a photo of your catch (optional).');
    expect(screen.queryByRole('img', { name: 'Preview of the selected catch' })).toBeNull();
  });

  it('offers only the time of a photo without a position, and nothing for a photo without EXIF', async () => {
    const { user } = renderScreen(<Field onUseFacts={() => undefined} />);
    await user.upload(screen.getByLabelText('Photo'), await cameraJpeg('no-gps.jpg', false));
    await screen.findByText('This photo was taken 26 Nov 2026, 6:42 pm');
    screen.getByRole('button', { name: 'Use its time' });

    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await user.upload(
      screen.getByLabelText('Photo'),
      new File([new Uint8Array(plain)], 'plain.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(screen.queryByText(/This photo was taken/)).toBeNull());
  });

  it('keeps a photo the phone cannot decode as picked (the server re-encodes it)', async () => {
    // happy-dom decodes no image, as a browser without a HEIC decoder.
    const heic = new File(
      [new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112, 104, 101, 105, 99])],
      'IMG.HEIC',
      {
        type: 'image/heic',
      },
    );
    expect(await photoToKeep(heic)).toBe(heic);
  });
});
