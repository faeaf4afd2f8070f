Feature: Villagers solo end of the game

  Rule: VL-END-GAME The game ends after the second market

    @VL-END-GAME
    Scenario: After the second market nobody acts
      Given a villagers game at step "events" with:
        """
        markets = {"first": "resolved", "second": "revealed"}
        """
      Then the game is over
      And the position has:
        """
        phase = "over"
        step = "over"
        markets = {"first": "resolved", "second": "resolved"}
        """
      And the legal actions are exactly:
        """
        []
        """

    @VL-END-GAME
    Scenario: A position with the second market resolved while the game goes on is refused
      Given a villagers game at step "build"
      # the five cards of the emptied rightmost stack moved to the reserve: 48 + 5
      When the position is loaded:
        """
        markets.second = "resolved"
        stacks.5 = {"known": [], "hidden": 0, "market": null}
        reserve = 53
        """
      Then the request is refused as malformed

    @VL-END-GAME @VL-END-WIN
    Scenario: Before the second market nobody has won yet
      Given a villagers game at step "build"
      Then the outcome has:
        """
        terminal = false
        scores = [8]
        winners = []
        """

  Rule: VL-END-WIN More gold than the Countess wins

    @VL-END-WIN
    Scenario: 22 gold against 14 wins
      Given a villagers game at step "events" with:
        """
        markets = {"first": "resolved", "second": "revealed"}
        player.gold = 20
        countess.gold = 10
        """
      Then the outcome has:
        """
        scores = [22]
        winners = [0]
        details.countess = 14
        """

    @VL-END-WIN
    Scenario: 12 gold against 14 loses
      Given a villagers game at step "events" with:
        """
        markets = {"first": "resolved", "second": "revealed"}
        player.gold = 10
        countess.gold = 10
        """
      Then the outcome has:
        """
        scores = [12]
        winners = []
        details.countess = 14
        """

  Rule: VL-END-TIE Equal gold

    @VL-END-TIE @reading:tie_break=countess
    Scenario: A tie at 14 is not more gold, so the Countess wins
      Given a villagers game at step "events" with:
        """
        markets = {"first": "resolved", "second": "revealed"}
        player.gold = 12
        countess.gold = 10
        """
      Then the outcome has:
        """
        scores = [14]
        winners = []
        details.countess = 14
        """

    @VL-END-TIE @reading:tie_break=fewest_villagers
    Scenario: With the fewest-villagers tie-break the smaller village wins the tie
      Given a villagers game at step "events" with:
        """
        options.tie_break = "fewest_villagers"
        markets = {"first": "resolved", "second": "revealed"}
        player.gold = 12
        countess.gold = 6
        countess = Cooper
        """
      # you: Founders alone; her: the Countess card and a Cooper (4 + 4)
      Then the outcome has:
        """
        scores = [14]
        winners = [0]
        details.countess = 14
        """

    @VL-END-TIE @reading:tie_break=fewest_villagers
    Scenario: With the fewest-villagers tie-break villages of equal size leave the tie to the Countess
      Given a villagers game at step "events" with:
        """
        options.tie_break = "fewest_villagers"
        markets = {"first": "resolved", "second": "revealed"}
        player.gold = 12
        countess.gold = 6
        village = Lumberjack
        countess = Cooper
        """
      # you: Founders (2) and a Lumberjack (0), two villagers; her: the Countess card and a
      # Cooper (4 + 4), two cards: neither has fewer, so the player does not win the tie
      Then the outcome has:
        """
        scores = [14]
        winners = []
        details.countess = 14
        """

    @VL-END-TIE @VL-END-WIN @reading:tie_break=fewest_villagers
    Scenario: With the fewest-villagers tie-break more gold still wins with the bigger village
      Given a villagers game at step "events" with:
        """
        options.tie_break = "fewest_villagers"
        markets = {"first": "resolved", "second": "revealed"}
        player.gold = 20
        countess.gold = 10
        village = Lumberjack ; Miner
        """
      # you: 20 + Founders 2 = 22 with three villagers; her: 10 + the Countess card 4 = 14
      # with one card. Gold is not tied, so the village sizes do not matter
      Then the outcome has:
        """
        scores = [22]
        winners = [0]
        details.countess = 14
        """

  Rule: VL-ROUND-ORDER A new round starts with the draft

    @VL-ROUND-ORDER
    Scenario: Without a market the next round begins with the draft
      Given a villagers game at step "events" with:
        """
        reserve = 0
        """
      Then the position has:
        """
        round = 2
        phase = "draft"
        step = "take"
        draft.taken = 0
        """

    # Draft, build, event, market: the event phase follows the build phase.
    @VL-ROUND-ORDER
    Scenario: Ending the build phase starts the event phase
      Given a villagers game at step "build"
      When player 0 plays:
        """
        {"type": "end_build"}
        """
      Then the position has:
        """
        round = 1
        phase = "event"
        """

    # Draft, build, event, market: a first market revealed during the draft pays after the
    # event phase (lines 54-66), not as the build phase ends.
    @VL-ROUND-ORDER
    Scenario: Ending the build phase with the first market revealed pays nothing yet
      Given a villagers game at step "build" with:
        """
        markets.first = "revealed"
        village = Miner > Blacksmith(4) ; Harvester
        """
      When player 0 plays:
        """
        {"type": "end_build"}
        """
      Then the position has:
        """
        round = 1
        phase = "event"
        player.gold = 8
        markets.first = "revealed"
        """

    @VL-ROUND-ORDER
    Scenario Outline: An action of the wrong shape (<what>) is refused as malformed
      Given a villagers game at step "build" with:
        """
        player.hand = ["Harvester"]
        """
      When the action is applied:
        """
        <action>
        """
      Then the action is refused as malformed

      Examples:
        | what | action |
        | a second player | {"actor": 1, "type": "end_build"} |
        | an actor given as true | {"actor": true, "type": "end_build"} |
        | no type | {"actor": 0} |
        | an unknown type | {"actor": 0, "type": "pass"} |
        | not an object | ["end_build"] |

    @VL-ROUND-ORDER
    Scenario: A position with the build step in the draft phase is refused
      Given a villagers game at step "build"
      When the position is loaded:
        """
        phase = "draft"
        """
      Then the request is refused as malformed
