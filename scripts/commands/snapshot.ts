/** `npm run snapshot`: the compile cache on, then the command (snapshot-cli.ts). */
import { useCompileCache } from './compile-cache.ts';

useCompileCache();
await (await import('./snapshot-cli.ts')).main();
