/**
 * Intl.DateTimeFormat made once per locale and options and kept: a new one (what Date's toLocaleString makes on
 * every call) costs milliseconds on a slow phone, and a list of 60 trips formats 60 moments in one render.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(
  locales: string | readonly string[] | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locales === undefined ? '' : String(locales)}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locales as string[] | undefined, options);
    formats.set(key, format);
  }
  return format;
}
