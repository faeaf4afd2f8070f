"use strict";
// Notre Dame (10th anniversary) rules for the example Node.js engine.
//
// A port of the Python reference (reference_impl/notre_dame/): same canonical state, same
// actions, same rule ids in errors. Component data comes from components.json, a JSON copy
// of spec/notre_dame/components.yaml written by export_components.py.
//
// BUGS: deliberate bugs switched on by engine.js from --bug / NOTRE_DAME_JS_BUG (README.md):
//   "road-no-wrap" (the default of --bug): no road joins the last district to district 0;
//   "plague-at-9": the plague strikes when the rat marker reaches 9, not when it passes 9.

const fs = require("fs");
const path = require("path");
const { positionProblems } = require("./position");

const COMPONENTS = JSON.parse(
  fs.readFileSync(path.join(__dirname, "components.json"), "utf8"),
).components;
const component = (id) => {
  if (!(id in COMPONENTS)) throw new Error(`no component ${id} in components.json`);
  return COMPONENTS[id].data;
};

const BUGS = new Set();

// ------------------------------------------------------------------ errors

class EngineError extends Error {
  constructor(kind, message, rule) {
    super(message);
    this.kind = kind;
    this.rule = rule;
  }
  toJSON() {
    const error = { kind: this.kind, message: this.message };
    if (this.rule) error.rule = this.rule;
    return error;
  }
}
const illegal = (rule, message) => new EngineError("illegal_action", message, rule);
const malformed = (message) => new EngineError("malformed", message);
const unsupported = (message) => new EngineError("unsupported", message);

// ------------------------------------------------------------------ data (ND-COMP-*, ND-SETUP-*)

const GAME_ID = "notre_dame";
const PLAYERS = component("player-counts");
const MIN_PLAYERS = PLAYERS.min;
const MAX_PLAYERS = PLAYERS.max;
const AREAS = component("areas").slice();
const AREA_SET = new Set(AREAS);
const NOTRE_DAME = "notre_dame";
const FRIEND = "friend";
const CARDS = component("action-cards").slice();
const CARD_SET = new Set(CARDS);
const CUBES = component("influence-cubes");
const CUBES_PER_COLOUR = CUBES.per_colour;
const START_CUBES = CUBES.start_in_hand;
const START_COINS = component("start-coins");
const START_RATS = component("start-rats");
const RAT_TRACK = component("rat-track");
const RAT_MAX = RAT_TRACK.max;
const PLAGUE_PRESTIGE = RAT_TRACK.prestige_loss;
const OFFERINGS = new Map(
  Object.entries(component("notre-dame-offerings")).map(([k, v]) => [Number(k), v]),
);
const OFFERING_VALUES = [...OFFERINGS.keys()].sort((a, b) => a - b);
const TILES = component("notre-dame-tiles");
const PAYOUT = component("notre-dame-payout");
const BROWN = component("brown-persons").slice().sort();
const BROWN_SET = new Set(BROWN);
const BROWN_PER_ROUND = component("brown-per-round");
const LETTERED = component("lettered-persons");
const LETTERED_EFFECTS = {};
for (const cards of Object.values(LETTERED)) Object.assign(LETTERED_EFFECTS, cards);
const PERSON_RATS = component("person-rats");
const PERSONS = new Set([...BROWN, ...Object.keys(LETTERED_EFFECTS)]);
const MESSAGE_EFFECTS = new Map(
  Object.entries(component("messages")).map(([k, v]) => [Number(k), v]),
);
const MESSAGE_VALUES = [...MESSAGE_EFFECTS.keys()].sort((a, b) => a - b);
const STAGES = ["A", "B", "C"];
const ROUNDS_PER_STAGE = 3;
const ROUNDS = ROUNDS_PER_STAGE * STAGES.length;
const CARDS_PER_DRAW = 3;
const CARDS_PLAYED = 2;
const GUEST_OPTIONS = ["coin", "cube", "rat"];
const GUEST_DOUBLE_AT = 3;
const POET_MAX = 3;
const ROADS = component("carriage-roads");
const OUTER = ROADS.outer.slice();
const PHASES = ["setup", "reveal", "deal", "draft", "play", "buy", "plague", "over"];
const CHANCE_PHASES = new Set(["setup", "reveal", "deal"]);
const DEFAULT_OPTIONS = {
  rat_floor: true,
  friend_in_park_bonus: true,
  friend_in_hospital: true,
  prestige_floor: true,
  forgo_at_will: false,
  notre_dame_source: false,
  neutral_districts: true,
};
// ND-SETUP-2P-LAYOUT: the districts in clockwise order; with 2 players per the option
const LAYOUTS = component("two-player-layout");
function ringOf(n, neutralDistricts) {
  if (n !== 2) return [...Array(n).keys()];
  return LAYOUTS[neutralDistricts ? "four_districts" : "ring"].ring.slice();
}

const GUEST_SINGLES = GUEST_OPTIONS.map((c) => [c]);
const GUEST_PAIRS = [];
GUEST_OPTIONS.forEach((a, i) => GUEST_OPTIONS.slice(i).forEach((b) => GUEST_PAIRS.push([a, b])));

function permutations(items) {
  if (items.length <= 1) return [items.slice()];
  const out = [];
  items.forEach((first, i) => {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const tail of permutations(rest)) out.push([first, ...tail]);
  });
  return out;
}
const ARRANGEMENTS = permutations(MESSAGE_VALUES);

const sortedStrings = (list) => list.slice().sort();
const uniqueSorted = (list) => [...new Set(list)].sort();
const mod = (a, n) => ((a % n) + n) % n;
const removeOne = (list, item) => {
  const at = list.indexOf(item);
  if (at >= 0) list.splice(at, 1);
};
const compareTuples = (a, b) => a[0] - b[0] || a[1] - b[1];
const isInt = (v) => typeof v === "number" && Number.isInteger(v);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const show = (v) => JSON.stringify(v);

function node(district, square) {
  return `${district}-${square}`;
}

// ND-CARRIAGE-ROADS: adjacency and all-pairs distances, per board (districts in ring order)
const GRAPHS = new Map();
function roadGraph(ring) {
  const id = ring.join(",");
  if (GRAPHS.has(id)) return GRAPHS.get(id);
  const adjacency = new Map();
  const squares = [0, ...OUTER];
  for (const d of ring) for (const s of squares) adjacency.set(node(d, s), new Set());
  const link = (a, b) => {
    adjacency.get(a).add(b);
    adjacency.get(b).add(a);
  };
  ring.forEach((d, i) => {
    for (const [a, b] of ROADS.within) link(node(d, a), node(d, b));
    const e = ring[(i + 1) % ring.length];
    // The deliberate bug "road-no-wrap": the districts are joined as a line, not a ring, so
    // the last district has no road back to the first (ND-CARRIAGE-ROADS, ND-CARRIAGE-OTHER).
    if (i + 1 === ring.length && BUGS.has("road-no-wrap")) return;
    for (const [a, b] of ROADS.between) link(node(d, a), node(e, b));
  });
  const graph = new Map();
  for (const key of [...adjacency.keys()].sort()) graph.set(key, [...adjacency.get(key)].sort());
  const distances = new Map();
  for (const start of graph.keys()) {
    const dist = new Map([[start, 0]]);
    let frontier = [start];
    while (frontier.length) {
      const next = [];
      for (const here of frontier) {
        for (const there of graph.get(here)) {
          if (!dist.has(there)) {
            dist.set(there, dist.get(here) + 1);
            next.push(there);
          }
        }
      }
      frontier = next;
    }
    distances.set(start, dist);
  }
  const entry = { graph, distances, within: new Map() };
  GRAPHS.set(id, entry);
  return entry;
}

