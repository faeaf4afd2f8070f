Feature: Villagers solo setup

  Rule: VL-SETUP-SOLO One player against the Countess

    @VL-SETUP-SOLO
    Scenario: A solo game has one seat and the Countess's side
      Given a new "villagers" game with 1 player
      Then the position has:
        """
        num_players = 1
        countess.gold = 1
        to_act = ["chance"]
        """

    @VL-SETUP-SOLO
    Scenario: The solo summary does not cover a two-player game
      When a new "villagers" game with 2 players is requested
      Then the request is refused as unsupported

  Rule: VL-SETUP-REMOVE Special, Wool and Leather cards are out of the game

    @VL-SETUP-REMOVE
    Scenario: No special, wool or leather villager can be drawn
      Given a new "villagers" game with 1 player
      Then the legal actions do not include:
        """
        {"actor": "chance", "type": "draw", "card": "Monk"}
        """
      And the legal actions do not include:
        """
        {"actor": "chance", "type": "draw", "card": "Shepherd"}
        """
      And the legal actions do not include:
        """
        {"actor": "chance", "type": "draw", "card": "Tanner"}
        """

  Rule: VL-SETUP-ROAD Six starting villagers on the road

    @VL-SETUP-ROAD @VL-COMP-ROAD
    Scenario: The road starts with the six starting villagers and no coins
      Given a new "villagers" game with 1 player
      Then the road is "Blacksmith, Carpenter, Grazier, Harvester, Swineherd, Thatcher"

  Rule: VL-SETUP-BASICS Ten of each basic villager

    @VL-SETUP-BASICS
    Scenario: The basic supply holds 10 Hayers, 10 Lumberjacks and 10 Miners
      Given a new "villagers" game with 1 player
      Then the position has:
        """
        basics = {"Hayer": 10, "Lumberjack": 10, "Miner": 10}
        """

    @VL-SETUP-BASICS
    Scenario: A basic Miner in hand is refused
      Given a villagers game at step "build"
      When the position is loaded:
        """
        player.hand = ["Miner"]
        basics.Miner = 9
        """
      Then the request is refused as malformed

    @VL-SETUP-BASICS
    Scenario Outline: A position with an eleventh <basic> is refused
      Given a villagers game at step "build"
      When the position is loaded:
        """
        <edit>
        """
      Then the request is refused as malformed

      Examples:
        | basic      | edit                                               |
        | Lumberjack | basics.Lumberjack = 11                             |
        | Miner      | player.village = [[{"card": "Miner", "coins": 0}]] |

  Rule: VL-SETUP-FOUNDERS The Founders starts gold side up

    @VL-SETUP-FOUNDERS
    Scenario: The Founders is gold side up and the village otherwise empty
      Given a new "villagers" game with 1 player
      Then the position has:
        """
        player.founders = "gold"
        player.village = []
        """

  Rule: VL-SETUP-SQUARE The player has an empty village square

    @VL-SETUP-SQUARE
    Scenario: The village square starts empty
      Given a new "villagers" game with 1 player
      Then "player.square" is []

  Rule: VL-SETUP-GOLD The player starts with 8 gold

    @VL-SETUP-GOLD
    Scenario: Eight gold in the player's supply
      Given a new "villagers" game with 1 player
      Then "player.gold" is 8

  Rule: VL-SETUP-STACKS Six stacks of five

    @VL-SETUP-STACKS
    Scenario: Six face-down stacks of five cards
      Given a new "villagers" game with 1 player
      Then the position has:
        """
        stacks.0.hidden = 5
        stacks.3.hidden = 5
        stacks.5.hidden = 5
        stacks.0.known = []
        """

    @VL-SETUP-STACKS
    Scenario: A draft from a seventh stack is refused
      Given a villagers game at step "countess"
      When the position is loaded:
        """
        chance = {"kind": "square", "stack": 6}
        """
      Then the request is refused as malformed

    @VL-SETUP-STACKS @VL-DRAFT-STACK
    Scenario: A position loaded with a draft from the third stack pending draws from it
      Given a villagers game at step "countess" with:
        """
        chance = {"kind": "square", "stack": 2}
        """
      When chance reveals:
        """
        {"type": "draw", "card": "Cooper"}
        """
      Then the position has:
        """
        player.square = ["Cooper"]
        stacks.2.hidden = 4
        """

    @VL-SETUP-STACKS @VL-SETUP-RESERVE
    Scenario: A face-down card gone from a stack to nowhere is refused
      Given a villagers game at step "build"
      When the position is loaded:
        """
        stacks.0.hidden = 4
        """
      Then the request is refused as malformed

    @VL-SETUP-STACKS @VL-DRAFT-STACK
    Scenario: A position loaded with a draft pending from a stack's last hidden card draws it
      Given a villagers game at step "countess" with:
        """
        stacks.3.hidden = 1
        chance = {"kind": "square", "stack": 3}
        """
      When chance reveals:
        """
        {"type": "draw", "card": "Fisher"}
        """
      Then the position has:
        """
        player.square = ["Fisher"]
        stacks.3.hidden = 0
        """

    @VL-SETUP-STACKS @VL-DRAFT-STACK
    Scenario: A draft pending from a stack with no hidden card is refused
      Given a villagers game at step "countess" with:
        """
        stacks.3.hidden = 0
        """
      When the position is loaded:
        """
        chance = {"kind": "square", "stack": 3}
        """
      Then the request is refused as malformed

  Rule: VL-SETUP-RESERVE The rest forms the reserve

    @VL-SETUP-RESERVE @VL-COMP-COPIES
    Scenario: 78 villagers minus 30 in the stacks leave 48 in the reserve
      Given a new "villagers" game with 1 player
      Then "reserve" is 48

    @VL-SETUP-RESERVE
    Scenario: A reserve of 49 beside six full stacks is refused
      Given a villagers game at step "build"
      # 84 cards: 6 on the road, 30 in the stacks, so the reserve holds 48
      When the position is loaded:
        """
        reserve = 49
        """
      Then the request is refused as malformed

  Rule: VL-SETUP-MARKETS Market cards under the second and the rightmost stack

    @VL-SETUP-MARKETS
    Scenario: First market under stack 2, second under stack 6
      Given a new "villagers" game with 1 player
      Then the position has:
        """
        stacks.0.market = null
        stacks.1.market = 1
        stacks.4.market = null
        stacks.5.market = 2
        markets = {"first": "hidden", "second": "hidden"}
        """

    @VL-SETUP-MARKETS
    Scenario: A hidden first market card under no stack is refused
      Given a villagers game at step "build"
      When the position is loaded:
        """
        stacks.1.market = null
        """
      Then the request is refused as malformed

    @VL-SETUP-MARKETS @VL-MARKET-REVEAL
    Scenario: An emptied second stack still hiding the first market card is refused
      Given a villagers game at step "build"
      # its five cards moved to the reserve: 48 + 5
      When the position is loaded:
        """
        stacks.1.hidden = 0
        reserve = 53
        """
      Then the request is refused as malformed

    @VL-SETUP-MARKETS
    Scenario: A market card under the first stack is refused
      Given a villagers game at step "build"
      When the position is loaded:
        """
        stacks.0.market = 1
        """
      Then the request is refused as malformed

    @VL-SETUP-MARKETS
    Scenario: A hidden second market card under no stack is refused
      Given a villagers game at step "build"
      When the position is loaded:
        """
        stacks.5.market = null
        """
      Then the request is refused as malformed

  Rule: VL-SETUP-HAND Five cards from the reserve

    @VL-SETUP-HAND @VL-COMP-COPIES
    Scenario: The hand is dealt card by card from the reserve
      Given a new "villagers" game with 1 player
      Then chance draws "Agent" with probability "1/39"
      And chance draws "Swineherd" with probability "1/39"
      And there are 39 chance outcomes
      When these actions are applied:
        """
        [{"actor": "chance", "type": "draw", "card": "Cooper"},
         {"actor": "chance", "type": "draw", "card": "Cooper"},
         {"actor": "chance", "type": "draw", "card": "Agent"},
         {"actor": "chance", "type": "draw", "card": "Brewer"},
         {"actor": "chance", "type": "draw", "card": "Fisher"}]
        """
      Then the position has:
        """
        player.hand = ["Agent", "Brewer", "Cooper", "Cooper", "Fisher"]
        reserve = 43
        chance.kind = "event"
        chance.deck = "summer"
        """

  Rule: VL-SETUP-JESTER The Jester is beside the square

    @VL-SETUP-JESTER
    Scenario: The Jester is available at the start
      Given a new "villagers" game with 1 player
      Then "jester" is true

  Rule: VL-SETUP-EVENTS Two shuffled event decks

    @VL-SETUP-EVENTS @VL-COMP-EVENTS
    Scenario: The summer and winter decks are separate
      Given a new "villagers" game with 1 player
      Then the position has:
        """
        events.summer = ["e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "e10", "e11", "e12"]
        events.winter = ["e13", "e14", "e15", "e16", "e17", "e18", "e19", "e20", "e21", "e22", "e23", "e24"]
        events.active = []
        """

  Rule: VL-SETUP-FIRST-EVENT One summer event is revealed

    @VL-SETUP-FIRST-EVENT
    Scenario: The first summer event is revealed and the draft begins
      Given a new "villagers" game with 1 player
      # reveal.left counts the events still to reveal in step reveal: none while the hand is
      # dealt, one summer event once it is complete, none when it is revealed
      Then "reveal.left" is 0
      When these actions are applied:
        """
        [{"actor": "chance", "type": "draw", "card": "Cooper"},
         {"actor": "chance", "type": "draw", "card": "Cooper"},
         {"actor": "chance", "type": "draw", "card": "Agent"},
         {"actor": "chance", "type": "draw", "card": "Brewer"},
         {"actor": "chance", "type": "draw", "card": "Fisher"}]
        """
      Then chance draws "e5" with probability "1/12"
      And there are 12 chance outcomes
      And the position has:
        """
        step = "reveal"
        reveal = {"left": 1, "deck": "summer"}
        """
      When chance reveals:
        """
        {"type": "event", "event": "e5"}
        """
      Then the position has:
        """
        events.active = ["e5"]
        phase = "draft"
        step = "take"
        round = 1
        """

  Rule: VL-SETUP-COUNTESS The Countess card gold side up in her village

    @VL-SETUP-COUNTESS @VL-COMP-COUNTESS-MARKET
    Scenario: The Countess card alone earns her 4 gold at the first market
      Given a villagers game at step "events" with:
        """
        markets.first = "revealed"
        reserve = 0
        """
      Then the position has:
        """
        countess.gold = 5
        countess.village = []
        """

  Rule: VL-SETUP-COUNTESS-GOLD The Countess starts with 1 gold

    @VL-SETUP-COUNTESS-GOLD
    Scenario: One gold in the Countess's supply
      Given a new "villagers" game with 1 player
      Then the position has:
        """
        countess.gold = 1
        countess.village = []
        """
