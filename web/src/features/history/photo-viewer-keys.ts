import type { KeyboardEvent } from 'react';
import { FITTED, panBy, ZOOM_STEP } from './photo-zoom.ts';
import type { PhotoStage } from './use-photo-stage.ts';

/** How far one arrow key moves a zoomed photo. */
const PAN_STEP_PX = 60;

/** The photo viewer's keys: + and − zoom, 0 shows the whole photo, arrows move a zoomed photo. */
export function photoViewerKeyHandler({ setZoom, box, zoomBy }: PhotoStage) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const pan = (dx: number, dy: number) => setZoom((current) => panBy(current, dx, dy, box()));
    // Arrows move the view over the photo, as in a map.
    switch (event.key) {
      case '+':
      case '=':
        zoomBy(ZOOM_STEP);
        break;
      case '-':
        zoomBy(1 / ZOOM_STEP);
        break;
      case '0':
        setZoom(FITTED);
        break;
      case 'ArrowLeft':
        pan(PAN_STEP_PX, 0);
        break;
      case 'ArrowRight':
        pan(-PAN_STEP_PX, 0);
        break;
      case 'ArrowUp':
        pan(0, PAN_STEP_PX);
        break;
      case 'ArrowDown':
        pan(0, -PAN_STEP_PX);
        break;
      default:
        return;
    }
    event.preventDefault();
  };
}