function within(ring, start, steps) {
  const entry = roadGraph(ring);
  const key = `${start}|${steps}`;
  if (!entry.within.has(key)) {
    const dist = entry.distances.get(start);
    const found = [...dist.entries()].filter(([, d]) => d <= steps).map(([sq]) => sq);
    entry.within.set(key, found.sort());
  }
  return entry.within.get(key);
}

function tileValue(n, stage) {
  return PAYOUT[TILES[String(n)]][stage];
}

function stageOf(round) {
  return STAGES[Math.min(STAGES.length - 1, Math.floor((round - 1) / ROUNDS_PER_STAGE))];
}

// ------------------------------------------------------------------ players and state

function newPlayer(seat, stock) {
  const areas = {};
  for (const a of AREAS) areas[a] = 0;
  return {
    coins: START_COINS,
    prestige: 0,
    rats: START_RATS,
    cubes: START_CUBES,
    stock,
    areas,
    friend: null,
    carriage: `${seat}-0`,
    messages: [],
    messageSet: new Set(),
    deck: sortedStrings(CARDS),
    draftHand: [],
    cards: [],
    played: [],
    bought: null,
  };
}

// ND-FRIEND-COUNT: cubes in an area plus the friend if it stands there
function people(pl, area) {
  return pl.areas[area] + (pl.friend === area ? 1 : 0);
}

function newState(n, options) {
  const lettered = {};
  for (const [k, v] of Object.entries(LETTERED)) lettered[k] = Object.keys(v).sort();
  return {
    num: n,
    options,
    ring: ringOf(n, options.neutral_districts),
    round: 1,
    phase: "setup",
    start: 0,
    current: null,
    pending: [...Array(n).keys()],
    draftStep: null,
    display: [],
    brownDeck: sortedStrings(BROWN),
    lettered,
    nd: Array(n).fill(0),
    board: {}, // square -> [colour, value]
    players: [...Array(n).keys()].map((p) => newPlayer(p, CUBES_PER_COLOUR - START_CUBES)),
    fired: [],
  };
}

function toAct(st) {
  if (CHANCE_PHASES.has(st.phase)) return ["chance"];
  if (st.phase === "play" || st.phase === "buy") return st.current === null ? [] : [st.current];
  if (st.phase === "draft" || st.phase === "plague") return st.pending.slice();
  return [];
}

const isTerminal = (st) => st.phase === "over";

// ------------------------------------------------------------------ chance (ND-SETUP-MESSAGES, ND-PERSONS-REVEAL, ND-DRAFT-DRAW)

function revealSource(st) {
  const browns = st.display.filter((c) => BROWN_SET.has(c)).length;
  if (browns < BROWN_PER_ROUND && st.brownDeck.length) return st.brownDeck;
  if (st.display.length - browns < 1) return st.lettered[stageOf(st.round)];
  return [];
}

function dealTarget(st) {
  for (let p = 0; p < st.num; p++) {
    const pl = st.players[p];
    if (pl.draftHand.length < CARDS_PER_DRAW && pl.deck.length) return p;
  }
  return -1;
}

// [action, "n/d"] pairs; every outcome is equally likely
function chanceOutcomes(st) {
  if (st.phase === "setup") {
    const d = st.pending[0];
    const p = `1/${ARRANGEMENTS.length}`;
    return ARRANGEMENTS.map((v) => [
      { actor: "chance", type: "place_messages", district: d, values: v.slice() },
      p,
    ]);
  }
  if (st.phase === "reveal") {
    const deck = revealSource(st);
    return deck.map((c) => [{ actor: "chance", type: "reveal_person", person: c }, `1/${deck.length}`]);
  }
  if (st.phase === "deal") {
    const p = dealTarget(st);
    const deck = st.players[p].deck;
    return deck.map((c) => [
      { actor: "chance", type: "draw_card", player: p, card: c },
      `1/${deck.length}`,
    ]);
  }
  return [];
}

function applyChance(st, a) {
  if (a.type === "place_messages") {
    const d = a.district;
    OUTER.forEach((square, i) => {
      st.board[node(d, square)] = [d, a.values[i]];
    });
    removeOne(st.pending, d);
    st.fired.push("ND-SETUP-MESSAGES");
    if (!st.pending.length) startRound(st);
  } else if (a.type === "reveal_person") {
    const person = a.person;
    if (BROWN_SET.has(person)) removeOne(st.brownDeck, person);
    else removeOne(st.lettered[stageOf(st.round)], person);
    st.display.push(person);
    st.display.sort();
    st.fired.push("ND-PERSONS-REVEAL");
    settle(st);
  } else if (a.type === "draw_card") {
    const pl = st.players[a.player];
    removeOne(pl.deck, a.card);
    pl.draftHand.push(a.card);
    pl.draftHand.sort();
    st.fired.push("ND-DRAFT-DRAW");
    settle(st);
  }
}

function startRound(st) {
  st.phase = "reveal";
  st.current = null;
  settle(st);
}

// advance past chance nodes with nothing left to reveal
function settle(st) {
  if (st.phase === "reveal" && !revealSource(st).length) st.phase = "deal";
  if (st.phase === "deal" && dealTarget(st) < 0) {
    st.phase = "draft";
    st.draftStep = 1;
    st.pending = [...Array(st.num).keys()];
  }
}

// ------------------------------------------------------------------ draft and turn order

function doKeep(st, p, card) {
  const pl = st.players[p];
  removeOne(pl.draftHand, card);
  pl.cards.push(card);
  pl.cards.sort();
  removeOne(st.pending, p);
  st.fired.push(st.draftStep === 1 ? "ND-DRAFT-KEEP1" : "ND-DRAFT-KEEP2");
  if (st.pending.length) return;
  const hands = st.players.map((q) => q.draftHand);
  st.players.forEach((q, i) => {
    q.draftHand = hands[mod(i - 1, st.num)];
  });
  if (st.draftStep === 1) {
    st.draftStep = 2;
    st.pending = [...Array(st.num).keys()];
    return;
  }
  for (const q of st.players) {
    q.cards.push(...q.draftHand);
    q.cards.sort();
    q.draftHand = [];
  }
  st.fired.push("ND-DRAFT-LAST");
  st.draftStep = null;
  st.phase = "play";
  st.current = st.start;
}

