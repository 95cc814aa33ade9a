/**
 * The content and media trees: expand/collapse every branch (without JavaScript the native <details> still work one by
 * one), and the WAI-ARIA tree pattern over the same markup: the tree is one tab stop (roving tabindex on the item
 * links) and arrow keys move in it; Right opens a branch or enters it, Left closes it or goes to the parent, Home/End
 * jump.
 */
export {}; // a module: its names stay its own

const toolbar = document.querySelector<HTMLElement>('[data-tree-toolbar]');
if (toolbar) {
  toolbar.hidden = false;
  toolbar.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-tree-action]') : null;
    if (!button) return;
    const open = button.getAttribute('data-tree-action') === 'expand';
    for (const details of document.querySelectorAll('ul.tree details')) (details as HTMLDetailsElement).open = open;
  });
}

const itemOf = (li: Element | null | undefined): HTMLElement | null =>
  li?.querySelector<HTMLElement>(':scope > a') ?? null;

const detailsOf = (a: HTMLElement): HTMLDetailsElement | null =>
  a.parentElement?.querySelector<HTMLDetailsElement>(':scope > details') ?? null;

function isVisible(a: HTMLElement): boolean {
  for (let d = a.closest('details'); d; d = d.parentElement?.closest('details') ?? null) if (!d.open) return false;
  return true;
}

function syncExpanded(a: HTMLElement | null): void {
  const d = a && detailsOf(a);
  if (a && d) a.setAttribute('aria-expanded', String(d.open));
}

function markRoles(root: HTMLElement): void {
  root.setAttribute('role', 'tree');
  for (const ul of root.querySelectorAll('ul')) ul.setAttribute('role', 'group');
  for (const li of root.querySelectorAll('li')) li.setAttribute('role', 'none');
  // The item links are the tree's items: each summary (the marker) leaves the tab order and the accessibility tree.
  for (const summary of root.querySelectorAll('summary')) {
    summary.setAttribute('aria-hidden', 'true');
    summary.tabIndex = -1;
  }
  for (const li of root.querySelectorAll('li')) {
    const a = itemOf(li);
    if (!a) continue;
    a.setAttribute('role', 'treeitem');
    a.tabIndex = -1;
    syncExpanded(a);
  }
  for (const d of root.querySelectorAll('details'))
    d.addEventListener('toggle', () => syncExpanded(d.parentElement?.querySelector<HTMLElement>(':scope > a') ?? null));
}

function enhanceTree(root: HTMLElement): void {
  markRoles(root);
  const items = (): HTMLElement[] =>
    [...root.querySelectorAll('li')].map(itemOf).filter((a): a is HTMLElement => a !== null && isVisible(a));
  const first = items()[0];
  if (first) first.tabIndex = 0;
  const moveTo = (a: HTMLElement | null | undefined): void => {
    if (!a) return;
    for (const other of root.querySelectorAll<HTMLElement>('[role=treeitem][tabindex="0"]')) other.tabIndex = -1;
    a.tabIndex = 0;
    a.focus();
  };
  root.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement && event.target.getAttribute('role') === 'treeitem') moveTo(event.target);
  });
  root.addEventListener('keydown', (event) => {
    const a = event.target instanceof Element ? event.target.closest<HTMLElement>('[role=treeitem]') : null;
    if (!a) return;
    const list = items();
    const at = list.indexOf(a);
    const details = detailsOf(a);
    const actions: Record<string, () => void> = {
      ArrowDown: () => moveTo(list[at + 1]),
      ArrowUp: () => moveTo(list[at - 1]),
      Home: () => moveTo(list[0]),
      End: () => moveTo(list[list.length - 1]),
      ArrowRight: () => {
        if (details && !details.open) details.open = true;
        else if (details) moveTo(itemOf(details.querySelector(':scope > ul > li')));
      },
      ArrowLeft: () => {
        if (details && details.open) details.open = false;
        else moveTo(itemOf(a.closest('li')?.parentElement?.closest('li')));
      },
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });
}

const tree = document.querySelector<HTMLElement>('ul.tree');
if (tree) enhanceTree(tree);
