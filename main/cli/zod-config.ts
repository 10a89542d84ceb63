import { z } from 'zod';

/**
 * posctl checks a handful of values per run: zod's JIT, which compiles a parser for each object
 * schema with `new Function` (outside V8's code cache) the first time it parses, costs a run more
 * than it saves: about 10 ms of a `posctl status` (issue 23). The app keeps it, as its sale path
 * checks the same objects thousands of times. zod reads the switch when it builds a schema, so
 * main.ts imports this module before any other.
 */
z.config({ jitless: true });