function afterPlay(st) {
  const total = st.players.reduce((s, pl) => s + pl.played.length, 0);
  if (total >= CARDS_PLAYED * st.num) {
    st.phase = "buy";
    st.current = st.start;
    st.fired.push("ND-PLAY-THIRD");
  } else {
    st.current = (st.start + total) % st.num;
  }
}

function afterBuy(st) {
  if (mod(st.current - st.start, st.num) === st.num - 1) startPlague(st);
  else st.current = (st.current + 1) % st.num;
}

// ------------------------------------------------------------------ plague (ND-RATS-*, ND-PLAGUE-*)

function plagueCandidates(st, p) {
  const pl = st.players[p];
  let best = -1;
  let found = [];
  for (const area of AREAS) {
    if (pl.areas[area] <= 0) continue;
    const n = people(pl, area);
    if (n > best) {
      best = n;
      found = [area];
    } else if (n === best) found.push(area);
  }
  return found;
}

function ratsAfterRound(rats, printed, hospital, doctor, floor) {
  let next = rats + (doctor ? 0 : printed) - hospital;
  if (floor && next < 0) next = 0;
  // ND-RATS-LIMIT: up to 9 is safe, 10 or more is the plague. The deliberate bug compares
  // with the top of the track instead, so a marker that lands exactly on 9 strikes too.
  const plague = BUGS.has("plague-at-9") ? next >= RAT_MAX : next > RAT_MAX;
  return [plague ? RAT_MAX : next, plague];
}

function losePrestige(prestige, loss, floor) {
  const left = prestige - loss;
  return floor && left < 0 ? 0 : left;
}

function startPlague(st) {
  const printed = st.display.reduce((s, c) => s + PERSON_RATS[c], 0);
  st.phase = "plague";
  st.current = null;
  st.pending = [];
  st.fired.push("ND-RATS-INCREASE");
  st.players.forEach((pl, p) => {
    let hospital = pl.areas.hospital;
    if (pl.friend === "hospital" && st.options.friend_in_hospital) hospital += 1;
    const doctor = pl.bought === "doctor";
    const [rats, plague] = ratsAfterRound(pl.rats, printed, hospital, doctor, st.options.rat_floor);
    pl.rats = rats;
    if (!plague) return;
    st.fired.push("ND-PLAGUE");
    pl.prestige = losePrestige(pl.prestige, PLAGUE_PRESTIGE, st.options.prestige_floor);
    const where = plagueCandidates(st, p);
    if (where.length === 1) {
      pl.areas[where[0]] -= 1;
      pl.stock += 1;
    } else if (where.length) st.pending.push(p);
  });
  if (!st.pending.length) endRound(st);
}

function doLoseCube(st, p, area) {
  const pl = st.players[p];
  pl.areas[area] -= 1;
  pl.stock += 1;
  removeOne(st.pending, p);
  st.fired.push("ND-PLAGUE-CHOICE");
  if (!st.pending.length) endRound(st);
}

// ------------------------------------------------------------------ round and stage end

function stagePayout(st) {
  const value = tileValue(st.num, stageOf(st.round));
  const total = st.nd.reduce((s, c) => s + c, 0);
  const per = total > 0 ? Math.floor(value / total) : 0; // ND-ND-PAYOUT: rounded down
  st.nd.forEach((cubes, p) => {
    gainPrestige(st, p, per * cubes);
    st.players[p].stock += cubes;
    st.nd[p] = 0;
  });
  st.fired.push("ND-STAGE-PAYOUT");
}

function endRound(st) {
  for (const pl of st.players) {
    pl.draftHand = [];
    pl.cards = [];
    pl.played = [];
    pl.bought = null;
  }
  st.display = [];
  st.pending = [];
  st.start = (st.start + 1) % st.num;
  st.fired.push("ND-START-PASS");
  if (st.round % ROUNDS_PER_STAGE === 0) {
    stagePayout(st);
    for (const pl of st.players) pl.deck = sortedStrings(CARDS);
    st.brownDeck = sortedStrings(BROWN);
    st.fired.push("ND-STAGE-RECOLLECT");
  }
  if (st.round >= ROUNDS) {
    st.phase = "over";
    st.current = null;
    st.fired.push("ND-END");
    return;
  }
  st.round += 1;
  startRound(st);
}

// ------------------------------------------------------------------ messages (carriage)

function colorsLeft(st) {
  return new Set(Object.values(st.board).map(([colour]) => colour));
}

function setComplete(st, pl) {
  const left = colorsLeft(st);
  for (let c = 0; c < st.num; c++) if (!pl.messageSet.has(c) && left.has(c)) return false;
  return true;
}

function mayTake(st, pl, colour) {
  return !pl.messageSet.has(colour) || setComplete(st, pl);
}

// ------------------------------------------------------------------ legal actions

function areaParams(st, pl, area, count) {
  if (area === "carriage") {
    const out = [];
    for (const square of within(st.ring, pl.carriage, count)) {
      out.push({ square, take: false });
      const message = st.board[square];
      if (message !== undefined && mayTake(st, pl, message[0])) out.push({ square, take: true });
    }
    return out;
  }
  if (area === "guesthouse") {
    const options = count >= GUEST_DOUBLE_AT ? [...GUEST_SINGLES, ...GUEST_PAIRS] : GUEST_SINGLES;
    return options.map((c) => ({ choices: c.slice() }));
  }
  return [{}];
}

// ND-PLAY-FORGO: a card is played without its action only when the action cannot be
// performed, or at any time with the option forgo_at_will
function playActions(st, p) {
  const pl = st.players[p];
  const acts = [];
  for (const card of uniqueSorted(pl.cards)) {
    const performed = cardActions(st, p, card);
    if (!performed.length || st.options.forgo_at_will) acts.push({ actor: p, type: "play", card, forgo: true });
    acts.push(...performed);
  }
  return acts;
}

function cardActions(st, p, card) {
  const pl = st.players[p];
  const acts = [];
  if (card === FRIEND) {
    for (const area of AREAS) {
      if (area === pl.friend) continue;
      for (const params of areaParams(st, pl, area, pl.areas[area] + 1)) {
        acts.push({ actor: p, type: "play", card, area, ...params });
      }
    }
    return acts;
  }
  const sources = pl.cubes > 0 ? ["hand"] : AREAS.filter((a) => a !== card && pl.areas[a] > 0);
  for (const src of sources) {
    if (card === NOTRE_DAME) {
      for (const offering of OFFERING_VALUES) {
        if (offering <= pl.coins) acts.push({ actor: p, type: "play", card, from: src, offering });
      }
      continue;
    }
    for (const params of areaParams(st, pl, card, people(pl, card) + 1)) {
      acts.push({ actor: p, type: "play", card, from: src, ...params });
    }
  }
  return acts;
}

// ND-PLACE-ND-SOURCE: [area, cubes there] the poet and the magician may move people from
function moveSources(st, p) {
  const pl = st.players[p];
  const found = AREAS.map((a) => [a, pl.areas[a]]);
  if (st.options.notre_dame_source) found.push([NOTRE_DAME, st.nd[p]]);
  return found;
}

