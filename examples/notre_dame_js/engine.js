#!/usr/bin/env node
"use strict";
// An example third-party engine: Notre Dame over the rulespec protocol v1 (JSON Lines on
// stdin/stdout), in plain Node.js with no dependencies. See README.md next to this file.
//
//   node examples/notre_dame_js/engine.js          the correct engine
//   node examples/notre_dame_js/engine.js --bug    with the documented deliberate bug
//   node examples/notre_dame_js/engine.js --bug=plague-at-9   another documented bug
//   NOTRE_DAME_JS_BUG=road-no-wrap node examples/notre_dame_js/engine.js   (as --bug)

const readline = require("readline");
const game = require("./game");

const ENGINE = { name: "notre-dame-js", version: "1.0.0", language: "javascript" };
const PROTOCOL = 1;
const CAPABILITIES = ["load_state", "legal_actions", "chance", "views", "fired", "outcome", "validates_positions"];
const KNOWN_BUGS = ["road-no-wrap", "plague-at-9"]; // the first is what --bug enables

function enableBugs(argv, env) {
  const wanted = [];
  for (const arg of argv) {
    if (arg === "--bug") wanted.push(KNOWN_BUGS[0]);
    else if (arg.startsWith("--bug=")) wanted.push(arg.slice("--bug=".length));
    else throw new Error(`unknown argument ${arg} (known: --bug, --bug=${KNOWN_BUGS.join("|")})`);
  }
  if (env.NOTRE_DAME_JS_BUG) wanted.push(env.NOTRE_DAME_JS_BUG === "1" ? KNOWN_BUGS[0] : env.NOTRE_DAME_JS_BUG);
  for (const bug of wanted) {
    if (!KNOWN_BUGS.includes(bug)) throw new Error(`unknown bug ${bug} (known: ${KNOWN_BUGS.join(", ")})`);
    game.BUGS.add(bug);
  }
}

// request fields per command: name -> check; unknown fields are malformed
const isInt = (v) => typeof v === "number" && Number.isInteger(v);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const REQUESTS = {
  handshake: { required: ["protocol"], fields: { protocol: (v) => Array.isArray(v) && v.length > 0 && v.every(isInt) } },
  new_game: {
    required: ["game", "num_players"],
    fields: {
      game: (v) => typeof v === "string",
      num_players: (v) => isInt(v) && v >= 1,
      options: isObject,
      setup: isObject,
    },
  },
  load_state: { required: ["state"], fields: { state: isObject } },
  state: { required: [], fields: { view: (v) => isInt(v) && v >= 0 } },
  legal_actions: { required: [], fields: {} },
  apply: {
    required: ["action"],
    fields: {
      action: (v) =>
        isObject(v) && (v.actor === "chance" || (isInt(v.actor) && v.actor >= 0)) &&
        typeof v.type === "string" && v.type.length > 0,
    },
  },
  outcome: { required: [], fields: {} },
  stop: { required: [], fields: {} },
};

function checkRequest(command, request) {
  const spec = REQUESTS[command];
  for (const name of spec.required) {
    if (!(name in request)) throw game.malformed(`${command}: '${name}' is a required property`);
  }
  for (const [name, value] of Object.entries(request)) {
    if (name === "id" || name === "cmd") continue;
    if (!(name in spec.fields)) throw game.malformed(`${command}: unexpected property '${name}'`);
    if (!spec.fields[name](value)) throw game.malformed(`${command}: '${name}' has the wrong shape: ${JSON.stringify(value)}`);
  }
}

class Session {
  constructor() {
    this.position = null;
    this.stopped = false;
  }

  current() {
    if (this.position === null) throw game.malformed("no game in progress: send new_game or load_state first");
    return this.position;
  }

  handle(request) {
    let id = isObject(request) ? request.id : null;
    if (!(isInt(id) || typeof id === "string")) id = null;
    const command = isObject(request) ? request.cmd : undefined;
    try {
      if (typeof command !== "string" || !(command in REQUESTS)) {
        throw game.malformed(`unknown command ${JSON.stringify(command)}`);
      }
      if (id === null) throw game.malformed(`${command}: 'id' must be an integer or a string`);
      checkRequest(command, request);
      return { id, ok: true, result: this[command](request) };
    } catch (error) {
      if (error instanceof game.EngineError) return { id, ok: false, error: error.toJSON() };
      return { id, ok: false, error: { kind: "internal", message: `internal error in ${command}: ${error.stack || error}` } };
    }
  }

  handshake(request) {
    if (!request.protocol.includes(PROTOCOL)) {
      throw game.unsupported(`driver speaks protocol ${JSON.stringify(request.protocol)}, engine speaks [${PROTOCOL}]`);
    }
    return {
      protocol: PROTOCOL,
      engine: ENGINE,
      games: [
        {
          id: game.GAME_ID,
          min_players: game.MIN_PLAYERS,
          max_players: game.MAX_PLAYERS,
          options: { ...game.DEFAULT_OPTIONS },
        },
      ],
      capabilities: CAPABILITIES,
    };
  }

  checkGame(id) {
    if (id !== game.GAME_ID) throw game.unsupported(`unknown game '${id}' (available: ${game.GAME_ID})`);
  }

  new_game(request) {
    this.checkGame(request.game);
    const state = game.newGame(request.num_players, request.options, request.setup);
    this.position = state;
    return { state: game.toCanonical(state) };
  }

  load_state(request) {
    this.checkGame(request.state.game);
    const state = game.load(request.state);
    this.position = state;
    return { state: game.toCanonical(state) };
  }

  state(request) {
    const st = this.current();
    if (request.view === undefined) return { state: game.toCanonical(st) };
    if (request.view >= st.num) throw game.malformed(`view ${request.view}: there are only seats 0..${st.num - 1}`);
    return { state: game.view(st, request.view) };
  }

  legal_actions() {
    const st = this.current();
    const toAct = game.toAct(st);
    if (toAct.includes("chance")) {
      const outcomes = game.chanceOutcomes(st);
      return {
        to_act: toAct,
        actions: outcomes.map(([action]) => action),
        chance: outcomes.map(([action, probability]) => ({ action, probability })),
      };
    }
    return { to_act: toAct, actions: game.legalActions(st) };
  }

  apply(request) {
    const st = this.current();
    if (game.isTerminal(st)) throw game.malformed("the game is over: no action can be applied");
    game.apply(st, request.action);
    return { to_act: game.toAct(st), terminal: game.isTerminal(st), fired: st.fired.slice() };
  }

  outcome() {
    return game.outcome(this.current());
  }

  stop() {
    this.stopped = true;
    return {};
  }
}

function main() {
  try {
    enableBugs(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`notre-dame-js: ${error.message}\n`);
    process.exit(2);
  }
  if (game.BUGS.size) process.stderr.write(`notre-dame-js: deliberate bug enabled: ${[...game.BUGS].join(", ")}\n`);
  const session = new Session();
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  let lineNumber = 0;
  input.on("line", (line) => {
    lineNumber += 1;
    if (session.stopped || !line.trim()) return;
    let reply;
    try {
      reply = session.handle(JSON.parse(line));
    } catch (error) {
      reply = { id: null, ok: false, error: { kind: "malformed", message: `line ${lineNumber}: not JSON: ${error.message}` } };
    }
    process.stdout.write(JSON.stringify(reply) + "\n");
    if (session.stopped) {
      input.close();
      process.exit(0);
    }
  });
  input.on("close", () => process.exit(0));
}

main();
