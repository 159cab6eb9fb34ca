import type { BuildPlan } from '#contracts/phases/build-plan';
import { exportFileName, tasksCsv, tasksMarkdown } from './task-export';

/** Saves `text` as a file named `name`, made here in the browser. */
function download(name: string, parts: BlobPart[], type: string) {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The plan's tasks as a CSV for a spreadsheet or tracker, or as a Markdown checklist. */
export function PlanExport({ title, plan }: { title: string; plan: BuildPlan }) {
  return (
    <div className="build-plan__export" role="group" aria-label="Download the tasks">
      <button
        type="button"
        className="button button--secondary panel__small-button"
        // A byte-order mark, so spreadsheets read the file as UTF-8.
        onClick={() => download(exportFileName(title, 'csv'), ['\uFEFF', tasksCsv(plan)], 'text/csv;charset=utf-8')}
      >
        Download CSV
      </button>
      <button
        type="button"
        className="button button--secondary panel__small-button"
        onClick={() => download(exportFileName(title, 'md'), [tasksMarkdown(title, plan)], 'text/markdown;charset=utf-8')}
      >
        Download Markdown
      </button>
    </div>
  );
}