function poetMoves(st, p) {
  const pl = st.players[p];
  const out = [];
  for (const [from, cubes] of moveSources(st, p)) {
    const hasFriend = pl.friend === from;
    for (const to of AREAS) {
      if (to === from) continue;
      for (let k = 0; k <= Math.min(POET_MAX, cubes); k++) {
        for (const f of hasFriend ? [false, true] : [false]) {
          const moved = k + (f ? 1 : 0);
          if (moved >= 1 && moved <= POET_MAX) out.push({ from, to, cubes: k, friend: f });
        }
      }
    }
  }
  return out;
}

function magicianMoves(st, p) {
  const pl = st.players[p];
  const out = [];
  for (const [from, cubes] of moveSources(st, p)) {
    const pieces = [];
    if (cubes > 0) pieces.push("cube");
    if (pl.friend === from) pieces.push("friend");
    for (const piece of pieces) {
      for (const to of AREAS) {
        if (to === from) continue;
        const count = piece === "friend" ? pl.areas[to] + 1 : people(pl, to) + 1;
        for (const params of areaParams(st, pl, to, count)) {
          out.push({ from, to, piece, ...params });
        }
      }
    }
  }
  return out;
}

function buyActions(st, p) {
  const pl = st.players[p];
  const acts = [{ actor: p, type: "pass" }];
  if (pl.coins < 1) return acts;
  for (const person of uniqueSorted(st.display)) {
    const base = { actor: p, type: "buy", person };
    if (person === "landlady") for (const choice of GUEST_OPTIONS) acts.push({ ...base, choice });
    else if (person === "poet") for (const m of poetMoves(st, p)) acts.push({ ...base, ...m });
    else if (person === "magician") for (const m of magicianMoves(st, p)) acts.push({ ...base, ...m });
    else acts.push(base);
  }
  return acts;
}

function legalActions(st) {
  const phase = st.phase;
  if (CHANCE_PHASES.has(phase)) return chanceOutcomes(st).map(([a]) => a);
  if (phase === "play") return playActions(st, st.current);
  if (phase === "buy") return buyActions(st, st.current);
  if (phase === "draft") {
    const acts = [];
    for (const p of st.pending) {
      for (const card of uniqueSorted(st.players[p].draftHand)) acts.push({ actor: p, type: "keep", card });
    }
    return acts;
  }
  if (phase === "plague") {
    const acts = [];
    for (const p of st.pending) {
      for (const area of plagueCandidates(st, p)) acts.push({ actor: p, type: "lose_cube", area });
    }
    return acts;
  }
  return [];
}

// ------------------------------------------------------------------ effects

function gainPrestige(st, p, amount) {
  if (amount <= 0) return;
  const pl = st.players[p];
  let inPark = pl.areas.park;
  if (pl.friend === "park" && st.options.friend_in_park_bonus) inPark += 1;
  const bonus = Math.floor(inPark / 2); // ND-PARK-BONUS
  if (bonus) st.fired.push("ND-PARK-BONUS");
  pl.prestige += amount + bonus;
}

function removeRat(st, p) {
  const pl = st.players[p];
  if (pl.rats > 0 || !st.options.rat_floor) pl.rats -= 1;
  st.fired.push("ND-RATS-REMOVE");
}

function takeCubes(st, p, n) {
  const pl = st.players[p];
  const got = Math.min(n, pl.stock);
  pl.stock -= got;
  pl.cubes += got;
}

function applyGains(st, p, effect) {
  gainPrestige(st, p, effect.prestige || 0);
  st.players[p].coins += effect.coins || 0;
  takeCubes(st, p, effect.cubes || 0);
  for (let i = 0; i < (effect.rats_removed || 0); i++) removeRat(st, p);
}

function takeMessage(st, p, square) {
  const pl = st.players[p];
  const complete = setComplete(st, pl);
  const [colour, value] = st.board[square];
  delete st.board[square];
  if (complete) {
    st.fired.push("ND-MESSAGE-SET");
    pl.messageSet = new Set([colour]);
  } else {
    pl.messageSet.add(colour);
  }
  pl.messages.push([colour, value]);
  pl.messages.sort(compareTuples);
  st.fired.push("ND-MESSAGE-REWARD");
  applyGains(st, p, MESSAGE_EFFECTS.get(value));
}

function areaAction(st, p, area, a) {
  const pl = st.players[p];
  const count = people(pl, area);
  if (area === "bank") {
    pl.coins += count;
    st.fired.push("ND-BANK");
  } else if (area === "residence") {
    gainPrestige(st, p, count);
    st.fired.push("ND-RESIDENCE");
  } else if (area === "cloister") {
    takeCubes(st, p, count);
    st.fired.push("ND-CLOISTER");
  } else if (area === "carriage") {
    pl.carriage = a.square;
    st.fired.push("ND-CARRIAGE-MOVE");
    if (a.take) takeMessage(st, p, a.square);
  } else if (area === "guesthouse") {
    for (const choice of a.choices) {
      if (choice === "coin") pl.coins += 1;
      else if (choice === "cube") takeCubes(st, p, 1);
      else removeRat(st, p);
    }
    st.fired.push(a.choices.length === 2 ? "ND-GUEST-DOUBLE" : "ND-GUEST");
  } else if (area === "park") {
    removeRat(st, p);
    st.fired.push("ND-PARK");
  } else if (area === "hospital") {
    removeRat(st, p);
    st.fired.push("ND-HOSPITAL");
  }
}

function doPlay(st, p, a) {
  const pl = st.players[p];
  const card = a.card;
  removeOne(pl.cards, card);
  pl.played.push(card);
  pl.played.sort();
  st.fired.push("ND-PLAY-CARD");
  if (a.forgo) {
    st.fired.push("ND-PLAY-FORGO");
    return;
  }
  if (card === FRIEND) {
    pl.friend = a.area;
    st.fired.push("ND-FRIEND-PLACE");
    areaAction(st, p, a.area, a);
    return;
  }
  if (a.from === "hand") {
    pl.cubes -= 1;
    st.fired.push("ND-PLACE-CUBE");
  } else {
    pl.areas[a.from] -= 1;
    st.fired.push("ND-PLACE-MOVE");
  }
  if (card === NOTRE_DAME) {
    st.nd[p] += 1;
    pl.coins -= a.offering;
    st.fired.push("ND-ND-OFFERING");
    // errata may change the offering table through the "params" option (ND-ND-OFFERING)
    const table = ruleParam(st.options, "ND-ND-OFFERING", "offerings", {});
    const override = table[String(a.offering)];
    gainPrestige(st, p, override === undefined ? OFFERINGS.get(a.offering) : Math.trunc(Number(override)));
    return;
  }
  pl.areas[card] += 1;
  areaAction(st, p, card, a);
}

