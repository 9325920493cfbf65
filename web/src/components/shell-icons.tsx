import type { ReactNode, SVGProps } from 'react';

/**
 * The icons of the shell's first screen (header, tabs, offline banner, spinner, the Log form), drawn as lucide-react
 * draws them (same markup: its 24 px grid, stroke and classes, its paths copied as they are). lucide's icon
 * component with its helpers was ~2 KB gzip of the shell's first load (decision 023); the lazy screens keep using
 * lucide-react itself, which then loads with them. Decorative, as lucide's: aria-hidden unless given a label.
 */
export type IconProps = SVGProps<SVGSVGElement>;

/** One icon's svg as lucide draws it; `classes` are lucide's class names for it. Also for an icon of a lazy part. */
export function SvgIcon({
  classes,
  className,
  children,
  ...props
}: IconProps & { classes: string; children: ReactNode }) {
  const labelled = props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined;
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden) unless the caller labels it, as lucide's.
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ? `lucide ${classes} ${className}` : `lucide ${classes}`}
      aria-hidden={labelled ? undefined : 'true'}
      {...props}
    >
      {children}
    </svg>
  );
}

export const Fish = (props: IconProps) => (
  <SvgIcon classes="lucide-fish" {...props}>
    <path d="M6.5 12c.94-3.46 4.94-6 8.5-6 3.56 0 6.06 2.54 7 6-.94 3.47-3.44 6-7 6s-7.56-2.53-8.5-6Z" />
    <path d="M18 12v.5" />
    <path d="M16 17.93a9.77 9.77 0 0 1 0-11.86" />
    <path d="M7 10.67C7 8 5.58 5.97 2.73 5.5c-1 1.5-1 5 .23 6.5-1.24 1.5-1.24 5-.23 6.5C5.58 18.03 7 16 7 13.33" />
    <path d="M10.46 7.26C10.2 5.88 9.17 4.24 8 3h5.8a2 2 0 0 1 1.98 1.67l.23 1.4" />
    <path d="m16.01 17.93-.23 1.4A2 2 0 0 1 13.8 21H9.5a5.96 5.96 0 0 0 1.49-3.98" />
  </SvgIcon>
);

export const Wrench = (props: IconProps) => (
  <SvgIcon classes="lucide-wrench" {...props}>
    <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.106-3.105c.32-.322.863-.22.983.218a6 6 0 0 1-8.259 7.057l-7.91 7.91a1 1 0 0 1-2.999-3l7.91-7.91a6 6 0 0 1 7.057-8.259c.438.12.54.662.219.984z" />
  </SvgIcon>
);

export const UserCircle = (props: IconProps) => (
  <SvgIcon classes="lucide-circle-user lucide-user-circle" {...props}>
    <circle cx="12" cy="12" r="10" />
    <circle cx="12" cy="10" r="3" />
    <path d="M7 20.662V19a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v1.662" />
  </SvgIcon>
);

export const ChevronDown = (props: IconProps) => (
  <SvgIcon classes="lucide-chevron-down" {...props}>
    <path d="m6 9 6 6 6-6" />
  </SvgIcon>
);

export const History = (props: IconProps) => (
  <SvgIcon classes="lucide-rotate-ccw-clock lucide-history" {...props}>
    <path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8" />
    <path d="M3 3v5h5" />
    <path d="M12 7v5l4 2" />
  </SvgIcon>
);

export const PlusCircle = (props: IconProps) => (
  <SvgIcon classes="lucide-circle-plus lucide-plus-circle" {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M8 12h8" />
    <path d="M12 8v8" />
  </SvgIcon>
);

export const WifiOff = (props: IconProps) => (
  <SvgIcon classes="lucide-wifi-off" {...props}>
    <path d="M12 20h.01" />
    <path d="M8.5 16.429a5 5 0 0 1 7 0" />
    <path d="M5 12.859a10 10 0 0 1 5.17-2.69" />
    <path d="M19 12.859a10 10 0 0 0-2.007-1.523" />
    <path d="M2 8.82a15 15 0 0 1 4.177-2.643" />
    <path d="M22 8.82a15 15 0 0 0-11.288-3.764" />
    <path d="m2 2 20 20" />
  </SvgIcon>
);

export const Loader2 = (props: IconProps) => (
  <SvgIcon classes="lucide-loader-circle lucide-loader-2" {...props}>
    <path d="M21 12a9 9 0 1 1-6.219-8.56" />
  </SvgIcon>
);

export const CheckCircle2 = (props: IconProps) => (
  <SvgIcon classes="lucide-circle-check lucide-check-circle-2" {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="m16 9-5.5 5.5L8 12" />
  </SvgIcon>
);

export const Crosshair = (props: IconProps) => (
  <SvgIcon classes="lucide-crosshair" {...props}>
    <circle cx="12" cy="12" r="10" />
    <line x1="22" x2="18" y1="12" y2="12" />
    <line x1="6" x2="2" y1="12" y2="12" />
    <line x1="12" x2="12" y1="6" y2="2" />
    <line x1="12" x2="12" y1="22" y2="18" />
  </SvgIcon>
);

export const MapPin = (props: IconProps) => (
  <SvgIcon classes="lucide-map-pin" {...props}>
    <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
    <circle cx="12" cy="10" r="3" />
  </SvgIcon>
);

export const Camera = (props: IconProps) => (
  <SvgIcon classes="lucide-camera" {...props}>
    <path d="M13.997 4a2 2 0 0 1 1.76 1.05l.486.9A2 2 0 0 0 18.003 7H20a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h1.997a2 2 0 0 0 1.759-1.048l.489-.904A2 2 0 0 1 10.004 4z" />
    <circle cx="12" cy="13" r="3" />
  </SvgIcon>
);
