import qrcode from 'qrcode-generator';

/**
 * A QR code of `text` as an SVG of dark squares (one path). Screens load it lazily, in its own
 * chunk, so only those that show a code (an invitation, a prescription's verification address)
 * load the encoder. Medium error correction: a phone still reads it from a slightly worn print or
 * a glossy screen.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  const margin = 4;
  const size = count + margin * 2;
  let path = '';
  for (let row = 0; row < count; row += 1)
    for (let column = 0; column < count; column += 1)
      if (code.isDark(row, column)) path += `M${column + margin} ${row + margin}h1v1h-1z`;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width="192"
      height="192"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