const CHOICE_GAIN = { coin: { coins: 1 }, cube: { cubes: 1 }, rat: { rats_removed: 1 } };

// cubes moved by the poet or the magician leave an area or Notre Dame (ND-PLACE-ND-SOURCE)
function takeFrom(st, p, source, cubes) {
  if (source === NOTRE_DAME) {
    st.nd[p] -= cubes;
    st.fired.push("ND-PLACE-ND-SOURCE");
  } else st.players[p].areas[source] -= cubes;
}

function doBuy(st, p, a) {
  const pl = st.players[p];
  const person = a.person;
  pl.coins -= 1;
  pl.bought = person;
  st.fired.push("ND-BUY-ONE");
  if (person === "landlady") {
    gainPrestige(st, p, 3);
    applyGains(st, p, CHOICE_GAIN[a.choice]);
    st.fired.push("ND-PERSON-LANDLADY");
  } else if (person === "monk") {
    takeCubes(st, p, 2);
    gainPrestige(st, p, 1);
    st.fired.push("ND-PERSON-MONK");
  } else if (person === "moneylender") {
    pl.coins += 2;
    gainPrestige(st, p, 1);
    st.fired.push("ND-PERSON-MONEYLENDER");
  } else if (person === "poet") {
    takeFrom(st, p, a.from, a.cubes);
    pl.areas[a.to] += a.cubes;
    if (a.friend) pl.friend = a.to;
    st.fired.push("ND-PERSON-POET");
  } else if (person === "magician") {
    if (a.piece === "friend") pl.friend = a.to;
    else {
      takeFrom(st, p, a.from, 1);
      pl.areas[a.to] += 1;
    }
    st.fired.push("ND-PERSON-MAGICIAN");
    areaAction(st, p, a.to, a);
  } else if (person === "doctor") {
    st.fired.push("ND-PERSON-DOCTOR");
  } else {
    applyGains(st, p, LETTERED_EFFECTS[person]);
    st.fired.push("ND-PERSONS-LETTERED");
  }
}

// ------------------------------------------------------------------ validation

const SHAPES = {
  place_messages: [{ district: "int", values: "list" }, {}],
  reveal_person: [{ person: "str" }, {}],
  draw_card: [{ player: "int", card: "str" }, {}],
  keep: [{ card: "str" }, {}],
  play: [
    { card: "str" },
    { forgo: "bool", area: "str", from: "str", square: "str", take: "bool", choices: "list", offering: "int" },
  ],
  pass: [{}, {}],
  buy: [
    { person: "str" },
    {
      choice: "str", from: "str", to: "str", cubes: "int", friend: "bool",
      piece: "str", square: "str", take: "bool", choices: "list",
    },
  ],
  lose_cube: [{ area: "str" }, {}],
};
const CHANCE_TYPES = new Set(["place_messages", "reveal_person", "draw_card"]);

function kindOk(value, kind) {
  if (kind === "int") return isInt(value);
  if (kind === "bool") return typeof value === "boolean";
  if (kind === "str") return typeof value === "string";
  return Array.isArray(value);
}

function checkShape(action, n) {
  if (action === null || typeof action !== "object" || Array.isArray(action)) {
    throw malformed(`an action must be a JSON object, got ${show(action)}`);
  }
  const actor = action.actor;
  if (actor !== "chance" && !(isInt(actor) && actor >= 0 && actor < n)) {
    throw malformed(`action.actor must be a seat 0..${n - 1} or 'chance': ${show(action)}`);
  }
  const kind = action.type;
  if (typeof kind !== "string" || !(kind in SHAPES)) {
    throw malformed(`action.type ${show(kind)} is not a Notre Dame action: ${show(action)}`);
  }
  if ((actor === "chance") !== CHANCE_TYPES.has(kind)) {
    throw malformed(`action.type ${show(kind)} does not fit actor ${show(actor)}: ${show(action)}`);
  }
  const [required, optional] = SHAPES[kind];
  for (const [name, want] of Object.entries(required)) {
    if (!(name in action)) throw malformed(`action.${name} is missing: ${show(action)}`);
    if (!kindOk(action[name], want)) throw malformed(`action.${name} must be ${want}: ${show(action)}`);
  }
  for (const [name, value] of Object.entries(action)) {
    if (name === "actor" || name === "type" || name in required) continue;
    if (!(name in optional)) throw malformed(`action.${name} is not a field of '${kind}': ${show(action)}`);
    if (!kindOk(value, optional[name])) {
      throw malformed(`action.${name} must be ${optional[name]}: ${show(action)}`);
    }
  }
  if ("choices" in action && !action.choices.every((v) => typeof v === "string")) {
    throw malformed(`action.choices has an item of the wrong type: ${show(action)}`);
  }
  if ("values" in action && !action.values.every(isInt)) {
    throw malformed(`action.values has an item of the wrong type: ${show(action)}`);
  }
}

// why a well-formed action is not legal here: the rule it breaks
function diagnose(st, a) {
  const where = `${show(a)} in round ${st.round}, phase ${st.phase}`;
  const actor = a.actor;
  const kind = a.type;
  if (st.phase === "over") return illegal("ND-END", `the game is over: ${where}`);
  const acting = toAct(st);
  if (!acting.includes(actor)) {
    const rule =
      { play: "ND-PLAY-ORDER", buy: "ND-BUY-ORDER", draft: "ND-DRAFT-KEEP1", plague: "ND-PLAGUE-CHOICE" }[
        st.phase
      ] || "ND-ROUND-PHASES";
    return illegal(rule, `${show(actor)} may not act now (to act: ${show(acting)}): ${where}`);
  }
  const phaseTypes = {
    setup: ["place_messages"],
    reveal: ["reveal_person"],
    deal: ["draw_card"],
    draft: ["keep"],
    play: ["play"],
    buy: ["buy", "pass"],
    plague: ["lose_cube"],
  }[st.phase];
  if (kind === "play" && st.phase === "buy") {
    return illegal("ND-PLAY-THIRD", `the third card is not played: ${where}`);
  }
  if (!phaseTypes.includes(kind)) {
    return illegal("ND-ROUND-PHASES", `'${kind}' is not an action of this phase: ${where}`);
  }
  if (actor === "chance") {
    const rule = { setup: "ND-SETUP-MESSAGES", reveal: "ND-PERSONS-REVEAL", deal: "ND-DRAFT-DRAW" }[st.phase];
    return illegal(rule, `not a possible chance outcome: ${where}`);
  }
  const pl = st.players[actor];
  if (kind === "keep") {
    const rule = st.draftStep === 1 ? "ND-DRAFT-KEEP1" : "ND-DRAFT-KEEP2";
    return illegal(rule, `'${a.card}' is not in the draft hand ${show(pl.draftHand)}: ${where}`);
  }
  if (kind === "lose_cube") {
    return illegal("ND-PLAGUE-CHOICE", `the cube must come from an area with the most people: ${where}`);
  }
  if (kind === "play") return a.forgo ? diagnoseForgo(st, actor, a, where) : diagnosePlay(st, pl, a, where);
  return diagnoseBuy(st, pl, a, where);
}

