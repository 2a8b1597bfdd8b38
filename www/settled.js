// The page's settled signal as one predicate, shared by the specs (e2e/fixtures.js) and the
// benchmark (bench/route-bytes.mjs): run inside the page with `evaluate`, it is true once
// `<main data-settled>` names the hash the page shows (src/components/settle.rs). A mark left
// from the route shown before a navigation names another hash, so it cannot pass.
export function pageSettled() {
  const main = document.querySelector('main');
  return main !== null && main.getAttribute('data-settled') === location.hash;
}
