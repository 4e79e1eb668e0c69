import { useId, useRef, type PointerEvent } from 'react';
import { useI18n } from '../../lib/i18n';
import { clampCrop, minCropSize, type Crop } from './rules';

type Drag = { mode: 'move' | 'resize'; start: { x: number; y: number }; crop: Crop };

/**
 * A square crop over a picture. Drawn in SVG, in the picture's own pixels (the viewBox), so the
 * square's place is attributes, not inline styles (the page policy forbids those). The pointer
 * moves the square, or resizes it by its corner; three sliders do the same from the keyboard
 * (arrows, Page Up/Down, Home/End) and read out their values.
 */
export function ImageCropper({
  src,
  width,
  height,
  crop,
  onChange,
}: {
  src: string;
  width: number;
  height: number;
  crop: Crop;
  onChange: (crop: Crop) => void;
}) {
  const { t } = useI18n();
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);
  const ids = useId();
  // The resize handle, inside the square's corner (never off the picture), a third of it at most.
  const handle = Math.min(
    crop.size / 3,
    Math.max(minCropSize(width, height) / 2, Math.min(width, height) / 14),
  );
  const set = (next: Crop) => onChange(clampCrop(next, width, height));

  // Where the pointer is, in the picture's pixels.
  const toPicture = (event: PointerEvent) => {
    const matrix = svg.current?.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  };

  const onPointerDown = (event: PointerEvent<SVGElement>, mode: Drag['mode']) => {
    const start = toPicture(event);
    if (!start) return;
    event.preventDefault();
    event.stopPropagation();
    svg.current?.setPointerCapture(event.pointerId);
    drag.current = { mode, start, crop };
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const current = drag.current;
    const point = current && toPicture(event);
    if (!current || !point) return;
    const dx = point.x - current.start.x;
    const dy = point.y - current.start.y;
    if (current.mode === 'move') {
      set({ ...current.crop, x: current.crop.x + dx, y: current.crop.y + dy });
    } else {
      // The corner follows the pointer; the square keeps its top-left corner.
      set({ ...current.crop, size: current.crop.size + Math.max(dx, dy) });
    }
  };
  const onPointerEnd = () => {
    drag.current = null;
  };

  const { x, y, size } = crop;
  const max = Math.min(width, height);
  const percent = (value: number, of: number) => `${Math.round((value / of) * 100)}%`;
  const slider = (
    key: 'x' | 'y' | 'size',
    label: string,
    value: number,
    min: number,
    maxValue: number,
    of: number,
  ) => (
    <div className="field settings-slider">
      <label htmlFor={`${ids}-${key}`}>{label}</label>
      {/* Left to right in Hebrew too: the slider moves the square the way it moves on the picture. */}
      <input
        id={`${ids}-${key}`}
        type="range"
        dir="ltr"
        min={min}
        max={maxValue}
        step={1}
        value={value}
        aria-valuetext={percent(value, of)}
        disabled={maxValue <= min}
        onChange={(event) => set({ ...crop, [key]: Number(event.currentTarget.value) })}
      />
    </div>
  );

  return (
    <div className="settings-cropper">
      <div className="settings-cropper-stage">
        <svg
          ref={svg}
          className="settings-cropper-canvas"
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={t('settings.image.cropArea')}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
        >
          <image href={src} width={width} height={height} preserveAspectRatio="none" />
          <path
            className="settings-cropper-shade"
            fillRule="evenodd"
            d={`M0 0H${width}V${height}H0Z M${x} ${y}h${size}v${size}h${-size}Z`}
          />
          <rect
            className="settings-cropper-square"
            x={x}
            y={y}
            width={size}
            height={size}
            vectorEffect="non-scaling-stroke"
            onPointerDown={(event) => onPointerDown(event, 'move')}
          />
          <rect
            className="settings-cropper-handle"
            x={x + size - handle}
            y={y + size - handle}
            width={handle}
            height={handle}
            vectorEffect="non-scaling-stroke"
            onPointerDown={(event) => onPointerDown(event, 'resize')}
          />
        </svg>
        <div className="settings-cropper-result">
          <p id={`${ids}-result`}>{t('settings.image.result')}</p>
          {/* The same picture, seen through the square: what the profile will show. */}
          <svg
            className="settings-cropper-avatar"
            viewBox={`${x} ${y} ${size} ${size}`}
            role="img"
            aria-labelledby={`${ids}-result`}
          >
            <image href={src} width={width} height={height} preserveAspectRatio="none" />
          </svg>
        </div>
      </div>
      <p className="muted">{t('settings.image.cropHelp')}</p>
      <div className="field-row">
        {slider('x', t('settings.image.x'), x, 0, width - size, width)}
        {slider('y', t('settings.image.y'), y, 0, height - size, height)}
        {slider('size', t('settings.image.size'), size, minCropSize(width, height), max, max)}
      </div>
    </div>
  );
}