function diagnoseParams(st, pl, area, count, a, where) {
  if (area === "carriage") {
    const to = a.square;
    if (!within(st.ring, pl.carriage, count).includes(to)) {
      return illegal("ND-CARRIAGE-MOVE", `${show(to)} is not within ${count} squares of ${pl.carriage}: ${where}`);
    }
    if (a.take) {
      const message = st.board[to];
      if (message === undefined) return illegal("ND-CARRIAGE-STOP", `no message on ${to}: ${where}`);
      if (!mayTake(st, pl, message[0])) {
        return illegal("ND-MESSAGE-COLOR", `colour ${message[0]} already in the current set: ${where}`);
      }
    }
  }
  if (area === "guesthouse") {
    const choices = a.choices || [];
    if (choices.length < 1 || choices.length > 2 || choices.some((c) => !GUEST_OPTIONS.includes(c))) {
      return illegal("ND-GUEST", `choose one of coin, cube, rat: ${where}`);
    }
    if (choices.length === 2 && count < GUEST_DOUBLE_AT) {
      return illegal("ND-GUEST-DOUBLE", `two choices need 3 people, not ${count}: ${where}`);
    }
  }
  return illegal("ND-PLAY-CARD", `malformed parameters for the ${area} action: ${where}`);
}

function diagnoseForgo(st, actor, a, where) {
  const cards = st.players[actor].cards;
  if (!CARD_SET.has(a.card) || !cards.includes(a.card)) {
    return illegal("ND-DRAFT-CARDS", `'${a.card}' is not among the cards ${show(cards)}: ${where}`);
  }
  if (Object.keys(a).length !== 4 || a.forgo !== true) {
    return illegal("ND-PLAY-FORGO", `a forgone play names only the card: ${where}`);
  }
  if (cardActions(st, actor, a.card).length) {
    return illegal("ND-PLAY-FORGO", `the ${a.card} action can be performed, so the card must perform it: ${where}`);
  }
  return illegal("ND-PLAY-FORGO", `malformed forgone play: ${where}`);
}

function diagnosePlay(st, pl, a, where) {
  const card = a.card;
  if (!CARD_SET.has(card) || !pl.cards.includes(card)) {
    return illegal("ND-DRAFT-CARDS", `'${card}' is not among the cards ${show(pl.cards)}: ${where}`);
  }
  if (card === FRIEND) {
    const area = a.area;
    if (area === NOTRE_DAME) return illegal("ND-FRIEND-NOTND", `the friend cannot go to Notre Dame: ${where}`);
    if (!AREA_SET.has(area)) return illegal("ND-FRIEND-PLACE", `the friend needs an area of the district: ${where}`);
    if (area === pl.friend) return illegal("ND-FRIEND-MOVE", `the friend already stands in ${area}: ${where}`);
    return diagnoseParams(st, pl, area, pl.areas[area] + 1, a, where);
  }
  const src = a.from;
  if (src === "hand") {
    if (pl.cubes <= 0) {
      const movable = AREAS.some((x) => x !== card && pl.areas[x] > 0);
      return illegal(movable ? "ND-PLACE-MOVE" : "ND-PLACE-NONE", `no cube in hand: ${where}`);
    }
  } else if (AREA_SET.has(src)) {
    if (pl.cubes > 0) return illegal("ND-PLACE-MOVE", `cubes in hand must be placed first: ${where}`);
    if (src === card || pl.areas[src] <= 0) return illegal("ND-PLACE-NONE", `no cube to move from ${src}: ${where}`);
  } else if (src === NOTRE_DAME) {
    return illegal("ND-PLACE-MOVE-NOTND", `cubes at Notre Dame stay there: ${where}`);
  } else {
    return illegal("ND-PLACE-CUBE", `'from' must be 'hand' or an area: ${where}`);
  }
  if (card === NOTRE_DAME) {
    const offering = a.offering;
    if (!OFFERINGS.has(offering)) return illegal("ND-ND-OFFERING", `the offering is 1, 2 or 3 coins: ${where}`);
    if (offering > pl.coins) return illegal("ND-ND-PAY", `${offering} coins offered, ${pl.coins} held: ${where}`);
    return illegal("ND-ND-OFFERING", `malformed Notre Dame play: ${where}`);
  }
  return diagnoseParams(st, pl, card, people(pl, card) + 1, a, where);
}

function diagnoseBuy(st, pl, a, where) {
  const person = a.person;
  if (pl.coins < 1) return illegal("ND-BUY-ONE", `a person costs 1 coin, none held: ${where}`);
  if (!PERSONS.has(person) || !st.display.includes(person)) {
    return illegal("ND-BUY-ONE", `'${person}' is not on display ${show(st.display)}: ${where}`);
  }
  if ((person === "poet" || person === "magician") && a.from === NOTRE_DAME) {
    if (!st.options.notre_dame_source) return illegal("ND-PLACE-ND-SOURCE", `cubes at Notre Dame stay there: ${where}`);
    const held = st.nd[a.actor];
    if ((a.cubes === undefined ? 1 : a.cubes) > held) {
      return illegal("ND-PLACE-ND-SOURCE", `only ${held} cubes at Notre Dame: ${where}`);
    }
  }
  if (person === "poet") return illegal("ND-PERSON-POET", `not a legal poet move: ${where}`);
  if (person === "magician") return illegal("ND-PERSON-MAGICIAN", `not a legal magician move: ${where}`);
  if (person === "landlady") return illegal("ND-PERSON-LANDLADY", `choose coin, cube or rat: ${where}`);
  return illegal("ND-BUY-ONE", `unexpected parameters for ${person}: ${where}`);
}

// identity of a flat action: its fields in sorted order (lists compared item by item)
function actionKey(action) {
  return JSON.stringify(Object.keys(action).sort().map((k) => [k, action[k]]));
}

// validate first, mutate only once the action is known to be legal
function apply(st, action) {
  checkShape(action, st.num);
  const key = actionKey(action);
  const found = legalActions(st).find((a) => actionKey(a) === key);
  if (found === undefined) throw diagnose(st, action);
  st.fired = [];
  const actor = found.actor;
  if (actor === "chance") applyChance(st, found);
  else if (found.type === "keep") doKeep(st, actor, found.card);
  else if (found.type === "play") {
    doPlay(st, actor, found);
    afterPlay(st);
  } else if (found.type === "buy") {
    doBuy(st, actor, found);
    afterBuy(st);
  } else if (found.type === "pass") {
    st.fired.push("ND-BUY-OPTIONAL");
    afterBuy(st);
  } else if (found.type === "lose_cube") doLoseCube(st, actor, found.area);
}

