import { useEffect, useState } from 'react';

/**
 * `value`, once the frame showing what was rendered with the previous one has been painted (`initial` before
 * that): for work the screen can show a moment later.
 */
export function useAfterPaint<T>(value: T, initial: T): T {
  const [painted, setPainted] = useState(initial);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(value), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value]);
  return painted;
}
