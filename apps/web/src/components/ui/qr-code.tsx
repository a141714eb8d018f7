import { useMemo } from 'react';
import qrcode from 'qrcode-generator';

/**
 * A QR code as an SVG drawn from the code's modules (qrcode-generator, pinned in apps/web; decision
 * 0108): no markup strings injected, dark modules on a white quiet zone in both themes so phones can
 * read it. Labelled as an image; the link it holds is printed beside it for anyone who cannot scan.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const path = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(value);
    code.make();
    const count = code.getModuleCount();
    let d = '';
    for (let row = 0; row < count; row++) for (let col = 0; col < count; col++) if (code.isDark(row, col)) d += `M${col + 4},${row + 4}h1v1h-1z`;
    return { d, extent: count + 8 };
  }, [value]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${path.extent} ${path.extent}`} shapeRendering="crispEdges" className="max-w-full rounded-md">
      <rect width={path.extent} height={path.extent} fill="#ffffff" />
      <path d={path.d} fill="#000000" />
    </svg>
  );
}
