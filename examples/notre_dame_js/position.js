"use strict";
// Which loaded positions the rules can reach (load_state).
//
// Written from what the protocol and the state schema ask of load_state
// (spec/protocol/README.md, the description of spec/notre_dame/state.schema.json) and from the
// rulebook: a position the rules cannot reach, or that the engine could not continue, is
// refused as malformed, naming every problem at once with its field path. game.js reads the
// fields (types and ranges); this module judges the whole position. The rule each check
// follows is named beside it (ids of spec/notre_dame/rules.yaml).
//
// What is deliberately not checked, as the schema says: the mix of brown and lettered persons
// on display and the sizes of decks (scenarios set them up freely), and whether every placed
// colour still has all four messages (scenarios hand a message to a player without lifting it).

// Phases in which someone is listed in `pending`, and in which a seat is `current`.
const PENDING_PHASES = new Set(["setup", "draft", "plague"]);
const TURN_PHASES = new Set(["play", "buy"]);
// Played cards stay in front of their players until the round ends (after phase 5).
const PLAYED_PHASES = new Set(["play", "buy", "plague"]);

const repeats = (list) => list.filter((item, i) => list.indexOf(item) !== i);

// facts: the game's numbers and helpers, from game.js:
//   cubesPerColour, outer (message squares of a district), rounds, cardsPlayed, displaySize,
//   ratMax, plagueCandidates(st, p)
function positionProblems(st, facts) {
  const problems = [];
  const add = (where, why) => problems.push(`state.${where} ${why}`);
  cubes(st, facts, add);
  messages(st, facts, add);
  persons(st, facts, add);
  decks(st, add);
  tracks(st, facts, add);
  phase(st, facts, add);
  return problems;
}

// ND-COMP-CUBES: fourteen cubes of each colour, in hand, in the districts, in Notre Dame or
// in the stock; none is ever made or destroyed.
function cubes(st, facts, add) {
  st.players.forEach((pl, p) => {
    const placed = Object.values(pl.areas).reduce((s, c) => s + c, 0);
    const total = pl.cubes + placed + st.nd[p] + pl.stock;
    if (total !== facts.cubesPerColour) {
      add(
        `players.${p}`,
        `accounts for ${total} cubes of colour ${p} (hand ${pl.cubes}, districts ${placed}, ` +
          `Notre Dame ${st.nd[p]}, stock ${pl.stock}), not ${facts.cubesPerColour} (ND-COMP-CUBES)`,
      );
    }
  });
}

// ND-SETUP-MESSAGES, ND-MESSAGE-COLOR: each colour's four messages start on the outer squares
// of that colour's own district; a message taken leaves the board for its taker. So a message
// on the board lies in its colour's district, and no message is in two places.
function messages(st, facts, add) {
  const seen = new Map(); // "colour/value" -> where it was first found
  const once = (colour, value, where) => {
    const key = `${colour}/${value}`;
    if (seen.has(key)) {
      add(where, `repeats message ${value} of colour ${colour}, already at ${seen.get(key)} (ND-SETUP-MESSAGES)`);
    } else seen.set(key, where);
  };
  for (const square of Object.keys(st.board).sort()) {
    const [colour, value] = st.board[square];
    const [district, spot] = square.split("-").map(Number);
    if (district !== colour || !facts.outer.includes(spot)) {
      add(
        `messages.${square}`,
        `holds a message of colour ${colour}, which lies only on the outer squares ` +
          `${facts.outer.join(", ")} of district ${colour} (ND-SETUP-MESSAGES)`,
      );
    }
    once(colour, value, `messages.${square}`);
  }
  st.players.forEach((pl, p) => {
    pl.messages.forEach(([colour, value], i) => once(colour, value, `players.${p}.messages.${i}`));
  });
}

// ND-PERSONS-REVEAL, ND-SETUP-LETTERED: three persons are shown each round, each card exists
// once, and a bought person is one of those shown, bought in phase 4 (ND-BUY-ONE).
function persons(st, facts, add) {
  if (st.display.length > facts.displaySize) {
    add("display", `shows ${st.display.length} persons, at most ${facts.displaySize} (ND-PERSONS-REVEAL)`);
  }
  for (const person of new Set(repeats(st.display))) {
    add("display", `shows ${person} twice (ND-PERSONS-REVEAL)`);
  }
  if (st.phase === "setup" && st.display.length) {
    add("display", "must be empty while the messages are placed, before round 1 (ND-ROUND-PHASES)");
  }
  for (const person of new Set(repeats(st.brownDeck))) {
    add("brown_deck", `holds ${person} twice (ND-SETUP-LETTERED)`);
  }
  for (const [stage, deck] of Object.entries(st.lettered)) {
    for (const person of new Set(repeats(deck))) {
      add(`lettered.${stage}`, `holds ${person} twice (ND-SETUP-LETTERED)`);
    }
  }
  st.players.forEach((pl, p) => {
    if (pl.bought === null) return;
    if (!st.display.includes(pl.bought)) {
      add(`players.${p}.bought`, `is ${pl.bought}, who is not on display (ND-BUY-ONE)`);
    }
    if (st.phase !== "buy" && st.phase !== "plague") {
      add(`players.${p}.bought`, `is set in phase ${st.phase}: persons are bought in phase 4 (ND-BUY-ONE)`);
    }
  });
}

