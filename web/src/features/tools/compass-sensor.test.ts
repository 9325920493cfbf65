import { describe, expect, it } from 'vitest';
import {
  compassStartMode,
  compassStatus,
  headingFromOrientation,
  isAppleMobile,
  isPhoneLike,
} from './compass-sensor.ts';

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('phone detection', () => {
  it('tells phones and tablets from desktops', () => {
    expect(isPhoneLike({ userAgent: DESKTOP_CHROME, maxTouchPoints: 0, platform: 'Linux x86_64' })).toBe(
      false,
    );
    // A touch-screen laptop is still not a phone.
    expect(isPhoneLike({ userAgent: DESKTOP_CHROME, maxTouchPoints: 10, platform: 'Win32' })).toBe(false);
    expect(isPhoneLike({ userAgent: ANDROID, maxTouchPoints: 5, platform: 'Linux armv81' })).toBe(true);
    expect(isPhoneLike({ userAgent: IPHONE, maxTouchPoints: 5, platform: 'iPhone' })).toBe(true);
    expect(isPhoneLike({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5, platform: 'MacIntel' })).toBe(true);
    expect(isPhoneLike({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0, platform: 'MacIntel' })).toBe(false);
    expect(
      isPhoneLike({ userAgent: DESKTOP_CHROME, mobileHint: true, maxTouchPoints: 5, platform: 'Linux' }),
    ).toBe(true);
  });

  it('tells Apple phones and tablets apart', () => {
    expect(isAppleMobile({ userAgent: IPHONE, maxTouchPoints: 5, platform: 'iPhone' })).toBe(true);
    expect(isAppleMobile({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5, platform: 'MacIntel' })).toBe(true);
    expect(isAppleMobile({ userAgent: ANDROID, maxTouchPoints: 5, platform: 'Linux armv81' })).toBe(false);
  });
});

describe('how the compass starts', () => {
  const start = (
    phone: boolean,
    appleMobile: boolean,
    hasOrientationEvents: boolean,
    hasPermissionRequest: boolean,
  ) => compassStartMode({ phone, appleMobile, hasOrientationEvents, hasPermissionRequest });

  it('simulates quietly off phones', () => {
    expect(start(false, false, true, true)).toBe('simulate');
    expect(start(false, false, false, false)).toBe('simulate');
  });

  it('says when a phone has no orientation events', () => {
    expect(start(true, false, false, false)).toBe('unavailable');
    expect(start(true, true, false, false)).toBe('unavailable');
  });

  it('waits for a tap on iOS 13+, listens at once elsewhere', () => {
    expect(start(true, true, true, true)).toBe('ask-permission');
    expect(start(true, true, true, false)).toBe('listen');
    expect(start(true, false, true, true)).toBe('listen');
    expect(start(true, false, true, false)).toBe('listen');
  });
});

describe('heading from an orientation event', () => {
  it("uses iOS's webkitCompassHeading as it is", () => {
    expect(headingFromOrientation({ alpha: 10, absolute: false, webkitCompassHeading: 272.5 })).toBe(272.5);
  });

  it('turns an absolute alpha (counter-clockwise) into a clockwise heading', () => {
    expect(headingFromOrientation({ alpha: 0, absolute: true })).toBe(0);
    expect(headingFromOrientation({ alpha: 90, absolute: true })).toBe(270);
    expect(headingFromOrientation({ alpha: 270, absolute: true })).toBe(90);
  });

  it('ignores relative or missing readings', () => {
    expect(headingFromOrientation({ alpha: 90, absolute: false })).toBeNull();
    expect(headingFromOrientation({ alpha: null, absolute: true })).toBeNull();
    expect(headingFromOrientation({ alpha: null, absolute: false, webkitCompassHeading: -1 })).toBeNull();
  });
});

describe('what the compass card says', () => {
  it('calls every simulated heading a demo, with why', () => {
    expect(compassStatus('simulated', 'no-compass', false)).toMatchObject({
      demo: true,
      title: 'No compass on this device — demo',
    });
    expect(compassStatus('simulated', 'denied', false)).toMatchObject({
      demo: true,
      title: 'Motion access denied — demo',
    });
    // iOS before the tap: the sensor may be there, behind the permission.
    expect(compassStatus('simulated', 'no-compass', true)).toMatchObject({
      demo: true,
      title: 'Compass needs motion access — demo',
    });
    for (const reason of ['no-compass', 'denied'] as const) {
      for (const ask of [true, false]) {
        expect(compassStatus('simulated', reason, ask).detail).toContain('it does not point anywhere');
      }
    }
  });

  it('is no demo while the heading is real or starting', () => {
    expect(compassStatus('device', 'no-compass', false)).toEqual({
      demo: false,
      title: null,
      detail: "Following your device's compass.",
    });
    expect(compassStatus('starting', 'no-compass', false)).toMatchObject({ demo: false, title: null });
  });
});
