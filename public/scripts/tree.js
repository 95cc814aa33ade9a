// Expand/collapse every branch of a tree page; without JavaScript the native <details> still work one by one.
const toolbar = document.querySelector('[data-tree-toolbar]');
if (toolbar) {
  toolbar.hidden = false;
  toolbar.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-tree-action]') : null;
    if (!button) return;
    const open = button.getAttribute('data-tree-action') === 'expand';
    for (const details of document.querySelectorAll('ul.tree details')) details.open = open;
  });
}

// The WAI-ARIA tree pattern over the same markup: the tree is one tab stop (roving tabindex on the item links) and
// arrow keys move in it; Right opens a branch or enters it, Left closes it or goes to the parent, Home/End jump.
const tree = document.querySelector('ul.tree');
if (tree) enhanceTree(tree);

function enhanceTree(root) {
  root.setAttribute('role', 'tree');
  for (const ul of root.querySelectorAll('ul')) ul.setAttribute('role', 'group');
  for (const li of root.querySelectorAll('li')) li.setAttribute('role', 'none');
  // The item links are the tree's items: each summary (the marker) leaves the tab order and the accessibility tree.
  for (const summary of root.querySelectorAll('summary')) {
    summary.setAttribute('aria-hidden', 'true');
    summary.tabIndex = -1;
  }
  const itemOf = (li) => li.querySelector(':scope > a');
  const items = () => [...root.querySelectorAll('li')].map(itemOf).filter((a) => a && isVisible(a));
  const isVisible = (a) => {
    for (let d = a.closest('details'); d; d = d.parentElement?.closest('details')) if (!d.open) return false;
    return true;
  };
  const detailsOf = (a) => a.parentElement?.querySelector(':scope > details') ?? null;
  const syncExpanded = (a) => {
    const d = detailsOf(a);
    if (d) a.setAttribute('aria-expanded', String(d.open));
  };
  for (const li of root.querySelectorAll('li')) {
    const a = itemOf(li);
    if (!a) continue;
    a.setAttribute('role', 'treeitem');
    a.tabIndex = -1;
    syncExpanded(a);
  }
  for (const d of root.querySelectorAll('details'))
    d.addEventListener('toggle', () => syncExpanded(d.parentElement.querySelector(':scope > a')));
  const first = items()[0];
  if (first) first.tabIndex = 0;
  const moveTo = (a) => {
    if (!a) return;
    for (const other of root.querySelectorAll('[role=treeitem][tabindex="0"]')) other.tabIndex = -1;
    a.tabIndex = 0;
    a.focus();
  };
  root.addEventListener('focusin', (event) => {
    if (event.target.getAttribute?.('role') === 'treeitem') moveTo(event.target);
  });
  root.addEventListener('keydown', (event) => {
    const a = event.target.closest?.('[role=treeitem]');
    if (!a) return;
    const list = items();
    const at = list.indexOf(a);
    const details = detailsOf(a);
    const parentItem = () => {
      const li = a.closest('li')?.parentElement?.closest('li');
      return li ? itemOf(li) : null;
    };
    const actions = {
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
        else moveTo(parentItem());
      },
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });
}
