// `npm run eval`: builds the product (unless --no-build), then runs the evaluation (eval/main.ts)
// through Vite's module runner, which resolves the Worker's and the contracts' modules as the
// build does. docs/evals.md says how to run it and what it reports.
import { runnerImport } from 'vite';
import { buildProduct, root } from '../bench/support.mjs';

const argv = process.argv.slice(2);
if (!argv.some((arg) => ['--judge-check', '--list', '--help'].includes(arg))) buildProduct();
const { module } = await runnerImport('/eval/main.ts', { root, configFile: false, logLevel: 'silent' });
process.exitCode = await module.main(argv);
