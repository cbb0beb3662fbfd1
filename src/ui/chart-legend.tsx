import './chart-legend.css';

/** One entry of a chart's legend: its colour and what it stands for, in words (the basis included). */
export interface LegendItem {
  label: string;
  color: string;
  /** The entry is a line: its swatch is a short stroke, dashed as the line is (an SVG dash array; "" for solid). */
  dash?: string;
}

/** A line's swatch: a short stroke in the line's colour and dashes. */
function LineSwatch({ color, dash }: { color: string; dash: string }) {
  return (
    <svg className="legend-line" width="28" height="10" aria-hidden="true">
      <line x1="1" y1="5" x2="27" y2="5" stroke={color} strokeWidth={2.5} strokeDasharray={dash || undefined} />
    </svg>
  );
}

/** A chart's legend, as a list the screen reader names "Chart legend": a colour swatch (a line's in its dashes) and the words of each entry. */
export function ChartLegend({ items }: { items: readonly LegendItem[] }) {
  return (
    <ul className="chart-legend" aria-label="Chart legend">
      {items.map((item) => (
        <li key={item.label}>
          {item.dash === undefined ? <span className="legend-swatch" style={{ background: item.color }} aria-hidden="true" /> : <LineSwatch color={item.color} dash={item.dash} />}
          {item.label}
        </li>
      ))}
    </ul>
  );
}