// ND-SETUP-DECKS: a player's deck holds their own nine action cards, one of each kind. (Kept
// and played cards may repeat a kind: after the draft they come from several colours.) Out
// of the decks a kind is in at most one copy per colour; the decks are not counted with
// them (scenarios hand out cards without taking them from a deck).
function decks(st, add) {
  const held = new Map();
  st.players.forEach((pl, p) => {
    for (const card of new Set(repeats(pl.deck))) {
      add(`players.${p}.deck`, `holds ${card} twice (ND-SETUP-DECKS)`);
    }
    for (const card of [...pl.draftHand, ...pl.cards, ...pl.played]) {
      held.set(card, (held.get(card) || 0) + 1);
    }
  });
  for (const [card, count] of [...held].sort()) {
    if (count > st.num) {
      add("players", `hold ${count} ${card} cards out of the decks; the game has ${st.num}, one per colour (ND-SETUP-DECKS)`);
    }
  }
}

// ND-RATS-FLOOR, ND-PRESTIGE-FLOOR: the rat track and prestige stop at 0 under their default
// readings; ND-RATS-LIMIT: the rat marker never stands above 9 (a plague puts it back on 9).
function tracks(st, facts, add) {
  st.players.forEach((pl, p) => {
    if (pl.rats > facts.ratMax) add(`players.${p}.rats`, `is ${pl.rats}, above ${facts.ratMax} (ND-RATS-LIMIT)`);
    if (st.options.rat_floor && pl.rats < 0) {
      add(`players.${p}.rats`, `is ${pl.rats}: the rat track stops at 0 (ND-RATS-FLOOR, rat_floor)`);
    }
    if (st.options.prestige_floor && pl.prestige < 0) {
      add(`players.${p}.prestige`, `is ${pl.prestige}: prestige stops at 0 (ND-PRESTIGE-FLOOR, prestige_floor)`);
    }
  });
}

// ND-ROUND-PHASES and the phases' own rules: who may act now, and that they have something to do.
function phase(st, facts, add) {
  const ph = st.phase;
  const seat = TURN_PHASES.has(ph);
  if (seat && st.current === null) add("current", `must name the seat to act in phase ${ph} (ND-ROUND-PHASES)`);
  if (!seat && st.current !== null) add("current", `must be null in phase ${ph} (ND-ROUND-PHASES)`);
  if (ph === "draft" && st.draftStep === null) add("draft_step", "must be 1 or 2 in the draft (ND-DRAFT-KEEP1, ND-DRAFT-KEEP2)");
  if (ph !== "draft" && st.draftStep !== null) add("draft_step", `must be null in phase ${ph} (ND-ROUND-PHASES)`);
  if (PENDING_PHASES.has(ph) && !st.pending.length) add("pending", `must name who is still to act in phase ${ph} (ND-ROUND-PHASES)`);
  if (!PENDING_PHASES.has(ph) && st.pending.length) add("pending", `must be empty in phase ${ph} (ND-ROUND-PHASES)`);
  // ND-SETUP-MESSAGES: the messages are placed once, before round 1; ND-END: the game ends
  // after round 9.
  if (ph === "setup" && st.round !== 1) add("round", `is ${st.round}: messages are placed before round 1 (ND-SETUP-MESSAGES)`);
  if (ph === "over" && st.round !== facts.rounds) {
    add("round", `is ${st.round}: the game ends after round ${facts.rounds} (ND-END)`);
  }
  const played = st.players.map((pl) => pl.played.length);
  if (!PLAYED_PHASES.has(ph) && played.some((k) => k > 0)) {
    add("players", `hold played cards ${JSON.stringify(played)} in phase ${ph}: cards are played in phase 3 (ND-PLAY-ORDER)`);
  }
  if (ph === "play" && st.current !== null) turn(st, facts, played, add);
  for (const p of st.pending) {
    const pl = st.players[p];
    if (ph === "draft" && !pl.draftHand.length) {
      add(`players.${p}.draft_hand`, `is empty, but player ${p} is still to keep a card (ND-DRAFT-KEEP1)`);
    }
    if (ph === "plague" && !facts.plagueCandidates(st, p).length) {
      add(`players.${p}.areas`, `hold no cube, but player ${p} is still to lose one to the plague (ND-PLAGUE-CUBE)`);
    }
  }
}

// ND-PLAY-ORDER, ND-PLAY-SECOND: from the start player, in turn order, one card each, twice
// round; so the cards played so far say who has played how many and whose turn it is, and a
// phase with every second card played is over.
function turn(st, facts, played, add) {
  const n = st.num;
  const total = played.reduce((s, k) => s + k, 0);
  if (total >= facts.cardsPlayed * n) {
    add("players", `have played ${total} cards, every player's ${facts.cardsPlayed}: phase 3 is over (ND-PLAY-SECOND)`);
    return;
  }
  // one card each in turn order: the first (total mod n) players from the start player have
  // played one card more than the others
  played.forEach((k, p) => {
    const offset = (p - st.start + n) % n;
    const expected = Math.floor(total / n) + (offset < total % n ? 1 : 0);
    if (k !== expected) {
      add(
        `players.${p}.played`,
        `holds ${k} cards, but after ${total} cards played in turn order from start player ` +
          `${st.start} player ${p} has played ${expected} (ND-PLAY-ORDER)`,
      );
    }
  });
  const due = (st.start + total) % n;
  if (st.current !== due) {
    add(
      "current",
      `is ${st.current}, but after ${total} cards played from start player ${st.start} ` +
        `it is player ${due}'s turn (ND-PLAY-ORDER)`,
    );
  }
  if (!st.players[st.current].cards.length) {
    add(`players.${st.current}.cards`, `is empty, but player ${st.current} is to play a card (ND-PLAY-ORDER)`);
  }
}

module.exports = { positionProblems };
