import './chart-legend.css';

/** One entry of a chart's legend: its colour and what it stands for, in words (the basis included). */
export interface LegendItem {
  label: string;
  color: string;
}

/** A chart's legend, as a list the screen reader names "Chart legend": a colour swatch and the words of each entry. */
export function ChartLegend({ items }: { items: readonly LegendItem[] }) {
  return (
    <ul className="chart-legend" aria-label="Chart legend">
      {items.map((item) => (
        <li key={item.label}>
          <span className="legend-swatch" style={{ background: item.color }} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
