// Every page: "/" moves focus to the search box (the search page's own, else the header's), unless typing already.
document.addEventListener('keydown', (event) => {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)))
    return;
  const box = document.getElementById('search-input') || document.getElementById('header-search-input');
  if (!box) return;
  event.preventDefault();
  box.focus();
  box.select();
});
