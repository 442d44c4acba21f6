import { useCallback, useState } from 'react';

export type Position = [lat: number, long: number];
type GeoStatus = 'idle' | 'locating' | 'found' | 'denied' | 'unavailable' | 'timeout' | 'unsupported';

/** How long the phone may take for a fix before the person is told to pick on the map instead. */
const TIMEOUT_MS = 15_000;

/**
 * The phone's position (navigator.geolocation), asked for only when the person presses the
 * button, and each way it can fail told apart, so the screen can say what to do about it.
 */
export function useGeolocation(onFound: (position: Position, accuracy: number) => void) {
  const [status, setStatus] = useState<GeoStatus>('idle');
  const [accuracy, setAccuracy] = useState<number>();
  const locate = useCallback(() => {
    // Browsers give the position only to secure pages (https or localhost).
    if (!('geolocation' in navigator) || window.isSecureContext === false) return setStatus('unsupported');
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setStatus('found');
        setAccuracy(Math.round(p.coords.accuracy));
        onFound([p.coords.latitude, p.coords.longitude], p.coords.accuracy);
      },
      (e) => setStatus(e.code === e.PERMISSION_DENIED ? 'denied' : e.code === e.TIMEOUT ? 'timeout' : 'unavailable'),
      { enableHighAccuracy: true, timeout: TIMEOUT_MS, maximumAge: 30_000 },
    );
  }, [onFound]);
  return { status, accuracy, locate };
}
