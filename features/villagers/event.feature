Feature: Villagers solo event phase

  Rule: VL-EVENT-TIMING Events timed for another phase act in that phase

    @VL-EVENT-TIMING
    Scenario: Rats revealed in the event phase waits for the next draft
      Given a villagers game at step "reveal" with:
        """
        chance = {"kind": "event", "deck": "winter"}
        reveal = {"left": 1, "deck": "winter"}
        """
      When chance reveals:
        """
        {"type": "event", "event": "e24"}
        """
      Then the position has:
        """
        events.active = ["e24"]
        round = 2
        step = "rats"
        """

    @VL-EVENT-TIMING @VL-EVENT-ARSON
    Scenario: A build-phase event acts in one build phase and is then discarded
      Given a villagers game at step "build" with:
        """
        events.active = ["e15"]
        events.discard = []
        village = Harvester
        """
      When player 0 plays:
        """
        {"type": "end_build"}
        """
      Then the position has:
        """
        events.active = []
        events.discard = ["e15"]
        """

    @VL-EVENT-TIMING @VL-EVENT-RATS
    Scenario: A draft-phase event acts in one draft phase and is then discarded
      Given a villagers game at step "countess" with:
        """
        events.active = ["e24"]
        events.discard = []
        road = Brewer, Cooper, Wheeler, Seeker, Mason
        player.square = ["Fisher"]
        draft.limit = 1
        draft.taken = 0
        stacks.0.known = ["Hunter", "Hunter"]
        """
      When player 0 plays:
        """
        {"type": "countess_build", "card": "Brewer", "coins": 0}
        """
      Then the position has:
        """
        events.active = []
        events.discard = ["e24"]
        """

    @VL-EVENT-TIMING @VL-EVENT-SERFDOM
    Scenario: A build-phase event is spent when the build phase ends
      Given a villagers game at step "build" with:
        """
        events.active = ["e8"]
        events.discard = ["e17"]
        """
      When player 0 plays:
        """
        {"type": "end_build"}
        """
      Then the position has:
        """
        events.active = []
        events.discard = ["e8", "e17"]
        """

  Rule: VL-EVENT-JESTER Once per game the Jester cancels an event

    @VL-EVENT-JESTER
    Scenario: The Jester cancels Tribute
      Given a villagers game at step "events" with:
        """
        events.active = ["e17"]
        player.hand = ["Cooper", "Fisher", "Agent"]
        """
      When player 0 plays:
        """
        {"type": "jester", "event": "e17"}
        """
      Then the position has:
        """
        jester = false
        events.active = []
        events.discard = ["e17"]
        player.gold = 8
        countess.gold = 1
        """

    @VL-EVENT-JESTER @VL-EVENT-RATS
    Scenario: The Jester cancels the Rats before its choice is made
      Given a villagers game at step "rats" with:
        """
        events.active = ["e24"]
        """
      When player 0 plays:
        """
        {"type": "jester", "event": "e24"}
        """
      Then the position has:
        """
        step = "take"
        draft.limit = 2
        player.gold = 8
        events.discard = ["e24"]
        """

    @VL-EVENT-JESTER
    Scenario: A used Jester cannot be played again
      Given a villagers game at step "events" with:
        """
        events.active = ["e17"]
        jester = false
        """
      When player 0 plays:
        """
        {"type": "jester", "event": "e17"}
        """
      Then the action is rejected citing rule "VL-EVENT-JESTER"

    @VL-EVENT-JESTER
    Scenario Outline: A Jester of the wrong shape (<what>) is refused as malformed
      Given a villagers game at step "events" with:
        """
        events.active = ["e17"]
        """
      When the action is applied:
        """
        <action>
        """
      Then the action is refused as malformed

      Examples:
        | what | action |
        | an event given as a number | {"actor": 0, "type": "jester", "event": 17} |

    @VL-EVENT-JESTER @VL-EVENT-RATS
    Scenario: The Jester cancelling another event leaves the Rats choice to be made
      Given a villagers game at step "rats" with:
        """
        events.active = ["e17", "e24"]
        """
      When player 0 plays:
        """
        {"type": "jester", "event": "e17"}
        """
      Then the position has:
        """
        step = "rats"
        events.active = ["e24"]
        jester = false
        """

    @VL-EVENT-JESTER @VL-EVENT-ARSON
    Scenario: The Jester cancelling another event leaves the Arson choice to be made
      Given a villagers game at step "arson" with:
        """
        events.active = ["e15", "e17"]
        """
      When player 0 plays:
        """
        {"type": "jester", "event": "e17"}
        """
      Then the position has:
        """
        step = "arson"
        events.active = ["e15"]
        jester = false
        """

    @VL-EVENT-JESTER @VL-EVENT-ARSON
    Scenario: The Jester cancels Arson before its choice is made
      Given a villagers game at step "arson" with:
        """
        events.active = ["e15"]
        """
      When player 0 plays:
        """
        {"type": "jester", "event": "e15"}
        """
      Then the position has:
        """
        step = "build"
        build.limit = 2
        player.gold = 8
        events.active = []
        events.discard = ["e15"]
        """

  Rule: VL-EVENT-ORDER Active events resolve in any order

    @VL-EVENT-ORDER
    Scenario: Tribute may be resolved before Land Claim
      Given a villagers game at step "events" with:
        """
        events.active = ["e5", "e17"]
        player.hand = ["Cooper", "Fisher"]
        village = Lumberjack ; Miner
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e17"}
        """
      Then the position has:
        """
        player.gold = 6
        events.active = ["e5"]
        events.discard = ["e17"]
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e5"}
        """
      Then the position has:
        """
        player.gold = 2
        countess.gold = 7
        events.active = []
        """

    @VL-EVENT-ORDER
    Scenario: An event that is not active cannot be resolved
      Given a villagers game at step "events" with:
        """
        events.active = ["e5"]
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e3"}
        """
      Then the action is rejected citing rule "VL-EVENT-ORDER"

    @VL-EVENT-ORDER
    Scenario Outline: An event resolution of the wrong shape (<what>) is refused as malformed
      Given a villagers game at step "events" with:
        """
        events.active = ["e17", "e22"]
        player.hand = ["Cooper"]
        """
      When the action is applied:
        """
        <action>
        """
      Then the action is refused as malformed

      Examples:
        | what | action |
        | no event named | {"actor": 0, "type": "resolve_event"} |
        | an unknown event | {"actor": 0, "type": "resolve_event", "event": "e25"} |
        | Abduction without its card | {"actor": 0, "type": "resolve_event", "event": "e22"} |

    # Step 1 is over once no active event timed "event" is left: step 2, the Countess's
    # build from the reserve (line 58), follows.
    @VL-EVENT-ORDER
    Scenario: Once the last active event is resolved and discarded, step 2 follows
      Given a villagers game at step "events" with:
        """
        events.active = ["e3"]
        """
      Then "step" is "events"
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e3"}
        """
      Then the position has:
        """
        events.active = []
        events.discard = ["e3"]
        step = "countess_build"
        """

  Rule: VL-EVENT-COUNTESS-BUILD The Countess builds the reserve's top card

    @VL-EVENT-COUNTESS-BUILD
    Scenario: After the events the Countess builds from the reserve
      Given a villagers game at step "events"
      Then the position has:
        """
        chance.kind = "countess_reveal"
        chance.stack = null
        """
      When chance reveals:
        """
        {"type": "draw", "card": "Jeweler"}
        """
      Then the Countess's village is "Jeweler"
      And "reserve" is 47

    # Line 58: she draws one card (1枚) from the reserve and builds it; step 3 follows
    @VL-EVENT-COUNTESS-BUILD
    Scenario: The Countess builds a single card from the reserve
      Given a villagers game at step "events" with:
        """
        reserve = 3
        """
      When chance reveals:
        """
        {"type": "draw", "card": "Cooper"}
        """
      Then the Countess's village is "Cooper"
      And the position has:
        """
        reserve = 2
        step = "reveal"
        """

    @VL-EVENT-COUNTESS-BUILD @VL-EVENT-EMPTY
    Scenario: With one card left in the reserve the Countess still builds it
      Given a villagers game at step "events" with:
        """
        reserve = 1
        """
      Then "chance" is {"kind": "countess_reveal", "stack": null}

  Rule: VL-EVENT-REVEAL Events revealed by her card's gold: 0 three, 1-9 two, 10+ one

    @VL-EVENT-REVEAL
    Scenario: A Jeweler (20 gold) reveals one event
      Given a villagers game at step "events"
      When chance reveals:
        """
        {"type": "draw", "card": "Jeweler"}
        """
      Then the position has:
        """
        reveal.left = 1
        chance.kind = "event"
        chance.deck = "summer"
        """

    # Line 61: a card of 10 gold or more reveals one event, so none is drawn after it
    @VL-EVENT-REVEAL
    Scenario: The one event a Jeweler reveals is the last one drawn
      Given a villagers game at step "events"
      When chance reveals:
        """
        {"type": "draw", "card": "Jeweler"}
        """
      And chance reveals:
        """
        {"type": "event", "event": "e4"}
        """
      Then the position has:
        """
        reveal.left = 0
        chance = null
        to_act = [0]
        events.active = ["e4"]
        """

    @VL-EVENT-REVEAL
    Scenario: A Cooper (4 gold) reveals two events
      Given a villagers game at step "events"
      When chance reveals:
        """
        {"type": "draw", "card": "Cooper"}
        """
      Then "reveal.left" is 2

    @VL-EVENT-REVEAL
    Scenario: A Carpenter (no gold) reveals three events
      Given a villagers game at step "events"
      When chance reveals:
        """
        {"type": "draw", "card": "Carpenter"}
        """
      Then "reveal.left" is 3
      When chance reveals:
        """
        {"type": "event", "event": "e4"}
        """
      Then the position has:
        """
        reveal.left = 2
        events.active = ["e4"]
        """

    @VL-EVENT-REVEAL
    Scenario: A Cartwright (9 gold, the top of 1-9) reveals two events
      Given a villagers game at step "events"
      When chance reveals:
        """
        {"type": "draw", "card": "Cartwright"}
        """
      Then "reveal.left" is 2

    @VL-EVENT-REVEAL
    Scenario: A Spelunker (10 gold, the start of 10+) reveals one event
      Given a villagers game at step "events"
      When chance reveals:
        """
        {"type": "draw", "card": "Spelunker"}
        """
      Then "reveal.left" is 1

    # reveal.left counts the events still owed while they are revealed (step reveal): a
    # draft with two reveals pending is no position of the game
    @VL-EVENT-REVEAL
    Scenario: A position with events left to reveal outside the reveal step is refused
      Given a villagers game at step "take"
      When the position is loaded:
        """
        reveal.left = 2
        """
      Then the request is refused as malformed

    @VL-EVENT-REVEAL
    Scenario: An event reveal that names no event is refused as malformed
      Given a villagers game at step "reveal" with:
        """
        reveal = {"left": 1, "deck": "summer"}
        """
      When chance reveals:
        """
        {"type": "event"}
        """
      Then the action is refused as malformed

  Rule: VL-EVENT-DECKS Summer before the first market, winter after

    @VL-EVENT-DECKS
    Scenario: After the first market the events come from the winter deck
      Given a villagers game at step "events" with:
        """
        markets.first = "resolved"
        """
      When chance reveals:
        """
        {"type": "draw", "card": "Cooper"}
        """
      Then "chance.deck" is "winter"
      And chance draws "e13" with probability "1/12"

    @VL-EVENT-DECKS
    Scenario: A first market revealed but not yet resolved still leaves the summer deck
      # villagers-solo.ja.txt:61 and the rule: summer until the first market is resolved
      Given a villagers game at step "events" with:
        """
        markets.first = "revealed"
        """
      When chance reveals:
        """
        {"type": "draw", "card": "Cooper"}
        """
      Then "chance.deck" is "summer"

    @VL-EVENT-DECKS @VL-SETUP-EVENTS
    Scenario: A summer event shuffled into the winter deck is refused
      Given a villagers game at step "build"
      When the position is loaded:
        """
        events.summer = ["e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9", "e10", "e11", "e12"]
        events.winter = ["e1", "e13", "e14", "e15", "e16", "e17", "e18", "e19", "e20", "e21", "e22", "e23", "e24"]
        """
      Then the request is refused as malformed

    @VL-EVENT-DECKS
    Scenario: An event reveal from a deck that is neither summer nor winter is refused
      Given a villagers game at step "reveal" with:
        """
        reveal = {"left": 1, "deck": "summer"}
        """
      Then "chance" is {"kind": "event", "deck": "summer"}
      When the position is loaded:
        """
        chance.deck = "autumn"
        """
      Then the request is refused as malformed

    @VL-EVENT-DECKS @VL-EVENT-REVEAL
    Scenario: A position loaded with a winter event reveal pending reveals it
      Given a villagers game at step "reveal" with:
        """
        reveal = {"left": 1, "deck": "winter"}
        chance = {"kind": "event", "deck": "winter"}
        """
      When chance reveals:
        """
        {"type": "event", "event": "e17"}
        """
      Then "events.active" is ["e17"]

    @VL-EVENT-DECKS @VL-EVENT-EMPTY
    Scenario: A position loaded with an event reveal pending and the reserve empty reveals it
      Given a villagers game at step "reveal" with:
        """
        reserve = 0
        reveal = {"left": 1, "deck": "summer"}
        chance = {"kind": "event", "deck": "summer"}
        """
      When chance reveals:
        """
        {"type": "event", "event": "e3"}
        """
      Then "events.active" is ["e3"]

  Rule: VL-EVENT-SILVER-VALUE A silver card counts its value on the spot

    @VL-EVENT-SILVER-VALUE
    Scenario: A Wood Carver among a Cooper and a Cartwright is worth 13 and reveals one event
      Given a villagers game at step "events" with:
        """
        countess = Cooper, Cartwright
        """
      When chance reveals:
        """
        {"type": "draw", "card": "Wood Carver"}
        """
      Then "reveal.left" is 1

  Rule: VL-EVENT-FINAL The final round skips her build and the reveal

    @VL-EVENT-FINAL
    Scenario: With the second market card revealed the game goes straight to the markets
      Given a villagers game at step "events" with:
        """
        markets = {"first": "resolved", "second": "revealed"}
        reserve = 48
        """
      Then the game is over
      And the position has:
        """
        reserve = 48
        countess.village = []
        markets.second = "resolved"
        """

    # The final round is the one whose second market card is revealed (line 59); with only
    # the first one revealed she still builds from the reserve.
    @VL-EVENT-FINAL
    Scenario: With only the first market card revealed the Countess still builds
      Given a villagers game at step "events" with:
        """
        markets.first = "revealed"
        """
      Then the position has:
        """
        phase = "event"
        chance.kind = "countess_reveal"
        markets.second = "hidden"
        """

  Rule: VL-EVENT-EMPTY An empty reserve or deck reveals nothing more

    @VL-EVENT-EMPTY
    Scenario: With an empty reserve the Countess builds nothing and the next round begins
      Given a villagers game at step "events" with:
        """
        reserve = 0
        """
      Then the position has:
        """
        round = 2
        phase = "draft"
        countess.village = []
        events.active = []
        """

    @VL-EVENT-EMPTY
    Scenario: An exhausted summer deck reveals no more events
      Given a villagers game at step "reveal" with:
        """
        events.summer = []
        reveal = {"left": 2, "deck": "summer"}
        """
      # the two reveals still owed lapse with the deck: none is left to reveal
      Then the position has:
        """
        round = 2
        chance = null
        events.active = []
        reveal.left = 0
        """

  Rule: VL-EVENT-PAY-CAP Payments to the Countess stop at your supply

    @VL-EVENT-PAY-CAP
    Scenario: Tribute for five cards with only 3 gold takes the 3
      Given a villagers game at step "events" with:
        """
        events.active = ["e17"]
        player.gold = 3
        player.hand = ["Agent", "Brewer", "Cooper", "Cooper", "Fisher"]
        """
      When player 0 plays:
        """
        {"type": "resolve_event", "event": "e17"}
        """
      Then the position has:
        """
        player.gold = 0
        countess.gold = 4
        """
