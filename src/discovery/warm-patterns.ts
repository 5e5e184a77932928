/**
 * Discovery's largest text patterns compiled before the first lookup needs them.
 *
 * V8 compiles a regular expression when it is first used (to bytecode), again when it is used
 * once more (to machine code), and again for each kind of string (Latin-1 alone, or beyond). The
 * relation patterns (relations.ts: about a thousand words in twenty languages) and the fan and
 * second-account phrase patterns (markers.ts) cost ~0.6 s of the event loop that way on a fresh
 * process, and the first lookups after a start waited for it (bench/discovery's slowest lookups,
 * relative to their upstream chain, were each gateway's first ones). App.warm calls this once the
 * server listens; /readyz answers 503 until it is done. Each use runs in its own turn of the
 * event loop, so requests are answered between them.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { markersOf } from './markers.js';
import { namesRelation } from './relations.js';

/**
 * Texts that name no relation and hold a relation word (so every relation pattern is tried on
 * them: relations.ts stops at the first that matches), one of Latin-1 characters alone and one
 * with a character beyond: V8 compiles an expression for each kind of string.
 */
const SAMPLES = ['Photographer and fan of bread. Accra @someone', 'Photographer and fan of bread 💖 Accra’s @someone'];

const USES: ((text: string) => unknown)[] = [
  (text) => namesRelation(text),
  (text) => markersOf({ handle: 'someone_fans', displayName: text, bio: text }, ['someone']),
];

export async function warmTextPatterns(): Promise<void> {
  // Twice: the first use compiles to bytecode, the second to machine code.
  for (let round = 0; round < 2; round++)
    for (const text of SAMPLES)
      for (const use of USES) {
        use(text);
        await nextTurn();
      }
}
