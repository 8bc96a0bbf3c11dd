// @ts-check
// The parts of the popup that scroll inside themselves say so: while more lies below, their
// lower edge fades (`data-more`), so a row cut by the edge reads as "scroll for more" rather than
// as a broken row.

/**
 * Marks `part` with `data-more` while it has content below its visible area, as it scrolls,
 * resizes or its content changes.
 * @param {HTMLElement} part
 */
export function markMore(part) {
  const update = () => {
    const more = part.scrollHeight - part.clientHeight - part.scrollTop > 1;
    if (more !== part.hasAttribute('data-more')) part.toggleAttribute('data-more', more);
  };
  part.addEventListener('scroll', update, { passive: true });
  new ResizeObserver(update).observe(part);
  new MutationObserver(update).observe(part, { childList: true, subtree: true, characterData: true });
  update();
}
