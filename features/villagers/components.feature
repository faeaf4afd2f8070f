Feature: Villagers component data

  Rule: VL-COMP-CARDS The villager cards of the base set

    @VL-COMP-CARDS
    Scenario: A Truffler goes on a Swineherd and is unlocked by a Hunter
      Given a villagers game at step "build" with:
        """
        player.hand = ["Truffler"]
        village = Hunter ; Swineherd
        """
      Then the legal actions do not include:
        """
        {"type": "build", "card": "Truffler", "column": null}
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Truffler", "column": 1}
        """
      Then the village is "Hunter(2) ; Swineherd > Truffler"

    # The Milk Maid shows two food icons (components.yaml, facts §2.4): with the Grazier's
    # one (covered, but counted: VL-ICONS-COVERED) the village has 3, and the draft repeats
    # 2 + 3 = 5 times (line 35).
    @VL-COMP-CARDS @reading:icons_count_covered=true
    Scenario: A Milk Maid on a Grazier gives three food icons and five drafts
      Given a villagers game at step "countess_build" with:
        """
        reserve = 0
        village = Hayer > Grazier > Milk Maid
        """
      Then "draft.limit" is 5

    # The Fisher is padlocked by the Shipwright (components.yaml, facts §2.4). With no
    # Shipwright in either village, building it costs 2 gold from the supply to the bank
    # (line 52): 8 - 2 = 6. Tagged VL-LOCK-BANK too: the check is that clause's payment.
    @VL-COMP-CARDS @VL-LOCK-BANK @until:example-bank-lock-three
    Scenario: A Fisher is padlocked by the Shipwright: with none anywhere it costs 2 gold
      Given a villagers game at step "build" with:
        """
        player.hand = ["Fisher"]
        village = Lumberjack
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Fisher", "column": null}
        """
      Then the village is "Lumberjack ; Fisher"
      And the position has:
        """
        player.gold = 6
        countess.gold = 1
        """

    @VL-COMP-CARDS
    Scenario Outline: A card draw of the wrong shape (<what>) is refused as malformed
      Given a villagers game at step "countess" with:
        """
        chance = {"kind": "square", "stack": 2}
        """
      When chance reveals:
        """
        <action>
        """
      Then the action is refused as malformed

      Examples:
        | what | action |
        | no card named | {"type": "draw"} |
        | an event revealed instead | {"type": "event", "card": "Cooper"} |
        | a card given as a number | {"type": "draw", "card": 5} |

  Rule: VL-COMP-COPIES Two copies of each base villager

    @VL-COMP-COPIES
    Scenario: The first card of the hand is a Jeweler with probability 2 in 78
      Given a new "villagers" game with 1 player
      Then chance draws "Jeweler" with probability "1/39"

    @VL-COMP-COPIES
    Scenario: A position with a third Cooper is refused
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper", "Cooper"]
        """
      When the position is loaded:
        """
        player.square = ["Cooper"]
        """
      Then the request is refused as malformed

    @VL-COMP-COPIES
    Scenario: A position in which both Coopers have vanished is refused
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper", "Cooper"]
        """
      When the position is loaded:
        """
        player.hand = []
        """
      Then the request is refused as malformed

    @VL-COMP-COPIES
    Scenario: A position with a third copy of six villagers is refused
      Given a villagers game at step "build"
      # every copy of these six is still face down, so each one in hand is one too many
      When the position is loaded:
        """
        player.hand = ["Agent", "Brewer", "Cooper", "Fisher", "Hunter", "Mason"]
        """
      Then the request is refused as malformed

    # Both copies built in the village are the game's two Coopers: one more in hand is a third.
    @VL-COMP-COPIES
    Scenario: With both Coopers built in the village a Cooper in hand is refused
      Given a villagers game at step "build" with:
        """
        village = Lumberjack > Cooper ; Lumberjack > Cooper
        """
      When the position is loaded:
        """
        player.hand = ["Cooper"]
        """
      Then the request is refused as malformed

    @VL-COMP-COPIES
    Scenario: A third Cooper beside one built in the village is refused
      Given a villagers game at step "build" with:
        """
        village = Lumberjack > Cooper
        player.hand = ["Cooper"]
        """
      When the position is loaded:
        """
        player.square = ["Cooper"]
        """
      Then the request is refused as malformed

    # The box holds 2 Fishers (3 of a starting road villager, 10 of a basic villager): a
    # count of a billion is no position of the game, and an engine must refuse it without
    # first laying out a billion cards.
    @VL-COMP-COPIES
    Scenario Outline: A position with a billion <place> Fishers is refused
      Given a villagers game at step "build"
      When the position is loaded:
        """
        <field>.Fisher = 1000000000
        """
      Then the request is refused as malformed

      Examples:
        | place     | field   |
        | unseen    | unseen  |
        | discarded | discard |

    @VL-COMP-COPIES
    Scenario: With both Jewelers in hand no Jeweler can be drawn
      Given a villagers game at step "take" with:
        """
        player.hand = ["Jeweler", "Jeweler"]
        """
      When player 0 plays:
        """
        {"type": "take_stack", "stack": 2}
        """
      When chance reveals:
        """
        {"type": "draw", "card": "Jeweler"}
        """
      Then the action is rejected citing rule "VL-COMP-CARDS"

  Rule: VL-COMP-ROAD The starting road villagers

    @VL-COMP-ROAD
    Scenario: The starting road villagers are extra copies beyond the deck
      Given a new "villagers" game with 1 player
      Then the position has:
        """
        unseen.Swineherd = 2
        unseen.Carpenter = 2
        """

  Rule: VL-COMP-EVENTS Event seasons and timings

    @VL-COMP-EVENTS
    Scenario: Arson is a build-phase event and does not wait in the event phase
      Given a villagers game at step "events" with:
        """
        events.active = ["e15", "e17"]
        """
      Then the legal actions do not include:
        """
        {"type": "resolve_event", "event": "e15"}
        """
      And the legal actions include:
        """
        {"type": "resolve_event", "event": "e17"}
        """

    @VL-COMP-EVENTS
    Scenario: A position that has lost the summer event deck is refused
      Given a villagers game at step "build"
      When the position is loaded:
        """
        events.summer = []
        """
      Then the request is refused as malformed

    @VL-COMP-EVENTS
    Scenario: A position with an event both in force and still in its deck is refused
      Given a villagers game at step "build"
      When the position is loaded:
        """
        events.active = ["e3"]
        """
      Then the request is refused as malformed

  Rule: VL-COMP-COUNTESS-MARKET Her village scores like yours

    @VL-COMP-COUNTESS-MARKET @VL-COUNTESS-BUILD
    Scenario: Her covered-looking Wheeler and Cartwright both show their gold
      Given a villagers game at step "events" with:
        """
        markets.first = "revealed"
        reserve = 0
        countess = Wheeler, Cartwright
        """
      # Countess 4 + Wheeler 3 + Cartwright 9
      Then "countess.gold" is 17

  Rule: VL-COMP-BANK The bank never runs out

    # The box holds 150 coins; the rulebook pays every market "from the bank" without a limit,
    # so the ruling reads the bank as endless: with 200 coins already in the player's supply
    # the first market still pays Founders 2 + Blacksmith 2 + its 4 coins in full.
    @VL-COMP-BANK @VL-MARKET-FIRST
    Scenario: A market pays in full though the coins in play exceed the box's 150
      Given a villagers game at step "events" with:
        """
        markets.first = "revealed"
        reserve = 0
        player.gold = 200
        village = Miner > Blacksmith(4)
        """
      Then "player.gold" is 208
