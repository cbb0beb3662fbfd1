import { downloadBlob, downloadText } from '../../ui/download';

/** One legend entry drawn into the exported image (the page's legend is HTML, outside the chart's SVG). */
export interface LegendItem {
  label: string;
  color: string;
}

const svgNamespace = 'http://www.w3.org/2000/svg';
/** The computed properties that decide how chart shapes and text look; copied inline so the file renders without the page. */
const inlinedProperties = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity', 'opacity', 'font-family', 'font-size', 'font-weight', 'text-anchor', 'dominant-baseline', 'visibility', 'display'];
const legendRowHeight = 18;
const legendColumns = 2;

function inlineStyles(source: Element, target: Element): void {
  const computed = getComputedStyle(source);
  const declarations = inlinedProperties.map((property) => `${property}:${computed.getPropertyValue(property)}`).join(';');
  target.setAttribute('style', declarations);
  for (let index = 0; index < source.children.length; index++) inlineStyles(source.children[index], target.children[index]);
}

function svgElement(name: string, attributes: Record<string, string | number>): SVGElement {
  const element = document.createElementNS(svgNamespace, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/** A standalone copy of the chart: inline styles, the page's background, and the legend drawn underneath. */
function standaloneSvg(chart: SVGSVGElement, legend: readonly LegendItem[]): { text: string; width: number; height: number } {
  const width = chart.clientWidth || Number(chart.getAttribute('width')) || 800;
  const chartHeight = chart.clientHeight || Number(chart.getAttribute('height')) || 400;
  const legendHeight = Math.ceil(legend.length / legendColumns) * legendRowHeight + 12;
  const height = chartHeight + legendHeight;
  const copy = chart.cloneNode(true) as SVGSVGElement;
  inlineStyles(chart, copy);
  copy.setAttribute('xmlns', svgNamespace);
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const page = getComputedStyle(document.documentElement);
  const background = page.getPropertyValue('--surface').trim() || '#ffffff';
  const textColor = page.getPropertyValue('--text').trim() || '#1d1d1f';
  copy.insertBefore(svgElement('rect', { x: 0, y: 0, width, height, fill: background }), copy.firstChild);
  const columnWidth = width / legendColumns;
  legend.forEach((item, index) => {
    const x = 16 + (index % legendColumns) * columnWidth;
    const y = chartHeight + 6 + Math.floor(index / legendColumns) * legendRowHeight;
    copy.appendChild(svgElement('rect', { x, y, width: 12, height: 12, fill: item.color }));
    const label = svgElement('text', { x: x + 18, y: y + 10, fill: textColor, 'font-size': 12, 'font-family': page.getPropertyValue('font-family') || 'sans-serif' });
    label.textContent = item.label;
    copy.appendChild(label);
  });
  return { text: new XMLSerializer().serializeToString(copy), width, height };
}

/** Saves the chart as an SVG file that renders on its own. */
export function exportChartSvg(chart: SVGSVGElement, legend: readonly LegendItem[], fileName = 'token-chart.svg'): void {
  downloadText(fileName, standaloneSvg(chart, legend).text, 'image/svg+xml');
}

/** Saves the chart as a PNG at twice its size: the standalone SVG drawn on a canvas (the page's policy allows data: images). */
export async function exportChartPng(chart: SVGSVGElement, legend: readonly LegendItem[], fileName = 'token-chart.png'): Promise<void> {
  const { text, width, height } = standaloneSvg(chart, legend);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await image.decode();
  const scale = 2;
  const canvas = document.createElement('canvas');
  canvas.width = width * scale;
  canvas.height = height * scale;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw on a canvas.');
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The chart could not be encoded as PNG.');
  downloadBlob(fileName, blob);
}
