/** Small DOM helpers the browser modules share: an element with properties and children, a file download. */

type Props<K extends keyof HTMLElementTagNameMap> = Partial<Omit<HTMLElementTagNameMap[K], 'style'>>;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props<K> = {},
  ...children: Array<Node | string | undefined | null>
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children.filter((c): c is Node | string => c !== undefined && c !== null));
  return node;
}

export function button(label: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', { type: 'button', textContent: label });
  b.addEventListener('click', onClick);
  return b;
}

/** Offers `text` as a file named `name`, without leaving the page. */
export function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A JSON file of the site; a failed answer is an error naming the file and its status. */
export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response.json() as Promise<T>;
}
