/**
 * The moon as it looks: the lit part drawn from the illumination (0 to 1), lit on the right while waxing as seen
 * from the northern hemisphere (mirrored south of the equator). Decorative: whoever shows it says the phase in words.
 */
export function MoonPicture({
  illumination,
  waxing,
  southern = false,
  className,
}: {
  illumination: number;
  waxing: boolean;
  southern?: boolean;
  className: string;
}) {
  const r = 20;
  // The terminator is half an ellipse whose width follows the lit fraction: a crescent bulges towards the lit
  // edge, a gibbous moon away from it.
  const terminator = Math.abs(1 - 2 * illumination) * r;
  const gibbous = illumination > 0.5 ? 1 : 0;
  const litOnRight = waxing !== southern;
  return (
    <svg viewBox="-22 -22 44 44" className={`shrink-0 ${className}`} aria-hidden="true">
      <circle r={r} className="fill-slate-700" />
      <path
        d={`M0,${-r} A${r},${r} 0 0 1 0,${r} A${terminator},${r} 0 0 ${gibbous} 0,${-r}Z`}
        transform={litOnRight ? undefined : 'scale(-1,1)'}
        className="fill-amber-100"
      />
      <circle r={r} fill="none" className="stroke-slate-400" strokeWidth="1" />
    </svg>
  );
}
