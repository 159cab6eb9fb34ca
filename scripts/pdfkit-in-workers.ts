import type { Plugin } from 'vite';

/** pdfkit's browser build names its sRGB profile relative to the module's own address. */
const ICC_PROFILE_PATH = "new URL('./data/sRGB_IEC61966_2_1.icc', import.meta.url).href";

/**
 * pdfkit (the PDF export, docs/decisions/0047-pdf-export.md) computes a path from
 * `import.meta.url` when its module loads, and workerd leaves `import.meta.url` undefined in a
 * bundle: the Worker would fail to start. The path is only a key under which pdfkit keeps the
 * profile's bytes in memory, so a constant does. A pdfkit without that line fails the build, so an
 * upgrade that changes it is seen.
 */
export function pdfkitInWorkers(): Plugin {
  return {
    name: 'launchmate:pdfkit-in-workers',
    transform(code, id) {
      if (!/[\\/]pdfkit[\\/]js[\\/]pdfkit\.browser\.mjs$/.test(id.split('?')[0]!)) return;
      if (!code.includes(ICC_PROFILE_PATH)) throw new Error(`pdfkit no longer contains ${ICC_PROFILE_PATH}: check scripts/pdfkit-in-workers.ts`);
      return { code: code.replace(ICC_PROFILE_PATH, "'pdfkit/data/sRGB_IEC61966_2_1.icc'"), map: null };
    },
  };
}
