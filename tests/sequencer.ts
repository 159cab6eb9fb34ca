import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order the suite's files start in on its 2 workers: the browser files first, as they are the
 * long ones (up to two minutes each, against seconds for most others), then the rest; each group
 * longest first as Vitest knows it (the durations of the last run, else the file's size). The short
 * files then fill the end of the run, instead of a long browser file starting last and running
 * alone (docs/testing.md).
 */
export class BrowserFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const inBrowser = (file: TestSpecification) => file.project.name === 'e2e';
    return [...sorted.filter(inBrowser), ...sorted.filter((file) => !inBrowser(file))];
  }
}
