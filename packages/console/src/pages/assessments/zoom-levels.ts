/**
 * The page image's zoom: fixed steps from half to three times the fitted width. The page and its
 * boxes scale together (boxes are percentages of the stage), so they stay on the words they frame.
 */
import { useCallback, useState } from 'react';

export const ZOOM_LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const FIT = ZOOM_LEVELS.indexOf(1);

export function useZoom() {
  const [step, setStep] = useState<number>(FIT);
  const zoomIn = useCallback(() => setStep((s) => Math.min(ZOOM_LEVELS.length - 1, s + 1)), []);
  const zoomOut = useCallback(() => setStep((s) => Math.max(0, s - 1)), []);
  const reset = useCallback(() => setStep(FIT), []);
  return {
    zoom: ZOOM_LEVELS[step],
    canZoomIn: step < ZOOM_LEVELS.length - 1,
    canZoomOut: step > 0,
    zoomIn,
    zoomOut,
    reset,
  };
}

export type Zoom = ReturnType<typeof useZoom>;
