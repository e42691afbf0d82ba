interface AxeResults {
  violations: { id: string; impact?: string; help: string; nodes: { target: unknown[] }[] }[];
}
interface Axe {
  run(context: Element, options: { runOnly: string[] }): Promise<AxeResults>;
}

let loading: Promise<Axe> | undefined;

function load(): Promise<Axe> {
  // axe-core ships as a UMD script: loaded as a classic script it defines window.axe.
  loading ??= new Promise<Axe>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    script.onload = () => resolve((window as unknown as { axe: Axe }).axe);
    script.onerror = () => reject(new Error('axe-core could not be loaded'));
    document.head.append(script);
  });
  return loading;
}

/** WCAG 2.0/2.1/2.2 A and AA violations inside `element` (shadow roots included), as readable lines. */
export async function axeViolations(element: Element): Promise<string[]> {
  const axe = await load();
  const results = await axe.run(element, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] });
  return results.violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}
