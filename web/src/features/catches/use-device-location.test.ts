import { describe, expect, it } from 'vitest';
import {
  DeviceLocationError,
  getDeviceLocation,
  LOCATION_ERROR_MESSAGES,
  locationErrorKind,
} from './use-device-location.ts';

function fakeGeolocation(answer: { position?: Partial<GeolocationCoordinates>; errorCode?: number }) {
  const seenOptions: Array<PositionOptions | undefined> = [];
  const geolocation = {
    getCurrentPosition(
      success: PositionCallback,
      failure?: PositionErrorCallback | null,
      options?: PositionOptions,
    ) {
      seenOptions.push(options);
      if (answer.errorCode !== undefined) {
        failure?.({ code: answer.errorCode, message: 'nope' } as GeolocationPositionError);
      } else {
        success({ coords: answer.position, timestamp: 1_745_900_000_000 } as GeolocationPosition);
      }
    },
  } as unknown as Geolocation;
  return { geolocation, seenOptions };
}

describe('getDeviceLocation', () => {
  it('asks for a fresh high-accuracy position with a 10 s timeout', async () => {
    const { geolocation, seenOptions } = fakeGeolocation({
      position: { latitude: 32.8, longitude: -95.6, accuracy: 12, altitude: null },
    });
    await expect(getDeviceLocation(geolocation)).resolves.toEqual({
      latitude: 32.8,
      longitude: -95.6,
      accuracy: 12,
      elevation: null,
      timestamp: 1_745_900_000_000,
    });
    expect(seenOptions).toEqual([{ enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 }]);
  });

  it('keeps the altitude as elevation', async () => {
    const { geolocation } = fakeGeolocation({
      position: { latitude: 1, longitude: 2, accuracy: 3, altitude: 120 },
    });
    await expect(getDeviceLocation(geolocation)).resolves.toMatchObject({ elevation: 120 });
  });

  it('rejects with the text of docs/product.md#location when there is no geolocation', async () => {
    const error = await getDeviceLocation(null).catch((e) => e);
    expect(error).toBeInstanceOf(DeviceLocationError);
    expect(error.kind).toBe('notSupported');
    expect(error.message).toBe('Geolocation is not supported by your browser');
  });

  it.each([
    [
      1,
      'permissionDenied',
      'Location permission denied. Please allow location access in your browser settings.',
    ],
    [2, 'positionUnavailable', "Position unavailable. The network is down or satellites can't be reached."],
    [3, 'timeout', 'Timeout. The request to get user location timed out.'],
    [0, 'unknown', 'Unknown error occurred.'],
  ])('maps error code %i to %s', async (code, kind, message) => {
    const { geolocation } = fakeGeolocation({ errorCode: code });
    const error = await getDeviceLocation(geolocation).catch((e) => e);
    expect(error.kind).toBe(kind);
    expect(error.message).toBe(message);
    expect(locationErrorKind(code)).toBe(kind);
    expect(LOCATION_ERROR_MESSAGES[error.kind as keyof typeof LOCATION_ERROR_MESSAGES]).toBe(message);
  });
});
