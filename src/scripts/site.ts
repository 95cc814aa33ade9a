/**
 * Every page: "/" moves focus to the search box (the search page's own, else the header's), unless typing already;
 * Enter in the header's box opens the item when the query names exactly one (a GUID, UDI, id or URL), else searches.
 */
import { findExact } from './exact-lookup.ts';

document.addEventListener('keydown', (event) => {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)))
    return;
  const box = document.getElementById('search-input') ?? document.getElementById('header-search-input');
  if (!(box instanceof HTMLInputElement)) return;
  event.preventDefault();
  box.focus();
  box.select();
});

const form = document.querySelector<HTMLFormElement>('form.header-search');
const input = document.getElementById('header-search-input');
if (form && input instanceof HTMLInputElement) {
  // The form's action is `<base>search/`: the site's base is what comes before it.
  const base = (form.getAttribute('action') ?? '/').replace(/search\/$/, '');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void findExact(base, input.value).then(
      (hits) => {
        if (hits.length === 1 && hits[0]) location.assign(hits[0].url);
        else form.submit();
      },
      () => form.submit(),
    );
  });
}
