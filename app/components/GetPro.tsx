import { Link } from 'react-router';
import { PRO_PAGE } from '../content/phases';

/** 'Get Pro' wherever a locked phase is shown: one component, so the purchase can replace the link in one place. */
export function GetPro({ className = 'button button--secondary panel__small-button', label = 'Get Pro' }: { className?: string; label?: string }) {
  return (
    <Link to={PRO_PAGE} className={className}>
      {label}
    </Link>
  );
}
