import { useCallback, useRef, useState } from 'react';
import { FITTED, type Point, type Zoom, zoomAt } from './photo-zoom.ts';

/**
 * The photo viewer's zoom and the geometry its gestures, keys and buttons all zoom with: the stage (the area the
 * photo sits in) and the photo's size on screen. The zoom arithmetic itself is photo-zoom.ts.
 */
export function usePhotoStage() {
  const [zoom, setZoom] = useState<Zoom>(FITTED);
  const stageRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);

  /** The photo's size on screen at scale 1 (layout size: transforms do not change it). */
  const box = useCallback(
    () => ({ width: imageRef.current?.offsetWidth ?? 0, height: imageRef.current?.offsetHeight ?? 0 }),
    [],
  );
  /** A client point relative to the stage's centre. */
  const fromCentre = useCallback((clientX: number, clientY: number): Point => {
    const rect = stageRef.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return { x: clientX - (rect.left + rect.width / 2), y: clientY - (rect.top + rect.height / 2) };
  }, []);
  /** The buttons and keys zoom around the middle of the screen. */
  const zoomBy = (factor: number) =>
    setZoom((current) => zoomAt(current, current.scale * factor, { x: 0, y: 0 }, box()));

  return { zoom, setZoom, stageRef, imageRef, box, fromCentre, zoomBy };
}

export type PhotoStage = ReturnType<typeof usePhotoStage>;
