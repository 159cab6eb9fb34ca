import { useId, useState, type FormEvent } from 'react';
import type { CurrentUser } from '#contracts/auth';
import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS, fileSlug, type ExportFormat } from '#contracts/export';
import { PHASES } from '#contracts/phases/registry';
import { GetProButton } from '../../../components/GetProButton';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { api, ApiError, withSession } from '../../../lib/api';
import { errorMessage, logUnexpected } from '../../../lib/forms';

type Status =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'done'; fileName: string }
  | { kind: 'failed'; message: string }
  | { kind: 'needs-pro'; message: string };

interface ExportDialogProps {
  open: boolean;
  onClose: () => void;
  projectId: string;
  projectName: string;
  /** The phases the project's plan opens; on Free, export is refused (the API says so too). */
  unlocked: readonly number[] | undefined;
  isOwner: boolean;
  user: CurrentUser;
}

const BUILT_PHASES = PHASES.filter((phase) => phase.built);

/**
 * 'Export' (docs/decisions/0046-project-export.md): members pick the phases, whether the canvas
 * comes along, and a format; the file downloads. On a Free project the dialog offers Pro instead.
 */
export function ExportDialog({ open, onClose, projectId, projectName, unlocked, isOwner, user }: ExportDialogProps) {
  const projectIsPro = unlocked?.some((number) => !PHASES.find((phase) => phase.number === number)?.free) ?? true;
  const [phases, setPhases] = useState<number[]>(() => BUILT_PHASES.map((phase) => phase.number));
  const [includeCanvas, setIncludeCanvas] = useState(true);
  const [format, setFormat] = useState<ExportFormat>('pdf');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const formatName = useId();
  const chosen = phases.filter((number) => unlocked?.includes(number) ?? true);

  async function download(event: FormEvent) {
    event.preventDefault();
    if (chosen.length === 0) return setStatus({ kind: 'failed', message: 'Choose at least one phase to include.' });
    setStatus({ kind: 'working' });
    try {
      const response = await withSession(() => api.project[':id'].export.$post({ param: { id: projectId }, json: { format, phases: chosen, includeCanvas } }));
      const fileName = fileNameOf(response.headers.get('Content-Disposition')) ?? `${fileSlug(projectName, 'project')}.${format}`;
      saveFile(await response.blob(), fileName);
      setStatus({ kind: 'done', fileName });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) return setStatus({ kind: 'needs-pro', message: error.serverMessage ?? 'Export comes with Pro.' });
      if (!(error instanceof ApiError)) logUnexpected('Exporting the project failed', error);
      setStatus({ kind: 'failed', message: errorMessage(error, 'The export could not be made. Please try again.') });
    }
  }

  const needsPro = !projectIsPro || status.kind === 'needs-pro';
  return (
    <Modal open={open} title="Export the project" onClose={onClose}>
      {needsPro ? (
        <div className="export-dialog">
          <p>Export comes with Pro: the whole project as one PDF, Word or Markdown file, with its sources, memory and canvas.</p>
          {/* The project's plan is its owner's: the owner here is on Free, whatever this page loaded earlier. */}
          {isOwner ? <GetProButton user={{ ...user, plan: 'free' }} /> : <p>Ask the project's owner to get Pro; everything written here stays as it is.</p>}
        </div>
      ) : (
        <form className="export-dialog" onSubmit={(event) => void download(event)}>
          <fieldset className="export-dialog__group">
            <legend>Phases to include</legend>
            {BUILT_PHASES.map((phase) => (
              <label key={phase.number} className="export-dialog__choice">
                <input
                  type="checkbox"
                  checked={phases.includes(phase.number)}
                  disabled={unlocked !== undefined && !unlocked.includes(phase.number)}
                  onChange={(event) =>
                    setPhases((current) =>
                      event.target.checked ? [...current, phase.number].sort((a, b) => a - b) : current.filter((number) => number !== phase.number),
                    )
                  }
                />
                {phase.number}. {phase.title}
              </label>
            ))}
            <label className="export-dialog__choice">
              <input type="checkbox" checked={includeCanvas} onChange={(event) => setIncludeCanvas(event.target.checked)} />
              The canvas, as a picture
            </label>
          </fieldset>
          <fieldset className="export-dialog__group">
            <legend>Format</legend>
            {EXPORT_FORMATS.map((option) => (
              <label key={option} className="export-dialog__choice">
                <input type="radio" name={formatName} value={option} checked={format === option} onChange={() => setFormat(option)} />
                {EXPORT_FORMAT_LABELS[option]}
              </label>
            ))}
          </fieldset>
          <p className="export-dialog__note">The memory comes with every export. Sources are links, with the day each was read.</p>
          {status.kind === 'failed' && (
            <p className="form-error" role="alert">
              {status.message}
            </p>
          )}
          {status.kind === 'done' && <p role="status">Downloaded {status.fileName}.</p>}
          <div className="export-dialog__actions">
            <button type="submit" className="button" disabled={status.kind === 'working'} aria-busy={status.kind === 'working'}>
              {status.kind === 'working' ? (
                <>
                  <Spinner /> Preparing the file…
                </>
              ) : (
                'Download'
              )}
            </button>
            <button type="button" className="button button--secondary" onClick={onClose}>
              Close
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** The file name the server gave (`filename*` keeps every language), if any. */
export function fileNameOf(disposition: string | null): string | null {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one below.
    }
  }
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? null;
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
