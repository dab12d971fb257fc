import { useMemo } from "react";
import { cn } from "@/lib/cn";
import { qrRuns } from "./qr-matrix";

/**
 * A QR code drawn as SVG rects (no innerHTML: the CSP allows no inline script, and React builds
 * the nodes). Black on white whatever the theme, so that phone cameras read it.
 */
export function QrCode({
  value,
  label,
  className,
}: {
  value: string;
  label: string;
  className?: string;
}) {
  const { size, runs } = useMemo(() => qrRuns(value), [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-qr-size={size}
      className={cn("block h-auto w-full", className)}
    >
      <rect width={size} height={size} fill="#ffffff" />
      {runs.map((run) => (
        <rect
          key={`${run.x}-${run.y}`}
          x={run.x}
          y={run.y}
          width={run.width}
          height={1}
          fill="#000000"
        />
      ))}
    </svg>
  );
}
