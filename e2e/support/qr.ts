import jsQRModule from 'jsqr';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';

// jsqr is CommonJS with an ES-style `export default` in its types: Node's types see the module object.
const jsQR = ((jsQRModule as { default?: unknown }).default ?? jsQRModule) as typeof jsQRModule.default;

/**
 * What a phone's camera would read from a QR code on the page: the element's pixels as Chromium drew them,
 * decoded with jsQR. Null when nothing in them scans.
 */
export async function scanQrCode(code: Locator): Promise<string | null> {
  await code.and(code.page().locator('[data-ready="true"]')).waitFor();
  const png = await code.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return (
    jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)
      ?.data ?? null
  );
}
