import { Link } from 'react-router';
import { SHARED_RESULT as COPY } from '#contracts/pages/shared-result';
import './ResultNotFound.css';

/** What a shared-result link shows when there is no such result (the Worker answered 404 too). */
export function ResultNotFound({ toolPath, toolLabel }: { toolPath: string; toolLabel: string }) {
  return (
    <div className="result-not-found">
      <h1>{COPY.notFoundHeading}</h1>
      <p className="result-not-found__text">{COPY.notFoundText}</p>
      <div className="result-not-found__actions">
        <Link to={toolPath} className="button">
          {toolLabel}
        </Link>
      </div>
    </div>
  );
}
