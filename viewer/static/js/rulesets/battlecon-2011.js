// The renderer of the BattleCON 2011 preview rules (battlecon-2011, a profile of BattleCON
// 2014 judged by 001): 2014's board, panels, prompts and life chart, drawn from the state
// (so the fighters stand on spaces 2 and 6 at the start); the new-duel form of its own
// catalogue (the four preview fighters, each with one Overdrive Finish) without the options
// 001 has not (Ante Finishers, the time limit), saying why; the setup cites 001.
import { create as create2014 } from "./battlecon-2014.js";
import { newDuelForm } from "./battlecon-2014/setup.js";

export async function create(name) {
  const renderer = await create2014(name);
  return {
    ...renderer,
    setupRule: "001 Setup", // 001 is cited by its section heading
    newDuelForm: (root) => newDuelForm(root, name),
  };
}
