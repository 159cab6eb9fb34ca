import type { MouseEvent } from 'react';

/**
 * 'Skip to content': the first stop of the keyboard on every page, shown when focused. It moves
 * the focus (not only the scroll) to the page's `<main id="main">`, so the next Tab continues
 * inside the content rather than back in the top bar.
 */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById('main');
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
  }
  return (
    <a href="#main" className="skip-link" onClick={skip}>
      Skip to content
    </a>
  );
}
