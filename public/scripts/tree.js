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
