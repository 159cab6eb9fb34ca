/**
 * The Worker's entry (wrangler.toml `main`): the Worker with the app's renderer of public pages.
 * It is the one place where the two meet (docs/architecture.md, docs/decisions/0034).
 */
import { createWorker } from '../index';
import { renderApp, routeModules } from './render-app';

export { CofounderAgent } from '../index';

export default createWorker({ renderApp, routeModules });
