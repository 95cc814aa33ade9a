/**
 * Graphviz (the WebAssembly build of @hpcc-js/wasm-graphviz, loaded once) turning DOT into SVG that goes inline into
 * a page: no XML prolog, doctype or comments (which would carry names), no ids (several diagrams share a page).
 */
import { Graphviz } from '@hpcc-js/wasm-graphviz';

export type SvgRenderer = (dot: string) => string;

export function cleanSvg(svg: string): string {
  const start = svg.indexOf('<svg');
  if (start < 0) throw new Error('graphviz returned no <svg> element');
  return svg
    .slice(start)
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/ id="[^"]*"/g, '')
    .replace(/\n\s*\n/g, '\n')
    .trim();
}

export async function createSvgRenderer(): Promise<SvgRenderer> {
  const graphviz = await Graphviz.load();
  return (dot) => cleanSvg(graphviz.dot(dot, 'svg'));
}