// ND-TIEBREAK: most prestige, then most coins + cubes in hand; ties share the win
function outcome(st) {
  const scores = st.players.map((pl) => pl.prestige);
  const tiebreak = st.players.map((pl) => pl.coins + pl.cubes);
  let winners = [];
  if (isTerminal(st)) {
    let best = null;
    scores.forEach((s, i) => {
      if (best === null || s > best[0] || (s === best[0] && tiebreak[i] > best[1])) best = [s, tiebreak[i]];
    });
    winners = scores.map((s, i) => i).filter((i) => scores[i] === best[0] && tiebreak[i] === best[1]);
  }
  return { terminal: isTerminal(st), scores, winners, details: { tiebreak } };
}

// ------------------------------------------------------------------ options and new games

// The option every game accepts for rule parameters changed by errata, e.g.
// {"params": {"ND-ND-OFFERING": {"offerings": {"3": 7}}}}; kept in the state when not empty.
const PARAMS_OPTION = "params";

function ruleParam(options, ruleId, name, fallback) {
  const rule = (options[PARAMS_OPTION] || {})[ruleId] || {};
  return name in rule ? rule[name] : fallback;
}

function resolveOptions(options) {
  const resolved = { ...DEFAULT_OPTIONS };
  if (options === undefined || options === null) return resolved;
  if (typeof options !== "object" || Array.isArray(options)) {
    throw malformed(`options must be a JSON object, got ${show(options)}`);
  }
  for (const [name, value] of Object.entries(options)) {
    if (name === PARAMS_OPTION && !(name in resolved)) {
      // rule id -> {parameter: value}, set by errata; an empty object is dropped
      const ok = isObject(value) && Object.values(value).every(isObject);
      if (!ok) throw malformed(`option 'params' must map rule ids to objects, got ${show(value)}`);
      if (Object.keys(value).length) resolved[PARAMS_OPTION] = value;
      continue;
    }
    if (!(name in resolved)) {
      const known = Object.keys(resolved).sort().join(", ");
      throw malformed(`unknown option '${name}' for ${GAME_ID} (known: ${known})`);
    }
    if (typeof value !== typeof resolved[name]) {
      throw malformed(`option '${name}' must be ${typeof resolved[name]}, got ${show(value)}`);
    }
    resolved[name] = value;
  }
  return resolved;
}

function checkPlayers(n) {
  if (!isInt(n)) throw malformed(`num_players must be an integer, got ${show(n)}`);
  if (n < MIN_PLAYERS || n > MAX_PLAYERS) {
    throw unsupported(`${GAME_ID} is for ${MIN_PLAYERS}-${MAX_PLAYERS} players, not ${n}`);
  }
}

const SETUP_KEYS = ["messages", "start_player"];


function newGame(n, options, setup) {
  checkPlayers(n);
  const st = newState(n, resolveOptions(options));
  if (!setup || !Object.keys(setup).length) return st;
  if (typeof setup !== "object" || Array.isArray(setup)) {
    throw malformed(`setup must be a JSON object, got ${show(setup)}`);
  }
  for (const key of Object.keys(setup)) {
    if (!SETUP_KEYS.includes(key)) throw malformed(`setup.${key} is unknown (known: ${SETUP_KEYS.join(", ")})`);
  }
  if ("start_player" in setup) {
    const seat = setup.start_player;
    if (!isInt(seat) || seat < 0 || seat >= n) throw malformed(`setup.start_player must be a seat, got ${show(seat)}`);
    st.start = seat;
  }
  for (const [district, values] of Object.entries(setup.messages || {})) {
    const d = /^\s*[+-]?\d+\s*$/.test(district) ? Number(district) : NaN;
    if (Number.isNaN(d)) throw malformed(`setup.messages key '${district}' is not a district`);
    const ok =
      st.pending.includes(d) &&
      Array.isArray(values) &&
      values.every(isInt) &&
      show(values.slice().sort((x, y) => x - y)) === show(MESSAGE_VALUES);
    if (!ok) {
      throw malformed(
        `setup.messages.${district} must be a permutation of ${show(MESSAGE_VALUES)}` +
          ` for a district 0..${n - 1}, got ${show(values)}`,
      );
    }
    applyChance(st, { actor: "chance", type: "place_messages", district: d, values });
  }
  st.fired = [];
  return st;
}

// ------------------------------------------------------------------ canonical JSON

function playerJson(pl) {
  const areas = {};
  for (const a of AREAS) areas[a] = pl.areas[a];
  return {
    coins: pl.coins,
    prestige: pl.prestige,
    rats: pl.rats,
    cubes: pl.cubes,
    stock: pl.stock,
    areas,
    friend: pl.friend,
    carriage: pl.carriage,
    messages: pl.messages.map(([c, v]) => ({ color: c, value: v })),
    message_set: [...pl.messageSet].sort((x, y) => x - y),
    deck: pl.deck.slice(),
    draft_hand: pl.draftHand.slice(),
    cards: pl.cards.slice(),
    played: pl.played.slice(),
    bought: pl.bought,
  };
}

function toCanonical(st) {
  const options = {};
  for (const k of Object.keys(st.options).sort()) options[k] = st.options[k];
  const lettered = {};
  for (const k of Object.keys(st.lettered).sort()) lettered[k] = st.lettered[k].slice();
  const messages = {};
  for (const sq of Object.keys(st.board).sort()) {
    const [c, v] = st.board[sq];
    messages[sq] = { color: c, value: v };
  }
  return {
    game: GAME_ID,
    num_players: st.num,
    options,
    to_act: toAct(st),
    terminal: isTerminal(st),
    tile: TILES[String(st.num)],
    round: st.round,
    stage: stageOf(st.round),
    phase: st.phase,
    start_player: st.start,
    current: st.current,
    pending: st.pending.slice(),
    draft_step: st.draftStep,
    display: st.display.slice(),
    brown_deck: st.brownDeck.slice(),
    lettered,
    notre_dame: st.nd.slice(),
    messages,
    players: st.players.map(playerJson),
  };
}

const HIDDEN = ["deck", "draft_hand", "cards"];

// ND-DRAFT-HIDDEN: other players' decks, draft hands and cards become counts
function view(st, seat) {
  const state = toCanonical(st);
  state.players.forEach((pj, p) => {
    if (p !== seat) for (const name of HIDDEN) pj[name] = pj[name].length;
  });
  state.viewer = seat;
  return state;
}

// ------------------------------------------------------------------ load_state

const bad = (where, why, value) => malformed(`state.${where} ${why}, got ${show(value)}`);

function get(obj, key, where) {
  if (!isObject(obj)) throw bad(where, "must be an object", obj);
  if (!(key in obj)) throw malformed(where ? `state.${where}.${key} is missing` : `state.${key} is missing`);
  return obj[key];
}

function int(value, where, lo = null, hi = null) {
  if (!isInt(value)) throw bad(where, "must be an integer", value);
  if ((lo !== null && value < lo) || (hi !== null && value > hi)) {
    throw bad(where, `must be within ${lo}..${hi}`, value);
  }
  return value;
}

function names(value, where, allowed) {
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
    throw bad(where, "must be a list of names", value);
  }
  for (const v of value) if (!allowed.has(v)) throw bad(where, `has unknown name '${v}'`, value);
  return value.slice().sort();
}

