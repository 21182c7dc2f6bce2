import { z } from 'zod';

// zod 4 compiles a faster parser for object schemas with `new Function` when it may. Extension
// pages forbid code from strings (and the stores' reviewers refuse it): parse without compiling.
// Imported first by every entrypoint, so the setting holds before any schema is built.
z.config({ jitless: true });
