import { z } from 'zod';

// zod compiles fast validators with `new Function` unless told not to. Neither our CSP
// (`script-src 'self'`) nor Workers allow eval, and zod's probe for it is reported as a CSP
// violation in browsers, so every schema of the product is built jitless. Import `z` from here.
z.config({ jitless: true });

export { z };