function load(data) {
  if (!isObject(data)) throw malformed(`state must be a JSON object, got ${show(data)}`);
  if (get(data, "game", "") !== GAME_ID) throw bad("game", `must be '${GAME_ID}'`, data.game);
  const n = get(data, "num_players", "");
  checkPlayers(n);
  const st = newState(n, resolveOptions(get(data, "options", "")));
  st.round = int(get(data, "round", ""), "round", 1, ROUNDS);
  st.phase = get(data, "phase", "");
  if (!PHASES.includes(st.phase)) throw bad("phase", `must be one of ${PHASES.join(", ")}`, st.phase);
  st.start = int(get(data, "start_player", ""), "start_player", 0, n - 1);
  const current = get(data, "current", "");
  st.current = current === null ? null : int(current, "current", 0, n - 1);
  const pending = get(data, "pending", "");
  if (!Array.isArray(pending)) throw bad("pending", "must be a list", pending);
  st.pending = pending.map((p) => int(p, "pending", 0, n - 1)).sort((x, y) => x - y);
  if (new Set(st.pending).size !== st.pending.length) throw bad("pending", "names a seat twice", pending);
  const step = get(data, "draft_step", "");
  st.draftStep = step === null ? null : int(step, "draft_step", 1, 2);
  st.display = names(get(data, "display", ""), "display", PERSONS);
  st.brownDeck = names(get(data, "brown_deck", ""), "brown_deck", BROWN_SET);
  const lettered = get(data, "lettered", "");
  if (!isObject(lettered) || show(Object.keys(lettered).sort()) !== show(STAGES)) {
    throw bad("lettered", `must have the keys ${STAGES.join(", ")}`, lettered);
  }
  st.lettered = {};
  for (const [k, v] of Object.entries(lettered)) {
    st.lettered[k] = names(v, `lettered.${k}`, new Set(Object.keys(LETTERED[k])));
  }
  const nd = get(data, "notre_dame", "");
  if (!Array.isArray(nd) || nd.length !== n) throw bad("notre_dame", `must list ${n} cube counts`, nd);
  st.nd = nd.map((v, i) => int(v, `notre_dame.${i}`, 0));
  st.board = loadBoard(get(data, "messages", ""), n, st.ring);
  const players = get(data, "players", "");
  if (!Array.isArray(players) || players.length !== n) throw bad("players", `must list ${n} players`, players);
  st.players = players.map((pj, i) => loadPlayer(pj, `players.${i}`, n, st.ring));
  const problems = positionProblems(st, POSITION_FACTS);
  if (problems.length) {
    throw malformed(`state is not a position the rules can reach: ${problems.join("; ")}`);
  }
  settle(st); // a hand-edited reveal/deal position with nothing left to draw moves on
  if (toAct(st).length && !legalActions(st).length) {
    throw malformed(`state has ${show(toAct(st))} to act in phase ${st.phase} but no legal action`);
  }
  return st;
}

// what position.js needs to know of the game
const POSITION_FACTS = {
  cubesPerColour: CUBES_PER_COLOUR,
  outer: OUTER,
  rounds: ROUNDS,
  cardsPlayed: CARDS_PLAYED,
  displaySize: BROWN_PER_ROUND + 1,
  ratMax: RAT_MAX,
  plagueCandidates,
};

function loadBoard(value, n, ring) {
  if (!isObject(value)) throw bad("messages", "must map squares to messages", value);
  const graph = roadGraph(ring).graph;
  const board = {};
  for (const sq of Object.keys(value).sort()) {
    if (!graph.has(sq)) throw bad(`messages.${sq}`, "is not a square of the board", sq);
    const m = value[sq];
    const where = `messages.${sq}`;
    const colour = int(get(m, "color", where), `${where}.color`, 0, n - 1);
    const val = int(
      get(m, "value", where), `${where}.value`,
      MESSAGE_VALUES[0], MESSAGE_VALUES[MESSAGE_VALUES.length - 1],
    );
    board[sq] = [colour, val];
  }
  return board;
}

function loadPlayer(pj, where, n, ring) {
  const pl = {};
  pl.coins = int(get(pj, "coins", where), `${where}.coins`, 0);
  pl.prestige = int(get(pj, "prestige", where), `${where}.prestige`);
  pl.rats = int(get(pj, "rats", where), `${where}.rats`);
  pl.cubes = int(get(pj, "cubes", where), `${where}.cubes`, 0);
  pl.stock = int(get(pj, "stock", where), `${where}.stock`, 0);
  const areas = get(pj, "areas", where);
  if (!isObject(areas) || show(Object.keys(areas).sort()) !== show(AREAS.slice().sort())) {
    throw bad(`${where}.areas`, `must have exactly the areas ${AREAS.join(", ")}`, areas);
  }
  pl.areas = {};
  for (const a of AREAS) pl.areas[a] = int(areas[a], `${where}.areas.${a}`, 0);
  const friend = get(pj, "friend", where);
  if (friend !== null && !AREA_SET.has(friend)) throw bad(`${where}.friend`, "must be null or an area", friend);
  pl.friend = friend;
  const carriage = get(pj, "carriage", where);
  if (!roadGraph(ring).graph.has(carriage)) throw bad(`${where}.carriage`, "must be a square of the board", carriage);
  pl.carriage = carriage;
  const messages = get(pj, "messages", where);
  if (!Array.isArray(messages)) throw bad(`${where}.messages`, "must be a list", messages);
  pl.messages = messages
    .map((m) => [
      int(get(m, "color", `${where}.messages`), `${where}.messages.color`, 0, n - 1),
      int(get(m, "value", `${where}.messages`), `${where}.messages.value`, 1, 4),
    ])
    .sort(compareTuples);
  const mset = get(pj, "message_set", where);
  if (!Array.isArray(mset)) throw bad(`${where}.message_set`, "must be a list of colours", mset);
  pl.messageSet = new Set(mset.map((c) => int(c, `${where}.message_set`, 0, n - 1)));
  pl.deck = names(get(pj, "deck", where), `${where}.deck`, CARD_SET);
  pl.draftHand = names(get(pj, "draft_hand", where), `${where}.draft_hand`, CARD_SET);
  pl.cards = names(get(pj, "cards", where), `${where}.cards`, CARD_SET);
  pl.played = names(get(pj, "played", where), `${where}.played`, CARD_SET);
  const bought = get(pj, "bought", where);
  if (bought !== null && !PERSONS.has(bought)) throw bad(`${where}.bought`, "must be null or a person", bought);
  pl.bought = bought;
  return pl;
}

module.exports = {
  BUGS,
  DEFAULT_OPTIONS,
  EngineError,
  GAME_ID,
  MAX_PLAYERS,
  MIN_PLAYERS,
  apply,
  chanceOutcomes,
  isTerminal,
  legalActions,
  load,
  malformed,
  newGame,
  outcome,
  toAct,
  toCanonical,
  unsupported,
  view,
};
